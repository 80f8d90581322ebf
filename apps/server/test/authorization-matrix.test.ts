import type { TRole } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../src/lib/http-error.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 10, item 1: every route of the API called as every kind of caller, checked against the access rules
 * (spec §2 route table and §6, with DESIGN.md's calls behind each screen). A route added without a row here
 * fails the first test, so nobody ships a route whose access was never decided.
 */

type Caller = 'admin' | 'consultanInternal' | 'consultanExternal' | 'structural' | 'umum';
type Access = 'public' | 'signed-in' | readonly TRole[];

const ADMIN: readonly TRole[] = ['admin'];
const CONSULTAN: readonly TRole[] = ['consultan'];
const STRUCTURAL: readonly TRole[] = ['structural'];
/** The maps dashboard and the completed-work modal it opens (spec §2: /maps). */
const MAP_READERS: readonly TRole[] = ['admin', 'structural', 'umum'];
/** Pekerjaan Selesai list and detail (spec §2). */
const COMPLETED_WORK_READERS: readonly TRole[] = ['admin', 'umum'];

const MATRIX: Record<string, Access> = {
  // Sign-in, the app's public settings and the completed-work template zip.
  'GET /api/health': 'public',
  'GET /api/app-info': 'public',
  'GET /api/auth/captcha': 'public',
  'GET /api/auth/captcha-config': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/completed-work/template': 'public',
  // The signed-in user's own calls.
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/me': 'signed-in',
  'PUT /api/auth/change-password': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  // Select lists feed forms and filters of every role (spec §7 "global").
  'GET /api/select-list/asb-surveyor': 'signed-in',
  'GET /api/select-list/consultant': 'signed-in',
  'GET /api/select-list/district': 'signed-in',
  'GET /api/select-list/location': 'signed-in',
  'GET /api/select-list/photo-category': 'signed-in',
  'GET /api/select-list/road': 'signed-in',
  'GET /api/select-list/role': 'signed-in',
  'GET /api/select-list/subdistrict': 'signed-in',
  'GET /api/select-list/type-work-color': 'signed-in',
  'GET /api/select-list/type-works': 'signed-in',
  'GET /api/select-list/village': 'signed-in',
  'GET /api/select-list/work-note': 'signed-in',
  'GET /api/select-list/year-completed-work': 'signed-in',
  'GET /api/select-list/year-proposal': 'signed-in',
  // Proposals: the main list is the admin's /usulan and the consultant's own list; the place history
  // (isHistory=1, VARIANTS below) and the detail dialog serve every role (object rules narrow them).
  'GET /api-web/proposal': ['admin', 'consultan'],
  'GET /api-web/proposal/:id': 'signed-in',
  'GET /api-web/media/proposal-file/:id': 'signed-in',
  'GET /api-web/media/survey-photo/:id': 'signed-in',
  'GET /api-web/media/survey-video/:id': 'signed-in',
  'POST /api-web/proposal': ADMIN,
  'POST /api-web/proposal/:id': ADMIN,
  'GET /api-web/proposal/export-template': ADMIN,
  'POST /api-web/proposal/import-template': ADMIN,
  // Spec §6: every role but umum sees the edit-contact-person button.
  'POST /api-web/proposal/:id/contact-person': ['admin', 'consultan', 'structural'],
  'GET /api-web/assigned-consultant': ADMIN,
  'GET /api-web/assigned-consultant/:id/list-proposal': ADMIN,
  // The consultant's journey.
  'GET /api-web/verification': CONSULTAN,
  'POST /api-web/verification': CONSULTAN,
  'GET /api/survey/:id': CONSULTAN,
  'POST /api/survey/:id': CONSULTAN,
  'POST /api/survey/:id/submit': CONSULTAN,
  'POST /api/survey/:id/photo': CONSULTAN,
  'POST /api/survey/:id/video': CONSULTAN,
  'DELETE /api/survey/:id/photo/:mediaId': CONSULTAN,
  'DELETE /api/survey/:id/video/:mediaId': CONSULTAN,
  'GET /api-web/need-approval': ['consultan', 'structural'],
  // The structural journey.
  'GET /api-web/process': STRUCTURAL,
  'POST /api-web/process/:id/change-process': STRUCTURAL,
  // Completed works and the maps dashboard.
  'GET /api-web/completed-work': COMPLETED_WORK_READERS,
  'POST /api-web/completed-work': ADMIN,
  'GET /api-web/completed-work-detail/:id': COMPLETED_WORK_READERS,
  'GET /api-web/completed-work-detail/:id/detail': MAP_READERS,
  'GET /api-web/dashboard': MAP_READERS,
  'GET /api-web/dashboard/completed-work': MAP_READERS,
  'GET /api-web/dashboard/export': MAP_READERS,
  'GET /api-web/dashboard/search': MAP_READERS,
  // Report (Export Hasil Survey): admin and consultan.
  'POST /api-web/export': ['admin', 'consultan'],
};
// Master screens are admin only (spec §2), every call of every entity.
for (const entity of ['asb-surveyor', 'photo-category', 'road', 'road-type', 'work-note']) {
  for (const route of ['GET', 'POST', 'GET :id', 'PUT :id', 'PUT :id/switch-status']) {
    const [method, tail] = route.split(' ');
    MATRIX[`${method} /api-web/master/${entity}${tail ? `/${tail}` : ''}`] = ADMIN;
  }
}
for (const entity of ['consultant', 'subdistrict', 'village', 'user']) {
  for (const route of ['GET', 'POST', 'GET :id', 'PUT :id', 'PUT :id/change-status']) {
    const [method, tail] = route.split(' ');
    MATRIX[`${method} /api-web/master/${entity}${tail ? `/${tail}` : ''}`] = ADMIN;
  }
}
MATRIX['PUT /api-web/master/user/:id/reset-password'] = ADMIN;
for (const route of ['GET', 'POST', 'GET :id', 'PUT :id', 'DELETE :id']) {
  const [method, tail] = route.split(' ');
  MATRIX[`${method} /api-web/master/type-work-color${tail ? `/${tail}` : ''}`] = ADMIN;
}

/** Calls of a listed route whose query changes who may make them. */
const VARIANTS: Record<string, Access> = {
  'GET /api-web/proposal?isHistory=1&roadId=1&villageId=1&rtNumber=1': 'signed-in',
};

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
