import {
  AUTH_MESSAGES,
  LOGIN_MAX_ACCOUNT_FAILURES,
  LOGIN_MAX_ADDRESS_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_MS,
} from '@eusulan/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { limitAddressOf } from './login-limits.ts';

/**
 * Sign-in limits per address, per account and per both (OWASP ASVS 5.0 V6.3.1), each over the requests'
 * own addresses (Fastify inject's remoteAddress), so one test's failures never reach another's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const attempt = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

/** Moves the failures recorded from an address back in time, as if the caller had waited that long. */
const waitAtAddress = (ipAddress: string, ms: number) =>
  t.db
    .update(loginFailures)
    .set({ createdAt: sql`${loginFailures.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(loginFailures.ipAddress, ipAddress));

const SLOWED = /^Terlalu banyak percobaan login yang gagal\. Silakan coba lagi dalam \d+ (detik|menit)\.$/;

describe('login limits', () => {
  it('limits password spraying: one address trying many usernames is slowed after the address limit', async () => {
    const address = '10.20.0.1';
    const victims = await Promise.all(Array.from({ length: 5 }, () => t.buildUser({ role: 'umum' })));
    const usernames = Array.from({ length: 30 }, (_, i) => victims[i]?.username ?? `penyemprot${i}`);
    const statuses: number[] = [];
    for (const username of usernames)
      statuses.push((await attempt(username, 'Rahasia2024', address)).statusCode);
    expect(statuses.slice(0, LOGIN_MAX_ADDRESS_FAILURES)).toEqual(
      Array(LOGIN_MAX_ADDRESS_FAILURES).fill(401),
    );
    expect(new Set(statuses.slice(LOGIN_MAX_ADDRESS_FAILURES))).toEqual(new Set([429]));

    // A refused attempt is not judged: even the right password waits, and says so in Indonesian.
    const victim = victims[0]!;
    const slowed = await attempt(victim.username, victim.password, address);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().status.message).toMatch(SLOWED);
    expect(slowed.json().status.message).toBe(
      AUTH_MESSAGES.tooManyAttempts(Number(slowed.headers['retry-after'])),
    );
    // Other addresses are not affected.
    expect((await attempt(victim.username, victim.password, '10.20.0.2')).statusCode).toBe(200);

    // After the wait one attempt is judged; its failure doubles the next wait.
    await waitAtAddress(address, LOGIN_SLOWDOWN_MS);
    expect((await attempt('penyemprot-baru', 'Rahasia2024', address)).statusCode).toBe(401);
    const next = await attempt('penyemprot-lagi', 'Rahasia2024', address);
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(LOGIN_SLOWDOWN_MS / 1000);
  });

  it('limits one account attacked from many addresses, yet its owner signs in where they did before', async () => {
    const owner = await t.buildUser({ role: 'structural' });
    const office = '10.30.9.9';
    expect((await attempt(owner.username, owner.password, office)).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let i = 1; i <= 30; i += 1) {
      statuses.push((await attempt(owner.username, `Tebakan${i}xyz`, `10.31.0.${i}`)).statusCode);
    }
    expect(statuses.slice(0, LOGIN_MAX_ACCOUNT_FAILURES)).toEqual(
      Array(LOGIN_MAX_ACCOUNT_FAILURES).fill(401),
    );
    expect(new Set(statuses.slice(LOGIN_MAX_ACCOUNT_FAILURES))).toEqual(new Set([429]));
    // From a new address even the right password waits; from the office it goes through at once.
    expect((await attempt(owner.username, owner.password, '10.31.1.1')).statusCode).toBe(429);
    expect((await attempt(owner.username, owner.password, office)).statusCode).toBe(200);
  });

  it('lets a colleague behind the same office address in while others there fail many times', async () => {
    const office = '10.40.0.1';
    const colleague = await t.buildUser({ role: 'admin' });
    const newcomer = await t.buildUser({ role: 'umum' });
    const others = await Promise.all(Array.from({ length: 3 }, () => t.buildUser({ role: 'umum' })));
    expect((await attempt(colleague.username, colleague.password, office)).statusCode).toBe(200);

    for (let i = 0; i < 30; i += 1) {
      const username = i < 9 ? (others[i % 3]?.username ?? '') : `salahketik${i}`;
      await attempt(username, 'BukanPassword1', office);
    }
    // Signed in from this address before: not held back by the address's failures at all.
    expect((await attempt(colleague.username, colleague.password, office)).statusCode).toBe(200);
    // Never signed in from here: slowed, not locked; after the wait the right password goes through.
    const slowed = await attempt(newcomer.username, newcomer.password, office);
    expect(slowed.statusCode).toBe(429);
    await waitAtAddress(office, Number(slowed.headers['retry-after']) * 1000);
    expect((await attempt(newcomer.username, newcomer.password, office)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, in which one machine may pick any address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_MAX_ADDRESS_FAILURES + 2; i += 1) {
      const address = `2001:db8:60:1:${i.toString(16)}:0:0:${(i * 7).toString(16)}`;
      statuses.push((await attempt(`semprot-v6-${i}`, 'Rahasia2024', address)).statusCode);
    }
    expect(statuses.slice(LOGIN_MAX_ADDRESS_FAILURES)).toEqual([429, 429]);
    // The next /64 is another network.
    expect((await attempt('semprot-v6-lain', 'Rahasia2024', '2001:db8:60:2::1')).statusCode).toBe(401);

    // Its owner's next privacy address in the same /64 is still where they signed in before.
    const owner = await t.buildUser({ role: 'umum' });
    expect((await attempt(owner.username, owner.password, '2001:db8:70:1::a')).statusCode).toBe(200);
    for (let i = 1; i <= LOGIN_MAX_ACCOUNT_FAILURES; i += 1) {
      await attempt(owner.username, `Tebakan${i}xyz`, `2001:db8:71:${i.toString(16)}::1`);
    }
    expect((await attempt(owner.username, owner.password, '2001:db8:70:1::b')).statusCode).toBe(200);
  });

  it('does not slow a newcomer for colleagues mistyping their own passwords where they sign in', async () => {
    const office = '10.70.0.1';
    const colleagues = [];
    for (let i = 0; i <= LOGIN_MAX_ADDRESS_FAILURES; i += 1) {
      const colleague = await t.buildUser({ role: 'umum' });
      expect((await attempt(colleague.username, colleague.password, office)).statusCode).toBe(200);
      colleagues.push(colleague);
    }
    for (const colleague of colleagues) {
      expect((await attempt(colleague.username, 'SalahKetik12', office)).statusCode).toBe(401);
    }
    const newcomer = await t.buildUser({ role: 'umum' });
    expect((await attempt(newcomer.username, newcomer.password, office)).statusCode).toBe(200);
  });

  it('does not count an owner’s mistypes at their own office against them elsewhere', async () => {
    const owner = await t.buildUser({ role: 'structural' });
    const office = '10.80.0.1';
    expect((await attempt(owner.username, owner.password, office)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) {
      expect((await attempt(owner.username, 'SalahKetik12', office)).statusCode).toBe(401);
    }
    const fromElsewhere = LOGIN_MAX_ACCOUNT_FAILURES - LOGIN_MAX_FAILURES + 1;
    for (let i = 1; i <= fromElsewhere; i += 1) {
      expect((await attempt(owner.username, `Tebakan${i}xyz`, `10.81.0.${i}`)).statusCode).toBe(401);
    }
    // Away from the office the account counts only failures from addresses it never signed in from.
    expect((await attempt(owner.username, owner.password, '10.82.0.1')).statusCode).toBe(200);
  });

  it('slows rather than locks one account guessed from its owner’s own address', async () => {
    const address = '10.50.0.1';
    const user = await t.buildUser({ role: 'umum' });
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await attempt(user.username, 'SalahTebak99', address)).statusCode).toBe(401);
    }
    const slowed = await attempt(user.username, user.password, address);
    expect(slowed.statusCode).toBe(429);
    const seconds = Number(slowed.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(LOGIN_SLOWDOWN_MS / 1000);
    expect(slowed.json().status.message).toBe(AUTH_MESSAGES.tooManyAttempts(seconds));

    // Half a minute later, not a quarter of an hour, the owner is in.
    await waitAtAddress(address, LOGIN_SLOWDOWN_MS);
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
  });

  // PGlite keeps time by this process's clock, so only a database server can disagree with it.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'keeps recent failures when a server whose clock runs ahead prunes old ones',
    async () => {
      const address = '10.60.0.1';
      const user = await t.buildUser({ role: 'umum' });
      for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
        expect((await attempt(user.username, 'SalahTebak99', address)).statusCode).toBe(401);
      }
      // Someone else signs in through a server whose clock is 20 minutes ahead of the database's.
      const other = await t.buildUser({ role: 'umum' });
      const realNow = Date.now;
      vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 20 * 60 * 1000);
      try {
        expect((await attempt(other.username, other.password, '10.60.0.2')).statusCode).toBe(200);
      } finally {
        vi.restoreAllMocks();
      }
      expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
    },
  );
});

describe('the address the limits count by', () => {
  it('is an IPv4 address as it is, also as a dual-stack socket reports it, and an IPv6 address’s /64', () => {
    expect(limitAddressOf('10.1.2.3')).toBe('10.1.2.3');
    expect(limitAddressOf('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(limitAddressOf('::ffff:a01:203')).toBe('10.1.2.3');
    expect(limitAddressOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(limitAddressOf('2001:DB8:1:2::ffff:1.2.3.4')).toBe('2001:db8:1:2::/64');
    expect(limitAddressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddressOf('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
    expect(limitAddressOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddressOf('unknown')).toBe('unknown');
  });
});

describe('login limits behind a reverse proxy (TRUST_PROXY=1)', () => {
  it('counts each client by the address the proxy saw, whatever X-Forwarded-For the client forged', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      // The proxy (the socket) appends the address it saw; anything before it came from the client.
      const attemptVia = (username: string, forged: string, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password: 'Rahasia2024' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `${forged}, ${client}` },
        });
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_MAX_ADDRESS_FAILURES + 3; i += 1) {
        statuses.push((await attemptVia(`semprot${i}`, `198.51.100.${i}`, '203.0.113.5')).statusCode);
      }
      expect(statuses.slice(LOGIN_MAX_ADDRESS_FAILURES)).toEqual([429, 429, 429]);
      // Another client behind the same proxy is counted on its own.
      expect((await attemptVia('semprot-lain', '198.51.100.1', '203.0.113.6')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
