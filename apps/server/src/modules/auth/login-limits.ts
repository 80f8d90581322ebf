import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_ACCOUNT_FAILURES,
  LOGIN_MAX_ADDRESS_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_MS,
} from '@eusulan/shared';
import type { RecentFailures } from './auth.queries.ts';

interface KeyFailures {
  failures: number;
  last: Date | null;
}

/** How long after its last failure a key past its limit waits: doubling with each failure, at most the window. */
function waitOf(key: KeyFailures, limit: number): number {
  if (key.failures < limit || !key.last) return 0;
  const doublings = Math.min(key.failures - limit, 16);
  const wait = Math.min(LOGIN_SLOWDOWN_MS * 2 ** doublings, LOGIN_FAILURE_WINDOW_MS);
  return key.last.getTime() + wait;
}

/**
 * Milliseconds the attempt has to wait before it is judged; 0 when it may be judged now. The username and
 * address together always count. A username that has signed in from this address before is spared the
 * limits of the account as a whole and of the address as a whole, so neither an attacker elsewhere nor a
 * colleague's failures behind the same office address slow its owner there.
 */
export function loginWait(recent: RecentFailures, isKnownAddress: boolean): number {
  const readyAt = Math.max(
    waitOf(recent.pair, LOGIN_MAX_FAILURES),
    isKnownAddress ? 0 : waitOf(recent.account, LOGIN_MAX_ACCOUNT_FAILURES),
    isKnownAddress ? 0 : waitOf(recent.address, LOGIN_MAX_ADDRESS_FAILURES),
  );
  return Math.max(0, readyAt - recent.now.getTime());
}
