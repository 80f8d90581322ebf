import { LOGIN_MAX_FAILURES } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp, withoutRequestId } from './helpers.ts';

/** Tokens and passwords, beyond the auth module's own tests. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (authorization: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  it('refuses unsigned JWTs (alg none), claims swapped under a valid signature, and other users forged', async () => {
    const admin = await t.signIn('admin');
    const umum = await t.signIn('umum');
    const [prefix, body, signature] = admin.token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as {
      sid: string;
      sub: number;
    };
    const umumClaims = JSON.parse(Buffer.from(umum.token.split('.')[1] ?? '', 'base64url').toString());
    const forged = [
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: claims.sub, exp: 9_999_999_999 })}.`,
      `${base64url({ alg: 'HS256', typ: 'JWT' })}.${body}.${signature}`,
      `${prefix}.${body}.`,
      `${prefix}.${base64url({ ...claims, sub: umumClaims.sub })}.${signature}`,
      `${prefix}.${base64url({ ...umumClaims, exp: 9_999_999_999 })}.${signature}`,
      `${prefix}.${base64url({ ...claims, sid: umumClaims.sid })}.${signature}`,
    ];
    for (const token of forged) expect((await me(`Bearer ${token}`)).statusCode, token).toBe(401);
    expect((await me(admin.headers.authorization)).statusCode).toBe(200);
  });
});

describe('passwords', () => {
  it('stores argon2id hashes with at least 19 MiB of memory and 2 passes', async () => {
    const user = await t.buildUser({ role: 'structural' });
    const [admin] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'admin'));
    for (const hash of [user.passwordHash, admin?.hash ?? '']) {
      const [, algorithm, , parameters] = hash.split('$');
      expect(algorithm).toBe('argon2id');
      const { m, t: passes } = Object.fromEntries(
        (parameters ?? '').split(',').map((pair) => pair.split('=') as [string, string]),
      );
      expect(Number(m)).toBeGreaterThanOrEqual(19 * 1024);
      expect(Number(passes)).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const user = await t.buildUser({ role: 'umum' });
    const wrong = await t.login(user.username, 'BukanIni123', {});
    const unknown = await t.login('tidak-ada-pengguna-ini', 'BukanIni123', {});
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(withoutRequestId(unknown)).toEqual(withoutRequestId(wrong));
  });
});

describe('login limit', () => {
  it('is counted across two instances on one database and survives a restart', async () => {
    const user = await t.buildUser({ role: 'umum' });
    const second = await buildApp(t.config, t.database);
    const attempt = (app: typeof t.app, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password },
        remoteAddress: '10.9.8.7',
      });
    try {
      // Failures alternate between the two instances; the limit is reached on their sum.
      for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
        expect((await attempt(i % 2 ? second : t.app, 'SalahLagi123')).statusCode).toBe(401);
      }
      expect((await attempt(second, user.password)).statusCode).toBe(429);
      expect((await attempt(t.app, user.password)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
    // A restart: a new app on the same database still refuses.
    const restarted = await buildApp(t.config, t.database);
    try {
      expect((await attempt(restarted, user.password)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('honours a logout made on the other instance', async () => {
    const second = await buildApp(t.config, t.database);
    try {
      const session = await t.signIn('structural');
      expect((await me(session.headers.authorization, second)).statusCode).toBe(200);
      await second.inject({ method: 'POST', url: '/api/auth/logout', headers: session.headers });
      expect((await me(session.headers.authorization)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
