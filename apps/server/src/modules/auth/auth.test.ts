import { AUTH_MESSAGES, LOGIN_MAX_FAILURES } from '@eusulan/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, buildProposal } from '../../../test/factories.ts';
import { createTestApp, type TestApp, withoutRequestId } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { captchaUses, users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/me', headers });

describe('POST /api/auth/login', () => {
  it('answers a token that opens /api/auth/me with the spec user object', async () => {
    const user = await t.buildUser({ role: 'consultan', consultantType: 'internal' });
    const response = await t.login(user.username.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const token = response.json().data.auth.accessToken;
    expect(token).toMatch(/^v1\./);

    const profile = await me({ authorization: `Bearer ${token}` });
    expect(profile.statusCode).toBe(200);
    const data = profile.json().data;
    expect(data).toMatchObject({
      id: user.id,
      name: user.name,
      role: { slug: 'consultan', name: 'Rayon' },
      userable: {
        consultantType: 'internal',
        consultantTypeName: 'Internal',
        district: { name: expect.any(String) },
      },
    });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$argon2/);
  });

  it('refuses a wrong password and an unknown username alike with 401', async () => {
    const user = await t.buildUser({ role: 'umum' });
    for (const [username, password] of [
      [user.username, 'salahsalah1'],
      ['tidakada', 'apasaja123'],
    ] as const) {
      const response = await t.login(username, password);
      expect(response.statusCode).toBe(401);
      expect(response.json().status.message).toBe(AUTH_MESSAGES.badCredentials);
    }
  });

  it('refuses a deactivated user like a wrong password, so its password cannot be tested', async () => {
    const user = await t.buildUser({ role: 'structural', isActive: false });
    const right = await t.login(user.username, user.password);
    const wrong = await t.login(user.username, 'salahsalah1');
    expect(right.statusCode).toBe(401);
    expect(withoutRequestId(right)).toEqual(withoutRequestId(wrong));
  });

  it('answers odd input with 4xx, never 500: long names, NUL bytes, whitespace passwords, arrays', async () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
    expect((await post({ username: 'x'.repeat(100), password: 'salahsalah1' })).statusCode).toBe(422);
    expect((await post({ username: 'ad\u0000min', password: 'salahsalah1' })).statusCode).toBe(422);
    const blank = await post({ username: 'admin', password: '   ' });
    expect(blank.json().errors).toEqual({ password: [AUTH_MESSAGES.passwordRequired] });
    const array = await post([1, 2]);
    expect(array.json().errors).toEqual({ body: ['Format data tidak valid.'] });
    expect((await post({ username: 'admin', password: 'x', recaptcha: 5 })).json().errors).toEqual({
      recaptcha: [AUTH_MESSAGES.captchaInvalid],
    });
  });

  it('counts parallel wrong logins, so a burst cannot get past the limit', async () => {
    const user = await t.buildUser({ role: 'umum' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: 'salahsalah1' },
          remoteAddress: '10.0.0.9',
        }),
      ),
    );
    const unauthorized = responses.filter((response) => response.statusCode === 401).length;
    expect(unauthorized).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(responses.filter((response) => response.statusCode === 429).length).toBe(20 - unauthorized);
  });

  it('takes logout with a JSON content type and an empty body', async () => {
    const { headers } = await t.signIn('umum');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('answers 422 with the spec messages for empty fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '  ', password: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      username: [AUTH_MESSAGES.usernameRequired],
      password: [AUTH_MESSAGES.passwordRequired],
    });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bukan json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status.message).toBe('Format data tidak valid.');
  });

  it('slows a username and address after repeated failures with 429, other addresses still pass', async () => {
    const user = await t.buildUser({ role: 'umum' });
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password },
        remoteAddress,
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await attempt('salahsalah1', '10.0.0.7')).statusCode).toBe(401);
    }
    const blocked = await attempt(user.password, '10.0.0.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().status.message).toMatch(/^Terlalu banyak percobaan login.* \d+ detik\.$/);
    expect((await attempt(user.password, '10.0.0.8')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const user = await t.buildUser({ role: 'umum' });
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) await t.login(user.username, 'salahsalah1');
    expect((await t.login(user.username, user.password)).statusCode).toBe(200);
    expect((await t.login(user.username, 'salahsalah1')).statusCode).toBe(401);
    expect((await t.login(user.username, user.password)).statusCode).toBe(200);
  });
});

describe('session tokens', () => {
  it('answers 401 without a token, with a forged one and with an unknown one', async () => {
    expect((await me({})).statusCode).toBe(401);
    expect((await me({ authorization: 'Bearer v1.abc.def' })).statusCode).toBe(401);
    const { token } = await t.signIn('umum');
    const [prefix, body] = token.split('.');
    const forged = `${prefix}.${body}.${'A'.repeat(43)}`;
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it('is revoked by logout', async () => {
    const { headers } = await t.signIn('admin');
    expect((await me(headers)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('stops working when the user is deactivated', async () => {
    const { user, headers } = await t.signIn('structural');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('PUT /api/auth/change-password', () => {
  const change = (headers: Record<string, string>, payload: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers, payload });

  it('changes the password, ends every session, and the new password logs in', async () => {
    const { user, headers } = await t.signIn('umum');
    const other = await t.login(user.username, user.password);
    const otherHeaders = { authorization: `Bearer ${other.json().data.auth.accessToken}` };
    const response = await change(headers, {
      currentPassword: user.password,
      newPassword: 'BaruSekali99',
      newPasswordConfirmation: 'BaruSekali99',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status.message).toBe(AUTH_MESSAGES.changePasswordSuccess);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me(otherHeaders)).statusCode).toBe(401);
    expect((await t.login(user.username, user.password)).statusCode).toBe(401);
    expect((await t.login(user.username, 'BaruSekali99')).statusCode).toBe(200);
  });

  it('judges a wrong current password, a weak password and a mismatch with 422 and keeps the old password', async () => {
    const { user, headers } = await t.signIn('umum');
    const wrongCurrent = await change(headers, {
      currentPassword: 'bukanpassword1',
      newPassword: 'BaruSekali99',
      newPasswordConfirmation: 'BaruSekali99',
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().errors).toEqual({ currentPassword: [AUTH_MESSAGES.currentPasswordWrong] });

    const weak = await change(headers, {
      currentPassword: user.password,
      newPassword: 'pendek',
      newPasswordConfirmation: 'lain',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({
      newPassword: [AUTH_MESSAGES.newPasswordTooShort, AUTH_MESSAGES.newPasswordWeak],
      newPasswordConfirmation: [AUTH_MESSAGES.confirmationMismatch],
    });
    expect((await me(headers)).statusCode).toBe(200);
    expect((await t.login(user.username, user.password)).statusCode).toBe(200);
  });

  it('lets a user with a forced change reach only me, change-password and logout', async () => {
    const { user, headers } = await t.signIn('consultan', { mustChangePassword: true });
    const profile = await me(headers);
    expect(profile.json().data.mustChangePassword).toBe(true);
    const blocked = await t.app.inject({ method: 'GET', url: '/api-web/need-approval', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().status.message).toBe(AUTH_MESSAGES.mustChangePassword);
    await change(headers, {
      currentPassword: user.password,
      newPassword: 'Ganti12345',
      newPasswordConfirmation: 'Ganti12345',
    });
    const again = await t.login(user.username, 'Ganti12345');
    const freshHeaders = { authorization: `Bearer ${again.json().data.auth.accessToken}` };
    expect((await me(freshHeaders)).json().data.mustChangePassword).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api-web/need-approval', headers: freshHeaders }))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /api-web/need-approval', () => {
  it('refuses roles other than consultan and structural with 403', async () => {
    for (const role of ['admin', 'umum'] as const) {
      const { headers } = await t.signIn(role);
      const response = await t.app.inject({ method: 'GET', url: '/api-web/need-approval', headers });
      expect(response.statusCode).toBe(403);
    }
  });

  it('flags the types with unverified proposals of the consultant, and surveyed ones for structural', async () => {
    const consultant = await t.signIn('consultan');
    const structural = await t.signIn('structural');
    const { villageId } = await buildPlace(t.db);
    const consultantId = consultant.user.consultantId!;
    await buildProposal(t.db, { villageId, consultantId, proposalType: 'pokir', statusType: 'unverified' });
    await buildProposal(t.db, { villageId, consultantId, proposalType: 'taruna', statusType: 'surveyed' });
    const flags = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api-web/need-approval', headers })).json().data;
    expect(await flags(consultant.headers)).toEqual({
      taruna: false,
      umum: false,
      pokir: true,
      musrenbang: false,
    });
    expect(await flags(structural.headers)).toMatchObject({ taruna: true, pokir: false });
    const otherConsultant = await t.signIn('consultan');
    expect(await flags(otherConsultant.headers)).toEqual({
      taruna: false,
      umum: false,
      pokir: false,
      musrenbang: false,
    });
  });
});

describe('health and unknown routes', () => {
  it('answers app-info with the agency identity and the map tiles, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app-info' });
    expect(response.statusCode).toBe(200);
    const info = response.json().data;
    expect(info.appName).toBe(t.app.ctx.config.APP_NAME);
    expect(info.mapTileUrl).toBe(t.app.ctx.config.MAP_TILE_URL);
    expect(info.mapTileUrl).toContain('{z}');
    expect(info.mapTileAttribution).toBe(t.app.ctx.config.MAP_TILE_ATTRIBUTION);
  });

  it('answers health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api-web/tidak-ada' });
    expect(response.statusCode).toBe(404);
    expect(response.json().status.message).toBe('Request/Resource not found!');
  });
});

describe('altcha bot check', () => {
  let altcha: TestApp;
  beforeAll(async () => {
    altcha = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' });
  });
  afterAll(async () => {
    await altcha.close();
  });

  async function solvedPayload() {
    const challenge = (await altcha.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('tells the login page which widget to render', async () => {
    const response = await altcha.app.inject({ method: 'GET', url: '/api/auth/captcha-config' });
    expect(response.json().data).toEqual({
      provider: 'altcha',
      siteKey: null,
      challengeUrl: '/api/auth/captcha',
    });
  });

  it('refuses a missing or forged solution with 422 Captcha tidak valid!', async () => {
    const user = await altcha.buildUser({ role: 'umum' });
    for (const recaptcha of ['', Buffer.from('{"challenge":{},"solution":{}}').toString('base64')]) {
      const response = await altcha.login(user.username, user.password, { recaptcha });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ recaptcha: [AUTH_MESSAGES.captchaInvalid] });
    }
  });

  it('accepts a solved challenge once', async () => {
    const user = await altcha.buildUser({ role: 'umum' });
    const recaptcha = await solvedPayload();
    expect((await altcha.login(user.username, user.password, { recaptcha })).statusCode).toBe(200);
    expect((await altcha.login(user.username, user.password, { recaptcha })).statusCode).toBe(422);
  });

  it('refuses a solution spent on one server when it is sent to another on the same database', async () => {
    const other = await buildApp(altcha.config, altcha.database);
    try {
      const user = await altcha.buildUser({ role: 'umum' });
      const recaptcha = await solvedPayload();
      expect((await altcha.login(user.username, user.password, { recaptcha })).statusCode).toBe(200);
      const replayed = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: user.password, recaptcha },
      });
      expect(replayed.statusCode).toBe(422);
      expect(replayed.json().errors).toEqual({ recaptcha: [AUTH_MESSAGES.captchaInvalid] });
    } finally {
      await other.close();
    }
  });

  it('clears spent challenges once they have expired', async () => {
    await altcha.db
      .insert(captchaUses)
      .values({ challengeId: 'kedaluwarsa', expiresAt: new Date(Date.now() - 60_000) });
    const user = await altcha.buildUser({ role: 'umum' });
    const recaptcha = await solvedPayload();
    expect((await altcha.login(user.username, user.password, { recaptcha })).statusCode).toBe(200);
    const left = await altcha.db.select({ challengeId: captchaUses.challengeId }).from(captchaUses);
    expect(left.map((row) => row.challengeId)).not.toContain('kedaluwarsa');
    expect(left.length).toBeGreaterThan(0);
  });
});
