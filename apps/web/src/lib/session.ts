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

/** Spec §4/§8: sign-out, 401 and password change clear all of local storage, not only the token. */
export function clearStorage(): void {
  localStorage.clear();
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
