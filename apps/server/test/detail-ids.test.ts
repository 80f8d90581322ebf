import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '../src/lib/http-error.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The calls behind the web's detail pages (/pekerjaan-selesai/detail/{id}, /assigned-konsultan/detail/{id},
 * the survey form and the printed report), each with ids no record has: malformed ones and unknown ones. Every
 * answer is a 404 with the Indonesian 'Data tidak ditemukan.', never a 500 or an empty 200, so the pages can
 * tell the user the record is not there.
 */
const MALFORMED = ['abc', '0', '-1', '1.5', '1e3', '0x10', '%20', '9999999999', '2147483648'];
// Small ids may be the signed-in users' own records (a consultant's), so the unknown ones are large.
const UNKNOWN = ['99999', '999999999'];

const CALLS = [
  { role: 'admin', url: (id: string) => `/api-web/completed-work-detail/${id}?page=1&limit=10&id=${id}` },
  { role: 'umum', url: (id: string) => `/api-web/completed-work-detail/${id}/detail` },
  { role: 'admin', url: (id: string) => `/api-web/assigned-consultant/${id}/list-proposal?page=1&limit=10` },
  { role: 'admin', url: (id: string) => `/api-web/proposal/${id}?exclude=0` },
  { role: 'consultan', url: (id: string) => `/api-web/proposal/${id}?exclude=0` },
  { role: 'consultan', url: (id: string) => `/api/survey/${id}` },
] as const;

let t: TestApp;
const headersOf: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'umum', 'consultan'] as const)
    headersOf[role] = (await t.signIn(role)).headers;
});
afterAll(async () => {
  await t?.close();
});

describe('detail calls with an id no record has', () => {
  for (const call of CALLS) {
    it(`${call.url(':id')} as ${call.role}: 404 'Data tidak ditemukan.' for malformed and unknown ids`, async () => {
      for (const id of [...MALFORMED, ...UNKNOWN]) {
        const response = await t.app.inject({
          method: 'GET',
          url: call.url(id),
          headers: headersOf[call.role],
        });
        expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
        expect(response.json().status.message, id).toBe(NOT_FOUND_MESSAGE);
      }
    });
  }
});
