import { useSyncExternalStore } from 'react';

/** The spec keeps the access token in localStorage under this key (spec §7). */
export const TOKEN_KEY = 'token';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function readStorage(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return readStorage();
}

export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

/** Keys of work typed but not yet saved on the server (the survey form's device copies). */
export const UNSAVED_WORK_PREFIX = 'survey-draft:';

/**
 * Spec §4/§8: sign-out, 401 and password change clear local storage, not only the token. With
 * `keepUnsavedWork` (a 401: the token expired mid-survey) the survey form's device copies stay, so the
 * consultant who signs in again finds what was typed; they are keyed by user, so nobody else restores them.
 */
export function clearStorage(options: { keepUnsavedWork?: boolean } = {}): void {
  if (options.keepUnsavedWork) {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(UNSAVED_WORK_PREFIX)) localStorage.removeItem(key);
    }
  } else {
    localStorage.clear();
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing out must sign this one out too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering when it is saved or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readStorage, () => null);
}
