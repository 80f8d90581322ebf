import type { TDashboardEncodedProposalItem, TDashboardPlace, TDashboardProposalItem } from '@eusulan/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineSegment } from '../src/db/schema/index.ts';
import { buildPlace, buildProposal, buildSurvey } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The map and umum's access are one rule (proposal-visibility.ts, mapSurveys): a proposal is on the map when
 * its newest submitted survey has a road with a line. Proposals in every state that rule tells apart, at one
 * place: each answer that shows or opens what the map draws must list exactly the ones on the map.
 */

const LINE: LineSegment = { startLat: -7.2575, startLon: 112.7381, endLat: -7.259, endLon: 112.7385 };
/** A segment spec §5 would not draw: a road drawn with only this has no line. */
const OUT_OF_RANGE: LineSegment = { startLat: 95, startLon: 112.74, endLat: -7.291, endLon: 112.741 };

/** Each proposal's surveys, oldest first: the segments of each of its roads, and whether it is a draft. */
const CASES = {
  drawn: { onMap: true, surveys: [{ roads: [[LINE, OUT_OF_RANGE]] }] },
  noLine: { onMap: false, surveys: [{ roads: [[]] }] },
  noRoads: { onMap: false, surveys: [{ roads: [] }] },
  lineGone: { onMap: false, surveys: [{ roads: [[LINE]] }, { roads: [[]] }] },
  lineAdded: { onMap: true, surveys: [{ roads: [[]] }, { roads: [[], [LINE]] }] },
  draftAfter: { onMap: true, surveys: [{ roads: [[LINE]] }, { draft: true, roads: [[]] }] },
  undrawable: { onMap: false, surveys: [{ roads: [[OUT_OF_RANGE]] }] },
  draftOnly: { onMap: false, surveys: [{ draft: true, roads: [[LINE]] }] },
} satisfies Record<string, { onMap: boolean; surveys: { draft?: boolean; roads: LineSegment[][] }[] }>;
type Case = keyof typeof CASES;

let t: TestApp;
let admin: Record<string, string>;
let umum: Record<string, string>;
const ids = {} as Record<Case, number>;
let roadId: number;
let villageId: number;

const names = Object.keys(CASES) as Case[];
const onMap = () =>
  names
    .filter((name) => CASES[name].onMap)
    .map((name) => ids[name])
    .sort();
const ours = (found: number[]) => found.filter((id) => Object.values(ids).includes(id)).sort();

async function get(headers: Record<string, string>, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return response;
}
async function data<T>(headers: Record<string, string>, url: string) {
  const response = await get(headers, url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.json().data as T;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  umum = (await t.signIn('umum')).headers;
  const consultantId = (await t.buildUser({ role: 'consultan' })).consultantId!;
  ({ roadId, villageId } = await buildPlace(t.db, { road: 'Jalan Kenari' }));

  for (const [index, name] of names.entries()) {
    const proposal = await buildProposal(t.db, {
      proposalType: 'umum',
      proposalDate: '2025-02-01',
      proposerName: `Pemetaan ${name}`,
      phoneNumber: '081234500009',
      roadId,
      villageId,
      rtNumber: '07',
      rwNumber: '02',
      address: 'Gang Mawar',
      consultantId,
      statusType: 'surveyed',
    });
    ids[name] = proposal.id;
    for (const [order, survey] of CASES[name].surveys.entries()) {
      const isDraft = 'draft' in survey && survey.draft === true;
      // As the app writes a road: its encoded paths with its segments.
      await buildSurvey(t.db, {
        proposalId: proposal.id,
        isDraft,
        submittedAt: isDraft ? null : new Date(Date.UTC(2025, 2, 1 + order, 3, index)),
        lines: survey.roads.map((drawLine) => ({ drawLine })),
      });
    }
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the map rule: what the map draws is what umum opens, finds and counts', () => {
  it('draws the proposals on the map, in both forms of the layer, for every reader', async () => {
    for (const headers of [admin, umum]) {
      const encoded = await data<TDashboardEncodedProposalItem[]>(
        headers,
        '/api-web/dashboard?format=encoded',
      );
      expect(ours(encoded.map((item) => item.proposalId))).toEqual(onMap());
      const spec = await data<TDashboardProposalItem[]>(headers, '/api-web/dashboard');
      expect(ours(spec.map((item) => item.proposalId))).toEqual(onMap());
    }
  });

  it('lets umum open exactly those, and no other', async () => {
    for (const name of names) {
      const response = await get(umum, `/api-web/proposal/${ids[name]}`);
      expect(response.statusCode, name).toBe(CASES[name].onMap ? 200 : 404);
      expect((await get(admin, `/api-web/proposal/${ids[name]}`)).statusCode, name).toBe(200);
    }
  });

  it('lists and counts only those in umum’s place history, in the list and the detail alike', async () => {
    const place = `/api-web/proposal?isHistory=1&villageId=${villageId}&roadId=${roadId}&rtNumber=07&rwNumber=02&page=1&limit=20`;
    const { data: rows, total } = await data<{
      data: { id: number; placeHistoryCount: number }[];
      total: number;
    }>(umum, place);
    expect(rows.map((row) => row.id).sort()).toEqual(onMap());
    expect(total).toBe(onMap().length);
    for (const row of rows) {
      expect(row.placeHistoryCount, `list row ${row.id}`).toBe(onMap().length - 1);
      const detail = await data<{ placeHistoryCount: number }>(umum, `/api-web/proposal/${row.id}`);
      expect(detail.placeHistoryCount, `detail ${row.id}`).toBe(onMap().length - 1);
    }
    // Staff see the whole place, on the map or not.
    const forAdmin = await data<{ data: { id: number }[] }>(admin, place);
    expect(forAdmin.data.map((row) => row.id).sort()).toEqual(Object.values(ids).sort());
  });

  it('finds only those in Cari Jalan, with the box of what the map draws', async () => {
    for (const headers of [admin, umum]) {
      const places = await data<TDashboardPlace[]>(
        headers,
        '/api-web/dashboard/search?search=pemetaan&limit=50',
      );
      const found = places.filter((place) => place.kind === 'proposal');
      expect(ours(found.map((place) => place.id))).toEqual(onMap());
      // The out-of-range segment beside the drawn one is not in the box.
      expect(found.find((place) => place.id === ids.drawn)!.bounds).toEqual([
        [LINE.endLat, LINE.startLon],
        [LINE.startLat, LINE.endLon],
      ]);
      const [road] = (
        await data<TDashboardPlace[]>(headers, '/api-web/dashboard/search?search=kenari&limit=50')
      ).filter((place) => place.kind === 'road');
      expect(road).toMatchObject({ id: roadId, description: `Jalan · ${onMap().length} usulan` });
    }
  });

  it('exports only those in the Usulan sheet', async () => {
    const response = await get(admin, '/api-web/dashboard/export?type=excel');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Usulan')!;
    const exported: number[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) exported.push(Number(row.getCell(2).value));
    });
    expect(ours(exported)).toEqual(onMap());
  });
});
