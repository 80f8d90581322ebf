import type { TRole } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX } from './access-table.ts';
import { SAMPLE_FEATURES, shapefileZip } from './completed-work-zips.ts';
import { buildWorkType } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { sendForm } from './multipart.ts';

/**
 * sort_by is a whitelist on every list: a name outside it, an Object.prototype member above all, is a 422
 * with the list's choices, and every choice sorts (200) both ways. The lists are found, not listed: every
 * GET route is asked for a column no list has, and a route that refuses it by naming sort_by is a list.
 */
const INHERITED_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];
const UNKNOWN_NAMES = ['no_such_column', 'id desc', 'id; drop table proposals', 'ID', 'name,id'];

/** Every list that sorts (spec §7 and the screens), so a list that stopped refusing an unknown name shows. */
const EXPECTED_LISTS = [
  'GET /api-web/assigned-consultant',
  'GET /api-web/assigned-consultant/:id/list-proposal',
  'GET /api-web/completed-work',
  'GET /api-web/completed-work-detail/:id',
  'GET /api-web/master/asb-surveyor',
  'GET /api-web/master/consultant',
  'GET /api-web/master/photo-category',
  'GET /api-web/master/road',
  'GET /api-web/master/road-type',
  'GET /api-web/master/subdistrict',
  'GET /api-web/master/type-work-color',
  'GET /api-web/master/user',
  'GET /api-web/master/village',
  'GET /api-web/master/work-note',
  'GET /api-web/process',
  'GET /api-web/proposal',
  'GET /api-web/proposal?isHistory=1&villageId=1&rtNumber=01',
];
/** The place history of the proposal form and detail: the proposal list with other filters. */
const PLACE_HISTORY = 'GET /api-web/proposal?isHistory=1&villageId=1&rtNumber=01';

let t: TestApp;
const getRoutes: string[] = [];
const headers = {} as Record<TRole, Record<string, string>>;
/** Ids that exist for the :id lists: a consultant and a completed-work import. */
const pathIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        if ([route.method].flat().includes('GET')) getRoutes.push(`GET ${route.url}`);
      },
    },
  );
  for (const role of ['admin', 'consultan', 'structural', 'umum'] as const)
    headers[role] = (await t.signIn(role)).headers;
  const consultantUser = await t.buildUser({ role: 'consultan' });
  pathIds['GET /api-web/assigned-consultant/:id/list-proposal'] = consultantUser.consultantId ?? 0;
  const typeWork = await buildWorkType(t.db, { typeWork: 'Pengaspalan' });
  const imported = await sendForm(
    t.app,
    '/api-web/completed-work',
    headers.admin,
    { year: 2024, type_work_id: typeWork.id },
    { file: [{ name: 'jalan.zip', content: await shapefileZip(SAMPLE_FEATURES), type: 'application/zip' }] },
  );
  expect(imported.statusCode, imported.body).toBe(201);
  pathIds['GET /api-web/completed-work-detail/:id'] = imported.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

/** A role the access table lets call the route (admin for signed-in routes). */
function callerOf(route: string): TRole | undefined {
  const access = MATRIX[route];
  return access === 'public' ? undefined : access === 'signed-in' || !access ? 'admin' : access[0];
}

async function list(route: string, query: Record<string, string>) {
  const role = callerOf(route);
  const [path = '', fixedQuery = ''] = route.slice('GET '.length).split('?');
  const params = new URLSearchParams(fixedQuery);
  for (const [key, value] of Object.entries(query)) params.set(key, value);
  const response = await t.app.inject({
    method: 'GET',
    url: `${path.replace(':id', String(pathIds[route] ?? 1))}?${params}`,
    headers: role ? headers[role] : {},
  });
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  const body = (isJson ? response.json() : {}) as { errors?: Record<string, string[]> };
  return { status: response.statusCode, body };
}

describe('sort_by on every list', () => {
  it('refuses names outside the whitelist with 422 and the choices, and sorts by every choice', async () => {
    const lists = new Map<string, string[]>();
    for (const route of [...getRoutes, PLACE_HISTORY]) {
      const { status, body } = await list(route, { sort_by: 'no_such_column' });
      const refusal = body.errors?.sort_by?.[0];
      if (status !== 422 || !refusal) continue;
      const choices = /Pilihan: (.+)\.$/.exec(refusal)?.[1]?.split(', ') ?? [];
      lists.set(route, choices);
    }
    const problems: string[] = [];
    for (const [route, choices] of lists) {
      expect(choices.length, route).toBeGreaterThan(1);
      for (const name of [...INHERITED_NAMES, ...UNKNOWN_NAMES]) {
        const { status, body } = await list(route, { sort_by: name });
        const refusal = body.errors?.sort_by?.[0] ?? '';
        if (status !== 422 || !refusal.startsWith('Kolom urutan tidak dikenal.'))
          problems.push(`${route} sort_by=${name}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      for (const name of choices) {
        for (const order of ['asc', 'desc']) {
          const { status, body } = await list(route, { sort_by: name, order_by: order });
          if (status !== 200)
            problems.push(`${route} sort_by=${name}&order_by=${order}: ${status} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect([...lists.keys()].sort()).toEqual(EXPECTED_LISTS);
  }, 300_000);

  it('answers no GET route with a 500 for an inherited name', async () => {
    const problems: string[] = [];
    for (const route of getRoutes) {
      for (const name of INHERITED_NAMES) {
        for (const query of [{ sort_by: name }, { order_by: name }] as Record<string, string>[]) {
          const { status } = await list(route, query);
          if (status >= 500) problems.push(`${route} ${new URLSearchParams(query)}: ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
