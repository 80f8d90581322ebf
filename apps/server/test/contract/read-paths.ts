// The spec's wire contract (spec §3 and §7), read as a client written from the spec alone would read it:
// every call of §7, made by the role whose screen makes it, on the demo data set, each response read only
// through the spec's read paths (data.auth.accessToken, data.data + data.total, data + meta.total,
// data.errorList, the item fields of §3), checking that each field the spec names is there with its type.
// A change of shape fails here; fields of our own beside the spec's are allowed.
//
// This module is what every test/contract/*.test.ts shares: the demo app with the four roles signed in as
// a spec client signs in, and the read paths the answers are read through. One file per subsection of §7.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../helpers.ts';

type Headers = Record<string, string>;
type Role = 'admin' | 'consultan' | 'structural' | 'umum';

const DEMO_PASSWORD = 'demo1234';
/** The demo's internal consultant (konsultan1), whose proposals the demo set assigns. */
const DEMO_CONSULTANT = { username: 'konsultan1', password: DEMO_PASSWORD };

/**
 * A fresh app on the demo data set for the calling test file (built in its beforeAll, closed in its
 * afterAll), with a bearer for each role in `as`. `t` is the app once beforeAll has run.
 */
export function demoApp() {
  let current: TestApp | undefined;
  const app = () => {
    if (!current) throw new Error('the demo app is built in beforeAll');
    return current;
  };
  const as: Record<Role, Headers> = { admin: {}, consultan: {}, structural: {}, umum: {} };

  /** POST auth/login (global): the token is read at data.auth.accessToken and sent as a bearer. */
  async function bearerOf(username: string, password: string): Promise<Headers> {
    const response = await app().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password, recaptcha: 'x' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = response.json().data.auth.accessToken;
    expect(typeof token).toBe('string');
    return { authorization: `Bearer ${token}` };
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    app().app.inject(
      payload === undefined
        ? { method, url, headers }
        : { method, url, headers, payload: payload as Record<string, unknown> },
    );

  beforeAll(async () => {
    current = await createTestApp({ DEMO: '1' });
    as.admin = (await current.signIn('admin')).headers;
    // The demo's users sign in as a spec client does; the admin's password is generated at first start.
    as.structural = await bearerOf('struktural1', DEMO_PASSWORD);
    as.umum = await bearerOf('umum1', DEMO_PASSWORD);
    as.consultan = await bearerOf(DEMO_CONSULTANT.username, DEMO_CONSULTANT.password);
  }, 240_000);
  afterAll(async () => {
    await current?.close();
  });

  return {
    get t() {
      return app();
    },
    as,
    bearerOf,
    call,
  };
}

export async function ok(response: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(200);
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
}
export const json = async (response: Promise<LightMyRequestResponse>) => (await ok(response)).json();

/**
 * Checks a value against the spec's fields and returns the value itself, typed: fields beyond the spec's
 * are allowed and kept (a parse would strip them, and hide what umum must not receive).
 */
export function expectShape<T extends z.ZodType>(schema: T, value: unknown, label: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`${label}: ${z.prettifyError(result.error)}\n${JSON.stringify(value).slice(0, 600)}`);
  }
  return value as z.output<T>;
}
/** Every item of a list against the item's shape; a list must not be empty where the demo has data. */
export function expectItems<T extends z.ZodType>(schema: T, items: unknown, label: string, nonEmpty = true) {
  const list = expectShape(z.array(z.unknown()), items, label);
  if (nonEmpty) expect(list.length, `${label}: the demo data has rows`).toBeGreaterThan(0);
  return list.map((item, index) => expectShape(schema, item, `${label}[${index}]`));
}

/** The read path `data.data` + `data.total`. */
export function dataDataTotal<T extends z.ZodType>(body: unknown, item: T, label: string, nonEmpty = true) {
  const { data } = expectShape(
    z.object({ data: z.object({ data: z.array(z.unknown()), total: z.number().int() }) }),
    body,
    `${label} (data.data + data.total)`,
  );
  return { rows: expectItems(item, data.data, label, nonEmpty), total: data.total };
}
/** The read path `data` + `meta.total`. */
export function dataMetaTotal<T extends z.ZodType>(body: unknown, item: T, label: string, nonEmpty = true) {
  const read = expectShape(
    z.object({ data: z.array(z.unknown()), meta: z.object({ total: z.number().int() }) }),
    body,
    `${label} (data + meta.total)`,
  );
  return { rows: expectItems(item, read.data, label, nonEmpty), total: read.meta.total };
}
/** The read path `data` as a list (select lists, the dashboard layers). */
export const dataList = <T extends z.ZodType>(body: unknown, item: T, label: string, nonEmpty = true) =>
  expectItems(item, expectShape(z.object({ data: z.unknown() }), body, label).data, label, nonEmpty);
/** The read path `data` as one record. */
export const dataRecord = <T extends z.ZodType>(body: unknown, item: T, label: string): z.output<T> =>
  (expectShape(z.object({ data: item }), body, label) as { data: z.output<T> }).data;
