import { ROLE_NAMES, type TAuthUser, type TRole } from '@eusulan/shared';

/**
 * The signed-in user as the screens need it (spec §3 Profile). Field names follow the spec, including
 * its spelling of districtCounstant*, so the contract stays searchable.
 */
export interface Profile {
  uuid: number | null;
  /** The display name: 'Administrator' for admin, the consultant's name for consultan, else the user's. */
  name: string;
  roleId: TRole | null;
  roleName: string;
  consultantId: number | null;
  consultantInternal: boolean;
  districtCounstantId: number | null;
  districtCounstantName: string | null;
  isLoggedIn: boolean;
  /** A generated or reset password must be replaced before anything else works (server answers 403). */
  mustChangePassword: boolean;
}

export const EMPTY_PROFILE: Readonly<Profile> = Object.freeze({
  uuid: null,
  name: '',
  roleId: null,
  roleName: '',
  consultantId: null,
  consultantInternal: false,
  districtCounstantId: null,
  districtCounstantName: null,
  isLoggedIn: false,
  mustChangePassword: false,
});

export const ADMIN_DISPLAY_NAME = 'Administrator';

export function displayNameOf(user: TAuthUser): string {
  switch (user.role.slug) {
    case 'admin':
      return ADMIN_DISPLAY_NAME;
    case 'consultan':
      return user.userable?.name ?? user.name;
    default:
      return user.name;
  }
}

/** Maps the server user of POST /api/auth/me onto the client profile. */
export function profileFromAuthUser(user: TAuthUser): Profile {
  const consultant = user.role.slug === 'consultan' ? user.userable : null;
  const isInternal = consultant?.consultantType === 'internal';
  const district = isInternal ? (consultant?.district ?? null) : null;
  return {
    uuid: user.id,
    name: displayNameOf(user),
    roleId: user.role.slug,
    roleName: user.role.name || ROLE_NAMES[user.role.slug],
    consultantId: consultant?.id ?? null,
    consultantInternal: isInternal,
    districtCounstantId: district?.id ?? null,
    districtCounstantName: district?.name ?? null,
    isLoggedIn: true,
    mustChangePassword: user.mustChangePassword,
  };
}

/** The avatar letter of the user menu. */
export const initialOf = (name: string): string => name.trim().charAt(0).toUpperCase() || '?';
