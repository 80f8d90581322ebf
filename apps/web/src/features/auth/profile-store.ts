import { useSyncExternalStore } from 'react';
import { EMPTY_PROFILE, type Profile } from './profile.ts';

let current: Profile = EMPTY_PROFILE;
const listeners = new Set<() => void>();

export function getProfile(): Profile {
  return current;
}

/** Setting null clears every field (spec §3). */
export function setProfile(next: Profile | null): void {
  current = next ?? EMPTY_PROFILE;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useProfile(): Profile {
  return useSyncExternalStore(subscribe, getProfile, getProfile);
}
