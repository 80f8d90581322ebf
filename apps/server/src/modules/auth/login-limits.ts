import { isIPv6 } from 'node:net';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_ACCOUNT_FAILURES,
  LOGIN_MAX_ADDRESS_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_MS,
} from '@eusulan/shared';
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

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail as two groups, a zone dropped). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

/**
 * The address the limits count by, and that a session remembers: an IPv4 address as it is (also when a
 * dual-stack socket reports it as ::ffff:a.b.c.d), an IPv6 address by its /64 network. One host commonly
 * holds a whole /64 and picks new addresses in it at will (SLAAC privacy addresses), so counting single
 * IPv6 addresses would let one machine spray passwords past the address limit, and would make its owner's
 * address new every day.
 */
export function limitAddressOf(ipAddress: string): string {
  if (!isIPv6(ipAddress)) return ipAddress;
  const groups = ipv6Groups(ipAddress);
  const isIpv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isIpv4Mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
