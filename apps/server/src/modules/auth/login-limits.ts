import { isIPv6 } from 'node:net';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_ACCOUNT_FAILURES,
  LOGIN_MAX_ADDRESS_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_MS,
} from '@eusulan/shared';
import ipaddr from 'ipaddr.js';
import type { KeyFailures, RecentFailures } from './auth.queries.ts';

/**
 * When a key past its limit may be judged again (epoch ms): its last failure plus a wait that doubles with
 * each further failure, at most the window; 0 for a key within its limit.
 */
function readyAtOf(key: KeyFailures, limit: number): number {
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
    readyAtOf(recent.pair, LOGIN_MAX_FAILURES),
    isKnownAddress ? 0 : readyAtOf(recent.account, LOGIN_MAX_ACCOUNT_FAILURES),
    isKnownAddress ? 0 : readyAtOf(recent.address, LOGIN_MAX_ADDRESS_FAILURES),
  );
  return Math.max(0, readyAt - recent.now.getTime());
}

/**
 * The address the limits count by, and that a session remembers: an IPv4 address as it is (also when a
 * dual-stack socket reports it as ::ffff:a.b.c.d), an IPv6 address by its /64 network. One host commonly
 * holds a whole /64 and picks new addresses in it at will (SLAAC privacy addresses), so counting single
 * IPv6 addresses would let one machine spray passwords past the address limit, and would make its owner's
 * address new every day.
 */
export function limitAddressOf(ipAddress: string): string {
  // A zone (fe80::1%eth0) names the host's interface, not the address.
  const address = ipAddress.split('%')[0] ?? '';
  if (!isIPv6(address)) return ipAddress;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  return `${parsed.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
