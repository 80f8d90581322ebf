import type {
  TCaptchaProvider,
  TConsultantType,
  TProcessType,
  TProposalType,
  TRole,
  TStatusType,
} from './enums.ts';

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
  /** Satellite tile URL template for Leaflet ({z}/{x}/{y}) and its attribution (HTML). */
  mapTileUrl: string;
  mapTileAttribution: string;
  version: string;
}

/** A stored attachment as the detail shows it; link is a media URL the client adds ?token= to. */
export interface TProposalFile {
  id: number;
  name: string;
  ext: string;
  size: number;
  link: string;
}

/** A proposal row of every proposal list (spec §3 Proposal; DESIGN §3). */
export interface TProposalRow {
  id: number;
  proposalType: TProposalType;
  proposalTypeName: string;
  proposalDate: string;
  /** proposalDate as DD-MM-YYYY. */
  date: string;
  createdAt: string;
  proposerName: string;
  phoneNumber: string;
  road: { id: number; name: string } | null;
  village: { id: number; name: string; subdistrict: { id: number; name: string } };
  /** Two digits, or '-' when not given. */
  rtNumber: string;
  rwNumber: string;
  address: string;
  statusType: TStatusType;
  processType: TProcessType | null;
  processTypeName: string | null;
  /** How many other proposals were made at the same place (road, village, RT, RW). */
  historyCount: number;
  /** A submitted (non-draft) survey exists, so the report can be printed. */
  hasSurvey: boolean;
  consultant: { id: number; name: string; consultantType: TConsultantType; consultantTypeName: string };
}

/** GET proposal/{id}: the row plus files; the survey parts are filled once surveys exist. */
export interface TProposalDetail extends TProposalRow {
  proposalFiles: TProposalFile[];
  proposalFilesStruktural: TProposalFile[];
  /** The consultant's name as the surveyor of the Usulan tab. */
  surveyorName: string;
  /** Whether the signed-in user may edit the contact person (hidden from umum). */
  canEditContactPerson: boolean;
  /** Only while unverified, from the list (spec §4). */
  canEdit: boolean;
  /** The newest submitted survey (surveyed or finished proposals); null before the first submit. */
  survey: TSurvey | null;
  surveyHistories: TSurveyHistoryItem[];
}

/** POST proposal/import-template 400: one entry per bad row (spec §3 Import error item). */
export interface TImportError {
  /** The spreadsheet row (data starts on row 2); null for a problem of the whole file. */
  excelRow: number | null;
  errors: string[];
}

/** GET assigned-consultant row (spec §3 Assigned-consultant list item). */
export interface TAssignedConsultantRow {
  id: number;
  idHash: string;
  name: string;
  consultantType: TConsultantType;
  consultantTypeName: string;
  verification: { statusVerified: number; totalProposal: number };
  /** Active tasks (unverified or verified, not yet surveyed): the sort key of spec §7. */
  total_proposals: number;
}

/** A survey photo or video; link is a media URL the client adds ?token= to. */
export interface TSurveyMedia {
  id: number;
  name: string;
  ext: string;
  size: number;
  link: string;
}
export interface TSurveyPhoto extends TSurveyMedia {
  photoCategory: { id: number; name: string } | null;
}
export interface TSurveyVideo extends TSurveyMedia {
  description: string;
}

/** An ASB item of a surveyed road (spec §3); price and cost are null for umum (no nominal values). */
export interface TSurveyAsbItem {
  id: number | null;
  name: string;
  price: number | null;
  surveyRoadAsbSurveyor: { long: number; wide: number };
  cost: number | null;
}

export interface TSurveyRoad {
  id: number;
  drawLine: { lokasi: { startLat: number; startLon: number; endLat: number; endLon: number }[] };
  asbSurveyors: TSurveyAsbItem[];
  /** Sum of the road's item costs; null for umum. */
  total: number | null;
}

/** A survey (spec §3 Survey): the open draft, or a submitted one. id is null for a draft not yet saved. */
export interface TSurvey {
  id: number | null;
  proposalId: number;
  isDraft: boolean;
  createdAt: string | null;
  submittedAt: string | null;
  surveyorName: string | null;
  roadCondition: string;
  canalExisting: string;
  canalCondition: string;
  damageIdentification: string;
  suggestion: string;
  roadTypes: { id: number; name: string }[];
  surveyRoad: TSurveyRoad[];
  surveyPhotos: TSurveyPhoto[];
  surveyVideos: TSurveyVideo[];
  /** Sum over every road; null for umum. */
  total: number | null;
}

/** A submitted survey in the history selector (spec §3 Survey history item). */
export interface TSurveyHistoryItem {
  id: number;
  createdAt: string;
  roadTypes: { id: number; name: string }[];
  surveyRoad: TSurveyRoad[];
}
