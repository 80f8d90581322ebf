import { LANDING_ROUTE, type TRole } from '@eusulan/shared';
import type { Profile } from '../features/auth/profile.ts';

export type AccessDecision = 'login' | 'load-profile' | 'forbidden' | 'allow';

/** Spec §2 route guard, for routes that need a signed-in user. `roles` empty: any signed-in user. */
export function decideAccess(
  hasToken: boolean,
  profile: Pick<Profile, 'isLoggedIn' | 'roleId'>,
  roles: readonly TRole[],
): AccessDecision {
  if (!hasToken) return 'login';
  if (!profile.isLoggedIn || !profile.roleId) return 'load-profile';
  if (roles.length > 0 && !roles.includes(profile.roleId)) return 'forbidden';
  return 'allow';
}

/** Guest-only routes (/login, /contact-us, /privacy-policy) send a stored token home. */
export function decideGuestAccess(hasToken: boolean): 'home' | 'allow' {
  return hasToken ? 'home' : 'allow';
}

export const FORBIDDEN_PATH = '/403';
export const NOT_FOUND_PATH = '/404';
export const LOGIN_PATH = '/login';

/** Spec §2 landing redirect at /: each role has its first screen; an unknown role has none. */
export function landingPathFor(role: TRole | null): string {
  return role && role in LANDING_ROUTE ? LANDING_ROUTE[role] : FORBIDDEN_PATH;
}
