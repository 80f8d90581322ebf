import type { TRole } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../src/lib/http-error.ts';
import { MATRIX, VARIANTS } from './access-table.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Every route of the API called as every kind of caller, checked against the access table
 * (access-table.ts). A route added without a row there fails the first test, so nobody ships a route whose
 * access was never decided.
 */

type Caller = 'admin' | 'consultanInternal' | 'consultanExternal' | 'structural' | 'umum';

const ROLE_OF: Record<Caller, TRole> = {
  admin: 'admin',
  consultanInternal: 'consultan',
  consultanExternal: 'consultan',
  structural: 'structural',
  umum: 'umum',
};
/** An id no row has: the role gate must answer before any lookup could. */
const MISSING_ID = '987654';

let t: TestApp;
const routes: string[] = [];
const bearer: Record<Caller | 'revoked' | 'expired', string> = {
  admin: '',
  consultanInternal: '',
  consultanExternal: '',
  structural: '',
  umum: '',
  revoked: '',
  expired: '',
};

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      },
    },
  );
  bearer.admin = (await t.signIn('admin')).token;
  bearer.consultanInternal = (await t.signIn('consultan', { consultantType: 'internal' })).token;
  bearer.consultanExternal = (await t.signIn('consultan', { consultantType: 'external' })).token;
  bearer.structural = (await t.signIn('structural')).token;
  bearer.umum = (await t.signIn('umum')).token;
  // A token whose session was ended by logout.
  const revoked = await t.signIn('admin');
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: revoked.headers });
  bearer.revoked = revoked.token;
  // A well-signed token of a live session, past its expiry.
  const live = await t.signIn('admin');
  const claims = JSON.parse(Buffer.from(live.token.split('.')[1] ?? '', 'base64url').toString());
  bearer.expired = t.app.ctx.tokens.issue({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 });
});
afterAll(async () => {
  await t?.close();
});

/** One call with an empty JSON body (the gate runs before any body is read). */
async function call(route: string, token?: string) {
  const [method = 'GET', url = ''] = route.split(' ');
  const response = await t.app.inject({
    method: method as 'GET',
    url: url.replace(/:[a-zA-Z]+/g, MISSING_ID),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  const body = isJson ? (response.json() as { status?: { message?: string } }) : null;
  return { status: response.statusCode, message: body?.status?.message };
}

/** The sign-out rows run last: they end the caller's session. */
const ordered = () =>
  [...routes].sort((a, b) => Number(a === 'POST /api/auth/logout') - Number(b === 'POST /api/auth/logout'));

describe('authorization matrix', () => {
  it('has a row for every route and no row for a route that is gone', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(
      routes.filter((route) => !(route in MATRIX)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it('refuses every protected route without a token, with a revoked one and with an expired one (401)', async () => {
    const wrong: string[] = [];
    for (const route of ordered()) {
      if (MATRIX[route] === 'public') continue;
      for (const [who, token] of [
        ['no token', undefined],
        ['revoked', bearer.revoked],
        ['expired', bearer.expired],
        ['bad signature', `${bearer.admin.slice(0, -4)}AAAA`],
      ] as const) {
        const { status } = await call(route, token);
        if (status !== 401) wrong.push(`${route} (${who}): ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets each role through exactly the routes its rules allow, and answers no call with a 500', async () => {
    const wrong: string[] = [];
    for (const caller of Object.keys(ROLE_OF) as Caller[]) {
      for (const route of [...Object.keys(VARIANTS), ...ordered()]) {
        const access = MATRIX[route] ?? VARIANTS[route];
        if (!access) continue; // reported by the first test
        const allowed = access === 'public' || access === 'signed-in' || access.includes(ROLE_OF[caller]);
        const { status, message } = await call(route, bearer[caller]);
        if (status >= 500) wrong.push(`${route} (${caller}): ${status}`);
        else if (allowed && (status === 401 || (status === 403 && message === FORBIDDEN_MESSAGE))) {
          wrong.push(`${route} (${caller}): refused with ${status}`);
        } else if (!allowed && !(status === 403 && message === FORBIDDEN_MESSAGE)) {
          wrong.push(`${route} (${caller}): ${status} ${message ?? ''}, expected 403`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the public routes without a token', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((route) => MATRIX[route] === 'public')) {
      const { status } = await call(route);
      if (status === 401 || status === 403 || status >= 500) wrong.push(`${route}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
