import { Writable } from 'node:stream';
import type { TRole } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema/index.ts';
import { MATRIX } from './access-table.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { seedOneOfEach } from './one-of-each.ts';
import { tableRowCounts } from './row-counts.ts';

/**
 * Every route fed generated hostile input (fast-check) as a role it allows: wrong types,
 * missing and extra fields, huge strings, unicode edge cases, negative and huge numbers, bad dates, SQL and
 * HTML fragments, in the body, the query and the path. Not one answer is a 500, every refusal is a 4xx
 * envelope with an Indonesian message, and a refused change leaves every table as it was.
 * FUZZ_RUNS sets the inputs per route (CI: 25; `FUZZ_RUNS=500` for the full setting).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** Calls that end the caller's session or change its password: fed elsewhere (auth tests). */
const SKIPPED = new Set(['POST /api/auth/logout', 'PUT /api/auth/change-password']);
/**
 * Words of English texts that zod, Fastify and the libraries write; none may reach a user. Fastify's own
 * titles are checked whole. The spec's 404 text ('Request/Resource not found!') is its own and stays.
 */
const ENGLISH = new RegExp(
  [
    '\\b(expected|required|invalid|must|too (big|small)|string|number|received|unrecognized|should)\\b',
    '\\b(unexpected|exceeded|malformed|unsupported|missing|boundary|payload|allowed|failed|error)\\b',
    '^(Bad Request|Not Found|Method Not Allowed|Internal Server Error)',
  ].join('|'),
  'i',
);

/** Every text of an error answer (its message and each field's messages), without the request id. */
function messagesOf(response: { headers: Record<string, unknown>; body: string }): string[] {
  if (!String(response.headers['content-type']).startsWith('application/json')) return [response.body];
  const texts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string' && key !== 'requestId') texts.push(value);
    else if (value && typeof value === 'object')
      for (const [name, item] of Object.entries(value)) walk(item, Array.isArray(value) ? key : name);
  };
  walk(JSON.parse(response.body), '');
  return texts;
}
/** The English texts among an error answer's messages (none is allowed). */
const englishIn = (response: { headers: Record<string, unknown>; body: string }) =>
  messagesOf(response).filter((text) => ENGLISH.test(text));

/** Field names the API reads, so generated bodies reach its validation rather than only unknown keys. */
const FIELDS = [
  'id',
  'name',
  'code',
  'page',
  'limit',
  'perPage',
  'search',
  'sort_by',
  'order_by',
  'year',
  'startYear',
  'endYear',
  'startDate',
  'endDate',
  'proposalType',
  'proposalDate',
  'proposerName',
  'phoneNumber',
  'roadId',
  'villageId',
  'subdistrictId',
  'districtId',
  'consultantId',
  'consultantType',
  'rtNumber',
  'rwNumber',
  'address',
  'isHistory',
  'excludeId',
  'statusType',
  'processType',
  'proposalId',
  'roleId',
  'username',
  'password',
  'passwordConfirmation',
  'price',
  'color',
  'type_work',
  'type_work_id',
  'option',
  'type',
  'location',
  'surveyRoad',
  'roadTypes',
  'recaptcha',
  'exclude',
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1; --",
    '1; DROP TABLE proposals;',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '\u0000\u0001\uFFFE',
    '\uD800',
    '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 🛣️ jalan',
    'ẞ\u202Etxt.exe',
    '2026-02-30',
    '31-12-2026',
    '9999-99-99T99:99',
    '-1',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '=HYPERLINK("http://x")',
  ),
  fc.constant('x'.repeat(100_000)),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.integer(),
    fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 0.5),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;
/** A body or query: known fields with hostile values, and some keys nobody reads. */
const hostileRecord = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 2 }),
  )
  .map(([known, extra]) => ({ ...extra, ...known }));
const hostileId = fc.oneof(
  fc.constantFrom('0', '-1', 'abc', '1.5', '99999999999999999999', '%27%20OR%201%3D1', '%00', '1e3'),
  fc.nat().map(String),
);

/** A query string from a record: objects as JSON, arrays as repeated keys. */
function queryOf(record: Record<string, unknown>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      query.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  return query.toString();
}

let t: TestApp;
const routes: string[] = [];
const serverErrors: string[] = [];
/** The newest logged error's stack, shortened. */
const lastServerError = () => {
  try {
    const entry = JSON.parse(serverErrors.at(-1) ?? '{}') as { err?: { stack?: string }; msg?: string };
    return (entry.err?.stack ?? entry.msg ?? '').split('\n').slice(0, 3).join(' | ');
  } catch {
    return serverErrors.at(-1)?.slice(0, 300) ?? '';
  }
};
const tokens = {} as Record<TRole, string>;
const bearer = (role: TRole | undefined): Record<string, string> =>
  role ? { authorization: `Bearer ${tokens[role]}` } : {};

/** A role the access table lets call the route (admin for signed-in routes and routes it lacks). */
function callerOf(route: string): TRole | undefined {
  const access = MATRIX[route];
  return access === 'public' ? undefined : access === 'signed-in' || !access ? 'admin' : access[0];
}

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'error' },
    {
      // The server's own account of a 500, to show with the input that caused it.
      logStream: new Writable({
        write(chunk, _encoding, done) {
          serverErrors.push(String(chunk));
          done();
        },
      }),
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      },
    },
  );
  let consultantId = 0;
  for (const role of ['admin', 'consultan', 'structural', 'umum'] as const) {
    const signedIn = await t.signIn(role);
    tokens[role] = signedIn.token;
    consultantId ||= signedIn.user.consultantId ?? 0;
  }
  await seedOneOfEach(t, { admin: bearer('admin'), consultan: bearer('consultan') }, consultantId);
});
afterAll(async () => {
  await t?.close();
});

/**
 * Wrong values for every field the API reads: over-long text, numbers for text, lists and objects for
 * single values, null, booleans, huge, negative and fractional numbers, NaN-like and empty text.
 */
const WRONG_VALUES: unknown[] = [
  // Over the narrowest text columns (150 characters), within the widest limits, then over them.
  'x'.repeat(151),
  'x'.repeat(201),
  'x'.repeat(1001),
  'x'.repeat(5001),
  12345,
  -1,
  1.5,
  1e308,
  2 ** 53,
  [1, 'a'],
  ['x'.repeat(300)],
  { a: 1 },
  {},
  null,
  true,
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  'abc',
  '   ',
];
/** Fields beyond FIELDS that some contract reads (the survey draft, passwords, select-list options). */
const MORE_FIELDS = [
  'roadCondition',
  'canalExisting',
  'canalCondition',
  'damageIdentification',
  'suggestion',
  'drawLine',
  'asbSurveyors',
  'existingFileId',
  'description',
  'photoCategoryId',
  'currentPassword',
  'newPassword',
  'newPasswordConfirmation',
  'hasUser',
  'userId',
  'orderInternal',
  'proposal_year',
  'completed_work_year',
  'completed_work_location',
  'completed_work_type_work',
];

describe('answers in Indonesian', () => {
  it('to wrong-typed and over-long values in the body, the query and the path of every route', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      if (SKIPPED.has(route)) continue;
      const [method = 'GET', path = ''] = route.split(' ');
      for (const value of WRONG_VALUES) {
        const fields = Object.fromEntries([...FIELDS, ...MORE_FIELDS].map((field) => [field, value]));
        for (const id of ['1', String(value).slice(0, 30)]) {
          const url = `${path.replace(/:[a-zA-Z]+/g, encodeURIComponent(id))}?${queryOf(fields)}`;
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: bearer(callerOf(route)),
            ...(method === 'GET' ? {} : { payload: fields }),
          });
          const where = `${route} ${JSON.stringify(value).slice(0, 40)} id ${id.slice(0, 10)}`;
          if (response.statusCode >= 500)
            problems.push(`${response.statusCode}: ${where} -> ${lastServerError()}`);
          else if (response.statusCode >= 400)
            for (const text of englishIn(response)) problems.push(`${where}: ${text}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('to a name one character over its column, and stores one that fits', async () => {
    const [structural] = await t.db.select().from(roles).where(eq(roles.slug, 'structural'));
    const forms: [string, (name: string) => Record<string, unknown>][] = [
      ['road-type', (name) => ({ name })],
      ['photo-category', (name) => ({ name })],
      ['subdistrict', (name) => ({ name, districtId: 1 })],
      ['village', (name) => ({ name, subdistrictId: 1 })],
      ['type-work-color', (name) => ({ type_work: name, color: '#123456' })],
      [
        'user',
        (name) => ({
          name,
          roleId: structural?.id,
          username: `panjang${name.length}`,
          password: 'Rahasia123',
          passwordConfirmation: 'Rahasia123',
        }),
      ],
    ];
    const answers: string[] = [];
    for (const [entity, body] of forms) {
      for (const length of [150, 151]) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api-web/master/${entity}`,
          headers: bearer('admin'),
          payload: body(`${entity} `.padEnd(length, 'x')),
        });
        const errors = (response.json() as { errors?: Record<string, string[]> }).errors;
        answers.push(`${entity} ${length}: ${response.statusCode} ${Object.values(errors ?? {}).flat()}`);
      }
    }
    expect(answers).toEqual(
      forms.flatMap(([entity]) => [
        `${entity} 150: 201 `,
        `${entity} 151: 422 ${entity === 'user' ? 'Nama maksimal 150 karakter.' : 'Maksimal 150 karakter.'}`,
      ]),
    );
  });

  it("to bodies Fastify's parsers refuse: bad JSON, too large, unknown or broken content types", async () => {
    const boundary = '----jalan';
    const bodies: { name: string; type: string; payload: string | Buffer }[] = [
      { name: 'broken JSON', type: 'application/json', payload: '{"name": ' },
      { name: 'JSON over the body limit', type: 'application/json', payload: `"${'x'.repeat(1_100_000)}"` },
      { name: 'plain text', type: 'text/plain', payload: 'name=x' },
      { name: 'XML', type: 'application/xml', payload: '<name>x</name>' },
      { name: 'multipart without a boundary', type: 'multipart/form-data', payload: 'x' },
      {
        name: 'multipart cut off',
        type: `multipart/form-data; boundary=${boundary}`,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx`,
      },
      {
        name: 'multipart with a __proto__ field',
        type: `multipart/form-data; boundary=${boundary}`,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${boundary}--\r\n`,
      },
      {
        name: 'multipart with an empty file',
        type: `multipart/form-data; boundary=${boundary}`,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`,
      },
    ];
    const problems: string[] = [];
    for (const route of routes.filter((route) => !route.startsWith('GET') && !SKIPPED.has(route))) {
      const [method = 'POST', path = ''] = route.split(' ');
      for (const body of bodies) {
        const response = await t.app.inject({
          method: method as 'POST',
          url: path.replace(/:[a-zA-Z]+/g, '1'),
          headers: { ...bearer(callerOf(route)), 'content-type': body.type },
          payload: body.payload,
        });
        const where = `${route} ${body.name}`;
        if (response.statusCode >= 500)
          problems.push(`${response.statusCode}: ${where} -> ${lastServerError()}`);
        else if (response.statusCode >= 400)
          for (const text of englishIn(response)) problems.push(`${where}: ${text}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

describe('hostile input on every route', () => {
  it('never answers 500, refuses with an Indonesian 4xx envelope, and a refused change writes nothing', async () => {
    expect(routes.length).toBeGreaterThan(90);
    const problems: string[] = [];
    for (const route of routes) {
      if (SKIPPED.has(route)) continue;
      const role = callerOf(route);
      const [method = 'GET', path = ''] = route.split(' ');
      const changes = method !== 'GET';
      await fc
        .assert(
          fc.asyncProperty(hostileRecord, hostileRecord, hostileId, async (body, query, id) => {
            const before = changes ? await tableRowCounts(t.db) : null;
            const url = `${path.replace(/:[a-zA-Z]+/g, id)}?${queryOf(query)}`;
            const response = await t.app.inject({
              method: method as 'GET',
              url,
              headers: bearer(role),
              ...(method === 'GET' ? {} : { payload: body }),
            });
            const status = response.statusCode;
            const where = `${route} ${url.slice(0, 200)} ${JSON.stringify(body).slice(0, 200)}`;
            if (status >= 500) {
              problems.push(`${status}: ${where} -> ${lastServerError()}`);
              return false;
            }
            if (status >= 400) {
              const message = (response.json() as { status?: { message?: unknown } }).status?.message;
              const english = englishIn(response);
              if (typeof message !== 'string' || !message || english.length) {
                problems.push(`${status} without an Indonesian message (${english.join(' | ')}): ${where}`);
                return false;
              }
              if (before) {
                const after = await tableRowCounts(t.db);
                const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
                if (changed.length) {
                  problems.push(`${status} yet ${changed.join(', ')} changed: ${where}`);
                  return false;
                }
              }
            }
            return true;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('refuses bodies whose objects carry their own toString or valueOf, on every route that takes a body', async () => {
    // Found by the property above: String() of such an object throws, and form fields once went through it.
    const bodies = [
      { processType: { toString: 'x' } },
      { name: { valueOf: 1 } },
      { a: { toString: 'x', b: [1] } },
    ];
    const problems: string[] = [];
    for (const route of routes.filter((route) => !route.startsWith('GET') && !SKIPPED.has(route))) {
      const role = callerOf(route);
      const [method = 'POST', path = ''] = route.split(' ');
      for (const payload of bodies) {
        const response = await t.app.inject({
          method: method as 'POST',
          url: path.replace(/:[a-zA-Z]+/g, '1'),
          headers: bearer(role),
          payload,
        });
        if (response.statusCode >= 500)
          problems.push(`${route} ${JSON.stringify(payload)}: ${lastServerError()}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('change-password with wrong values', () => {
  it('answers every field’s wrong value in Indonesian and changes no password', async () => {
    // The current password is wrong in every body, so nothing can change whatever the new one holds.
    // A user of its own: the walks above may have switched the shared users off.
    const { headers } = await t.signIn('umum');
    const problems: string[] = [];
    const before = await tableRowCounts(t.db);
    for (const field of ['currentPassword', 'newPassword', 'newPasswordConfirmation']) {
      for (const value of WRONG_VALUES) {
        const payload = {
          currentPassword: 'bukan-password-ini-1',
          newPassword: 'Jalan-Baru-2026',
          newPasswordConfirmation: 'Jalan-Baru-2026',
          [field]: value,
        };
        const response = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/change-password',
          headers,
          payload,
        });
        const english = englishIn(response);
        if (response.statusCode >= 500 || response.statusCode < 400 || english.length) {
          problems.push(
            `${response.statusCode} ${field}=${JSON.stringify(value).slice(0, 60)}: ${english.join(' | ')}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(await tableRowCounts(t.db)).toEqual(before);
  });
});
