import type { TCaptchaProvider, TConsultantType, TProposalType, TRole } from './enums.ts';

/** Every JSON body (DESIGN §3). */
export interface ApiEnvelope<TData = unknown, TMeta = undefined> {
  status: { code: number; message: string };
  data: TData;
  meta?: TMeta;
  errors?: Record<string, string[]>;
}

/** A consultant user's linked consultant, as the user list and the profile show it. */
export interface TConsultantUserable {
  id: number;
  code: string;
  name: string;
  consultantType: TConsultantType;
  consultantTypeName: string;
}

/** The server user object of spec §3, answered by POST /api/auth/me. */
export interface TAuthUser {
  id: number;
  name: string;
  username: string;
  mustChangePassword: boolean;
  role: { id: number; slug: TRole; name: string };
  userable: (TConsultantUserable & { district: { id: number; name: string } | null }) | null;
}

export interface TLoginResult {
  auth: { accessToken: string; tokenType: 'Bearer'; expiresAt: string };
  user: TAuthUser;
}

export type TNeedApproval = Record<TProposalType, boolean>;

/** GET /api/auth/captcha-config: what the login page must render. */
export interface TCaptchaConfig {
  provider: TCaptchaProvider;
  siteKey: string | null;
  challengeUrl: string | null;
}

/** GET /api/app-info: the agency identity the UI shows (configurable per city). */
export interface TAppInfo {
  appName: string;
  agencyName: string;
  departmentName: string;
  cityName: string;
  contactEmail: string;
  contactPhone: string;
  letterhead: string[];
  version: string;
}
