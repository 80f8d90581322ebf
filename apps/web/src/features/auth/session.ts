import type { TAuthUser } from '@eusulan/shared';
import { queryClient } from '../../lib/query-client.ts';
import { clearStorage, saveToken } from '../../lib/session.ts';
import { authApi } from './api.ts';
import { profileFromAuthUser } from './profile.ts';
import { setProfile } from './profile-store.ts';

/** Stores the token of a successful login and, when the answer carries the user, the profile too. */
export function startSession(accessToken: string, user?: TAuthUser): void {
  saveToken(accessToken);
  setProfile(user ? profileFromAuthUser(user) : null);
}

/**
 * Logout, 401, a failed profile load and a password change all end the same way (spec §4, §8); when the
 * session merely expired, unsaved survey work stays on the device (see clearStorage).
 */
export function endSession(reason: 'signed-out' | 'expired' = 'signed-out'): void {
  clearStorage({ keepUnsavedWork: reason === 'expired' });
  setProfile(null);
  // Cached answers belong to the user who just left.
  queryClient.clear();
}

let pendingProfile: Promise<void> | null = null;

/**
 * The guard's current-user call for a stored token without a profile. Concurrent callers share one
 * request; on any failure the session ends, which sends the guard to /login.
 */
export function loadProfile(): Promise<void> {
  pendingProfile ??= authApi
    .me()
    .then((envelope) => setProfile(profileFromAuthUser(envelope.data)))
    .catch(() => endSession())
    .finally(() => {
      pendingProfile = null;
    });
  return pendingProfile;
}
