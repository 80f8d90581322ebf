import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  TDashboardCompletedWorkItem,
  TDashboardEncodedCompletedWorkItem,
  TDashboardEncodedProposalItem,
  TDashboardPlace,
  TDashboardProposalItem,
} from '@eusulan/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompletedWork,
  buildCompletedWorkImport,
  buildPlace,
  buildProposal,
  buildSurvey,
  buildWorkType,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { zipEntries } from '../../../test/zip.ts';
import { fillEncodedLines } from '../../db/fill-encoded-lines.ts';
import { type LatLon, type LineSegment, roads, surveyRoads, surveys } from '../../db/schema/index.ts';
import { decodeLine, encodeSegments, segmentsToPaths } from '../../lib/map-lines.ts';
import { completedWorkLayerJson } from './dashboard.presenter.ts';
import { proposalLayerRows } from './dashboard.queries.ts';

let t: TestApp;
const headers: Record<'admin' | 'structural' | 'umum' | 'consultan', Record<string, string>> = {
  admin: {},
  structural: {},
  umum: {},
  consultan: {},
};
const ids: Record<string, number> = {};

/** Jalan Tunjungan as three joined segments plus one apart (a second drawn line of the same road). */
const TUNJUNGAN: LineSegment[] = [
  { startLat: -7.2575, startLon: 112.7381, endLat: -7.259, endLon: 112.7385 },
  { startLat: -7.259, startLon: 112.7385, endLat: -7.2611, endLon: 112.739 },
  { startLat: -7.2611, startLon: 112.739, endLat: -7.2628, endLon: 112.7395 },
  { startLat: -7.265, startLon: 112.744, endLat: -7.266, endLon: 112.75 },
];
const OLD_LINE: LineSegment[] = [{ startLat: -7.3, startLon: 112.7, endLat: -7.31, endLon: 112.71 }];
const DARMO: LineSegment[] = [{ startLat: -7.287, startLon: 112.7385, endLat: -7.2965, endLon: 112.737 }];
const KERTAJAYA_PARTS: LatLon[][] = [
  [
    [-7.279, 112.756],
    [-7.2795, 112.766],
    [-7.28, 112.77],
  ],
  [
    [-7.281, 112.771],
    [-7.282, 112.7725],
  ],
];
const TUNJUNGAN_WORK: LatLon[][] = [
  [
    [-7.2575, 112.7381],
    [-7.2628, 112.7395],
  ],
];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'structural', 'umum', 'consultan'] as const) {
    headers[role] = (await t.signIn(role)).headers;
  }
  const surveyor = await t.buildUser({ role: 'consultan' });
  const consultantId = surveyor.consultantId!;
  const home = await buildPlace(t.db, {
    subdistrict: 'Genteng',
    village: 'Kapasari',
    road: 'Jalan Tunjungan',
  });
  const [darmo] = await t.db.insert(roads).values({ name: 'Jalan Raya Darmo' }).returning();
  async function proposal(options: {
    date: string;
    roadId: number;
    name: string;
    address?: string;
    rt?: string | null;
    rw?: string | null;
    status: 'verified' | 'surveyed' | 'finished';
    /** Survey roads per survey, oldest survey first; 'draft' marks an open draft. */
    surveys: { draft?: boolean; submittedAt?: string; roads: LineSegment[][]; priced?: boolean }[];
  }) {
    const row = await buildProposal(t.db, {
      proposalType: 'umum',
      proposalDate: options.date,
      proposerName: options.name,
      phoneNumber: '081234500001',
      roadId: options.roadId,
      villageId: home.villageId,
      rtNumber: options.rt === undefined ? '03' : options.rt,
      rwNumber: options.rw === undefined ? '05' : options.rw,
      address: options.address ?? 'Depan balai RW',
      consultantId,
      statusType: options.status,
      processType: options.status === 'finished' ? 'project' : null,
    });
    for (const survey of options.surveys) {
      await buildSurvey(t.db, {
        proposalId: row.id,
        isDraft: survey.draft ?? false,
        submittedAt: survey.draft ? null : new Date(survey.submittedAt ?? '2025-01-01T03:00:00Z'),
        // No encoded paths: a start fills them (below).
        lines: survey.roads.map((drawLine) => ({
          drawLine,
          encodedPaths: null,
          items: survey.priced ? [{ name: 'Aspal Hotmix', unitPrice: 185_000, long: '120', wide: '6' }] : [],
        })),
      });
    }
    return row.id;
  }

  ids.tunjungan = await proposal({
    date: '2024-03-10',
    roadId: home.roadId,
    name: 'Budi Santoso',
    status: 'surveyed',
    surveys: [
      { submittedAt: '2024-04-01T03:00:00Z', roads: [OLD_LINE] },
      {
        submittedAt: '2024-05-01T03:00:00Z',
        roads: [TUNJUNGAN.slice(0, 3), TUNJUNGAN.slice(3)],
        priced: true,
      },
      { draft: true, roads: [OLD_LINE] },
    ],
  });
  ids.darmo = await proposal({
    date: '2025-02-11',
    roadId: darmo!.id,
    name: '=cmd|"/c calc"!A1',
    address: '-',
    rt: '07',
    rw: null,
    status: 'finished',
    surveys: [{ submittedAt: '2025-03-01T03:00:00Z', roads: [DARMO] }],
  });
  ids.draftOnly = await proposal({
    date: '2025-06-01',
    roadId: darmo!.id,
    name: 'Siti Aminah',
    status: 'verified',
    surveys: [{ draft: true, roads: [DARMO] }],
  });

  const aspal = await buildWorkType(t.db, { typeWork: 'Pengaspalan', color: '#1e88e5' });
  const paving = await buildWorkType(t.db, { typeWork: 'Paving', color: '' });
  ids.aspal = aspal.id;
  ids.paving = paving.id;
  const import2024 = await buildCompletedWorkImport(t.db, {
    year: 2024,
    typeWorkColorId: aspal.id,
    fileName: 'aspal-2024.zip',
  });
  const import2025 = await buildCompletedWorkImport(t.db, {
    year: 2025,
    typeWorkColorId: paving.id,
    fileName: 'paving-2025.zip',
  });
  const work = async (importId: number, packageName: string, location: string, coordinates: LatLon[][]) =>
    (
      await buildCompletedWork(t.db, {
        importId,
        packageName,
        location,
        coordinates,
        locationLength: '620.50',
        packageLength: '1500.00',
        locationValue: 250_000_000,
        packageValue: 900_000_000,
        // No encoded lines: a start fills them (below).
        encodedLines: null,
      })
    ).id;
  ids.w1 = await work(import2024.id, 'Paket Tunjungan Kertajaya', 'Jalan Tunjungan', TUNJUNGAN_WORK);
  ids.w2 = await work(import2024.id, 'Paket Tunjungan Kertajaya', 'Jalan Kertajaya', KERTAJAYA_PARTS);
  ids.w3 = await work(import2025.id, 'Paving Kampung', 'Jalan Tunjungan', TUNJUNGAN_WORK);
  ids.w4 = await work(import2025.id, '@SUM(1+1)', 'Jalan Raya Darmo', [
    DARMO.map((s) => [s.startLat, s.startLon] as LatLon).concat([[DARMO[0]!.endLat, DARMO[0]!.endLon]]),
  ]);
  // The rows above went straight into the tables: their encoded lines come as a start fills them.
  await fillEncodedLines(t.db);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, as: Record<string, string> = headers.admin, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...as, ...extra } });

/** The query with format=encoded, the compact form our web asks for. */
const encoded = (query: string) => (query ? `${query}&format=encoded` : '?format=encoded');

async function proposalItems(query = '') {
  const response = await get(`/api-web/dashboard${encoded(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TDashboardEncodedProposalItem[];
}
async function workItems(query = '') {
  const response = await get(`/api-web/dashboard/completed-work${encoded(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TDashboardEncodedCompletedWorkItem[];
}
async function specItems<T>(path: string) {
  const response = await get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T[];
}
const asPoints = (part: LatLon[]) => part.map(([latitude, longitude]) => ({ latitude, longitude }));
const expectSameLine = (line: string, points: LatLon[]) => {
  const decoded = decodeLine(line);
  expect(decoded).toHaveLength(points.length);
  decoded.forEach(([lat, lon], index) => {
    expect(lat).toBeCloseTo(points[index]![0], 6);
    expect(lon).toBeCloseTo(points[index]![1], 6);
  });
};

describe('GET dashboard', () => {
  it("answers spec §3's shape by default: drawLine.lokasi, every segment of the newest survey's roads", async () => {
    const items = await specItems<TDashboardProposalItem>('/api-web/dashboard');
    expect(items.map((item) => item.proposalId)).toEqual([ids.tunjungan, ids.darmo]);
    const [tunjungan, darmo] = items;
    expect(Object.keys(tunjungan!)).toEqual(['proposalId', 'drawLine']);
    // Both roads of the newest survey in order, the segments exactly as drawn (no precision lost).
    expect(tunjungan!.drawLine.lokasi).toEqual(TUNJUNGAN);
    expect(darmo!.drawLine.lokasi).toEqual(DARMO);
    for (const segment of tunjungan!.drawLine.lokasi) {
      expect(Object.keys(segment).sort()).toEqual(['endLat', 'endLon', 'startLat', 'startLon']);
    }
    expect(
      (await specItems<TDashboardProposalItem>('/api-web/dashboard?year=2025')).map((i) => i.proposalId),
    ).toEqual([ids.darmo]);
  });

  it('answers the compact form only when asked (format=encoded), and refuses another format', async () => {
    const bad = await get('/api-web/dashboard?format=polyline');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.format).toEqual([
      'Format harus encoded, atau dikosongkan untuk bentuk spesifikasi.',
    ]);
    // Each form has its own ETag and kept body: the other form's ETag is not answered 304.
    const compact = await get('/api-web/dashboard?format=encoded');
    const spec = await get('/api-web/dashboard', headers.admin, {
      'if-none-match': compact.headers.etag as string,
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers.etag).not.toBe(compact.headers.etag);
    expect(spec.json().data[0]).toHaveProperty('drawLine');
    expect(compact.json().data[0]).toHaveProperty('lines');
    const compactAgain = await get('/api-web/dashboard?format=encoded');
    expect(compactAgain.json().data[0]).toHaveProperty('lines');
  });

  it('answers each surveyed proposal with the encoded lines of its newest submitted survey', async () => {
    const items = await proposalItems();
    expect(items.map((item) => item.proposalId)).toEqual([ids.tunjungan, ids.darmo]);
    const [tunjungan, darmo] = items;
    // Three joined segments are one line of four points; the segment apart is a line of its own.
    expect(tunjungan!.lines).toHaveLength(2);
    expectSameLine(tunjungan!.lines[0]!, segmentsToPaths(TUNJUNGAN.slice(0, 3))[0]!);
    expect(decodeLine(tunjungan!.lines[0]!)).toHaveLength(4);
    expectSameLine(tunjungan!.lines[1]!, [
      [-7.265, 112.744],
      [-7.266, 112.75],
    ]);
    expectSameLine(darmo!.lines[0]!, [
      [-7.287, 112.7385],
      [-7.2965, 112.737],
    ]);
    // Compact: no keys per point.
    expect(JSON.stringify(items)).not.toContain('startLat');
  });

  it('filters by proposal year: repeated, comma, bracketed, and an empty choice', async () => {
    expect((await proposalItems('?year=2024')).map((i) => i.proposalId)).toEqual([ids.tunjungan]);
    expect((await proposalItems('?year=2025')).map((i) => i.proposalId)).toEqual([ids.darmo]);
    expect((await proposalItems('?year=2024&year=2025')).map((i) => i.proposalId)).toEqual([
      ids.tunjungan,
      ids.darmo,
    ]);
    expect((await proposalItems('?year=2024,2025')).length).toBe(2);
    expect((await proposalItems('?year[]=2025')).map((i) => i.proposalId)).toEqual([ids.darmo]);
    expect(await proposalItems('?year=')).toEqual([]);
    expect(await proposalItems('?year=2023')).toEqual([]);
    const bad = await get('/api-web/dashboard?year=20x4');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['year.0']).toEqual(['Tahun harus 4 digit.']);
  });

  it('reads the same layer window by window of proposal ids (the embedded database) as in one query', async () => {
    for (const form of ['spec', 'encoded'] as const) {
      for (const filter of [{}, { years: [2025] }, { years: [] }]) {
        const whole = await proposalLayerRows(t.db, filter, { form });
        for (const window of [1, 2, 3])
          expect(await proposalLayerRows(t.db, filter, { window, form })).toEqual(whole);
      }
    }
    expect((await proposalLayerRows(t.db, {})).map((row) => row.proposalId)).toEqual([
      ids.tunjungan,
      ids.darmo,
    ]);
  });

  it('answers 304 to a current ETag and a new ETag once a survey is submitted', async () => {
    const first = await get('/api-web/dashboard?year=2024');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/api-web/dashboard?year=2024', headers.admin, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherFilter = await get('/api-web/dashboard?year=2025', headers.admin, { 'if-none-match': etag });
    expect(otherFilter.statusCode).toBe(200);

    await buildSurvey(t.db, { proposalId: ids.draftOnly!, lines: [{ drawLine: DARMO }] });
    const changed = await get('/api-web/dashboard?year=2024', headers.admin, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await proposalItems('?year=2025')).map((i) => i.proposalId)).toEqual([ids.darmo, ids.draftOnly]);
  });

  it('leaves out of the spec form the segments spec §5 would not draw (out of range, not numbers)', async () => {
    const [newest] = await t.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.proposalId, ids.darmo!), eq(surveys.isDraft, false)));
    const kept = { startLat: -7.29, startLon: 112.74, endLat: -7.291, endLon: 112.741 };
    const drawLine: LineSegment[] = [
      { startLat: 95, startLon: 112.74, endLat: -7.291, endLon: 112.741 },
      kept,
      { startLat: '-7.29', startLon: 112.74, endLat: -7.291, endLon: 112.741 } as never,
      { startLat: -7.29, startLon: 112.74, endLat: -7.291, endLon: -181 },
    ];
    // As the app writes a road: its encoded paths with its segments (the map draws roads with a line).
    const [road] = await t.db
      .insert(surveyRoads)
      .values({ surveyId: newest!.id, position: 5, drawLine, encodedPaths: encodeSegments(drawLine) })
      .returning({ id: surveyRoads.id });
    try {
      const items = await specItems<TDashboardProposalItem>('/api-web/dashboard?year=2025');
      expect(items.find((item) => item.proposalId === ids.darmo)!.drawLine.lokasi).toEqual([...DARMO, kept]);
    } finally {
      await t.db.delete(surveyRoads).where(eq(surveyRoads.id, road!.id));
    }
  });
});

describe('GET dashboard/completed-work', () => {
  it("answers spec §3's shape by default: idHash, color, coordinate; a multi-part work's parts beside", async () => {
    const items = await specItems<TDashboardCompletedWorkItem>('/api-web/dashboard/completed-work');
    expect(items.map((item) => item.idHash)).toEqual([ids.w1, ids.w2, ids.w3, ids.w4].map(String));
    const [tunjungan, kertajaya, paving] = items;
    expect(tunjungan).toEqual({
      idHash: String(ids.w1),
      color: '#1e88e5',
      coordinate: asPoints(TUNJUNGAN_WORK[0]!),
    });
    expect(kertajaya).toEqual({
      idHash: String(ids.w2),
      color: '#1e88e5',
      coordinate: asPoints(KERTAJAYA_PARTS[0]!),
      coordinateParts: KERTAJAYA_PARTS.map(asPoints),
    });
    expect(paving!.color).toBe('#ff0000');
    const filtered = await specItems<TDashboardCompletedWorkItem>(
      '/api-web/dashboard/completed-work?year=2025&format=',
    );
    expect(filtered.map((item) => item.idHash)).toEqual([ids.w3, ids.w4].map(String));
  });

  it('writes the same items from the stored text as from the parsed points, and drops what spec §5 would not draw', async () => {
    const stored = [
      { id: 1, color: '#1e88e5', lines: JSON.stringify(KERTAJAYA_PARTS).replaceAll(',', ', ') },
      { id: 2, color: null, lines: JSON.stringify(TUNJUNGAN_WORK).replaceAll(',', ', ') },
    ];
    const fast = JSON.parse(
      completedWorkLayerJson(
        stored.map((row) => ({ ...row, allDrawable: true })),
        'spec',
      ),
    );
    const parsed = JSON.parse(completedWorkLayerJson(stored, 'spec'));
    expect(fast).toEqual(parsed);
    expect(parsed[0].coordinateParts).toEqual(KERTAJAYA_PARTS.map(asPoints));
    expect(parsed[1]).toEqual({ idHash: '2', color: '#ff0000', coordinate: asPoints(TUNJUNGAN_WORK[0]!) });
    // A row written outside the app: a point out of range and a part left with one point are not drawn.
    const outside = JSON.stringify([
      [
        [-7.2601, 112.7401],
        [95, 112.7411],
      ],
      [
        [-7.27, 112.75],
        [-7.271, 200],
        [-7.272, 112.752],
      ],
    ]);
    expect(JSON.parse(completedWorkLayerJson([{ id: 3, color: null, lines: outside }], 'spec'))).toEqual([
      {
        idHash: '3',
        color: '#ff0000',
        coordinate: asPoints([
          [-7.27, 112.75],
          [-7.272, 112.752],
        ]),
      },
    ]);
  });

  it('keeps the two forms apart: own ETags and bodies, and refuses another format', async () => {
    const compact = await get('/api-web/dashboard/completed-work?format=encoded');
    const spec = await get('/api-web/dashboard/completed-work', headers.admin, {
      'if-none-match': compact.headers.etag as string,
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers.etag).not.toBe(compact.headers.etag);
    expect(spec.json().data[0]).toHaveProperty('coordinate');
    expect(compact.json().data[0]).toHaveProperty('lines');
    expect((await get('/api-web/dashboard/completed-work?format=json')).statusCode).toBe(422);
  });

  it('answers every work with its type colour (red without one) and its parts encoded', async () => {
    const items = await workItems();
    expect(items.map((item) => item.id)).toEqual([ids.w1, ids.w2, ids.w3, ids.w4]);
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(ids.w1!)).toMatchObject({ idHash: String(ids.w1), color: '#1e88e5' });
    expect(byId.get(ids.w3!)!.color).toBe('#ff0000');
    const kertajaya = byId.get(ids.w2!)!;
    expect(kertajaya.lines).toHaveLength(2);
    expectSameLine(kertajaya.lines[0]!, KERTAJAYA_PARTS[0]!);
    expectSameLine(kertajaya.lines[1]!, KERTAJAYA_PARTS[1]!);
  });

  it('filters by year, location (lokasi names) and type, alone and together', async () => {
    const idsOf = async (query: string) => (await workItems(query)).map((item) => item.id);
    expect(await idsOf('?year=2025')).toEqual([ids.w3, ids.w4]);
    expect(await idsOf('?year=2024&year=2025')).toHaveLength(4);
    expect(await idsOf('?location=Jalan%20Tunjungan')).toEqual([ids.w1, ids.w3]);
    expect(await idsOf('?location[]=Jalan%20Tunjungan&location[]=Jalan%20Kertajaya')).toEqual([
      ids.w1,
      ids.w2,
      ids.w3,
    ]);
    expect(await idsOf(`?type_work=${ids.paving}`)).toEqual([ids.w3, ids.w4]);
    expect(await idsOf(`?type_work=${ids.aspal}&location=Jalan%20Tunjungan&year=2024`)).toEqual([ids.w1]);
    expect(await idsOf('?type_work=')).toEqual([]);
    expect(await idsOf('?year=')).toEqual([]);
    expect((await get('/api-web/dashboard/completed-work?type_work=abc')).statusCode).toBe(422);
  });

  it('answers 304 while nothing changed and a new ETag after an import', async () => {
    const first = await get('/api-web/dashboard/completed-work?year=2024');
    const etag = first.headers.etag as string;
    expect(
      (await get('/api-web/dashboard/completed-work?year=2024', headers.umum, { 'if-none-match': etag }))
        .statusCode,
    ).toBe(304);
    await buildCompletedWorkImport(t.db, { year: 2023, typeWorkColorId: ids.aspal!, fileName: 'lama.zip' });
    const after = await get('/api-web/dashboard/completed-work?year=2024', headers.admin, {
      'if-none-match': etag,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('roles', () => {
  it('lets admin, structural and umum in; consultan gets 403 and no token 401', async () => {
    const urls = [
      '/api-web/dashboard',
      '/api-web/dashboard/completed-work',
      '/api-web/dashboard/search?search=tunjungan',
      '/api-web/dashboard/export?type=excel',
    ];
    for (const url of urls) {
      expect((await get(url, headers.structural)).statusCode, url).toBe(200);
      expect((await get(url, headers.umum)).statusCode, url).toBe(200);
      expect((await get(url, headers.consultan)).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
  });
});

describe('GET dashboard/search', () => {
  it('finds roads, completed-work locations and proposals of our data with the box to fit', async () => {
    const response = await get('/api-web/dashboard/search?search=tunjungan');
    expect(response.statusCode).toBe(200);
    const places = response.json().data as TDashboardPlace[];
    const road = places.find((place) => place.kind === 'road');
    expect(road).toMatchObject({ label: 'Jalan Tunjungan' });
    expect(road!.bounds).toEqual([
      [-7.266, 112.7381],
      [-7.2575, 112.75],
    ]);
    expect(places.find((place) => place.kind === 'completed-work')).toMatchObject({
      label: 'Jalan Tunjungan',
      bounds: [
        [-7.2628, 112.7381],
        [-7.2575, 112.7395],
      ],
    });
    const byName = (await get('/api-web/dashboard/search?search=budi')).json().data as TDashboardPlace[];
    expect(byName).toEqual([expect.objectContaining({ kind: 'proposal', id: ids.tunjungan })]);
    expect((await get('/api-web/dashboard/search?search=')).statusCode).toBe(422);
  });
});

async function exportOf(query: string, as = headers.admin) {
  const response = await get(`/api-web/dashboard/export${query}`, as);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
}

async function sheetsOf(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheetOf = (name: string) => {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) throw new Error(`no sheet ${name}`);
    return sheet;
  };
  const rowsOf = (name: string) => {
    const sheet = sheetOf(name);
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Record<string, unknown>[] = [];
    const cells: Record<string, ExcelJS.Cell>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((key, index) => [key, values[index]])));
      cells.push(Object.fromEntries(header.map((key, index) => [key, row.getCell(index + 1)])));
    });
    return { header, rows, cells };
  };
  return { names: workbook.worksheets.map((sheet) => sheet.name), sheetOf, rowsOf };
}

/** A calendar day as exceljs reads a day cell back. */
const day = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

function pdfText(content: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-pdf-'));
  try {
    const file = path.join(dir, 'export.pdf');
    writeFileSync(file, content);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('GET dashboard/export', () => {
  it('saves Excel as Export Dashboard.xlsx with the filtered proposals and works on two sheets', async () => {
    const response = await exportOf(
      `?type=excel&proposal_year=2024&completed_work_year=2024&completed_work_year=2025&completed_work_type_work=${ids.aspal}`,
    );
    expect(response.headers['content-disposition']).toContain('filename="Export Dashboard.xlsx"');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { names, rowsOf } = await sheetsOf(response.rawPayload);
    expect(names).toEqual(['Usulan', 'Pekerjaan Selesai']);
    const usulan = rowsOf('Usulan');
    expect(usulan.header).toEqual([
      'No',
      'ID Usulan',
      'Tanggal Usulan',
      'Jenis Usulan',
      'Pengusul',
      'Jalan',
      'RT',
      'RW',
      'Kelurahan',
      'Kecamatan',
      'Alamat',
      'Konsultan',
      'Status',
      'Tanggal Survey',
      'Estimasi Biaya',
    ]);
    expect(usulan.rows).toHaveLength(1);
    expect(usulan.rows[0]).toMatchObject({
      'ID Usulan': ids.tunjungan,
      'Tanggal Usulan': day('2024-03-10'),
      Pengusul: 'Budi Santoso',
      Jalan: 'Jalan Tunjungan',
      RT: '03',
      RW: '05',
      Status: 'Sudah disurvey',
      'Tanggal Survey': day('2024-05-01'),
      // 185,000 × 120 × 6 on each of the two survey roads.
      'Estimasi Biaya': 266_400_000,
    });
    const works = rowsOf('Pekerjaan Selesai');
    expect(works.header).toEqual([
      'No',
      'Nama Pekerjaan',
      'Lokasi',
      'Jenis Pekerjaan',
      'Tahun Pelaksana',
      'Panjang Lokasi (m)',
      'Total Panjang Paket (m)',
      'Nominal Lokasi',
      'Total Nominal Paket',
    ]);
    // One package: its works in file order.
    expect(works.rows.map((row) => row.Lokasi)).toEqual(['Jalan Tunjungan', 'Jalan Kertajaya']);
    expect(works.rows[0]).toMatchObject({
      'Jenis Pekerjaan': 'Pengaspalan',
      'Tahun Pelaksana': 2024,
      'Panjang Lokasi (m)': 620.5,
      'Nominal Lokasi': 250_000_000,
      'Total Nominal Paket': 900_000_000,
    });
  });

  it('writes days as dates shown DD-MM-YYYY and money as numbers shown in whole Rupiah', async () => {
    const { rowsOf } = await sheetsOf(
      (await exportOf(`?type=excel&proposal_year=2024&completed_work_type_work=${ids.aspal}`)).rawPayload,
    );
    const [proposal] = rowsOf('Usulan').cells;
    for (const header of ['Tanggal Usulan', 'Tanggal Survey']) {
      expect(proposal![header]!.type, header).toBe(ExcelJS.ValueType.Date);
      expect(proposal![header]!.numFmt, header).toBe('dd-mm-yyyy');
    }
    expect(proposal!['Estimasi Biaya']!.value).toBe(266_400_000);
    expect(proposal!['Estimasi Biaya']!.numFmt).toBe('"Rp" #,##0');
    const [work] = rowsOf('Pekerjaan Selesai').cells;
    for (const header of ['Nominal Lokasi', 'Total Nominal Paket']) {
      expect(typeof work![header]!.value, header).toBe('number');
      expect(work![header]!.numFmt, header).toBe('"Rp" #,##0');
    }
  });

  it('filters every sheet from its header row over all its rows, and keeps the header in view', async () => {
    const book = await sheetsOf((await exportOf('?type=excel')).rawPayload);
    for (const name of book.names) {
      const sheet = book.sheetOf(name);
      const { header, rows } = book.rowsOf(name);
      expect(rows.length, name).toBeGreaterThan(0);
      const lastColumn = sheet.getColumn(header.length).letter;
      expect(sheet.autoFilter, name).toBe(`A1:${lastColumn}${rows.length + 1}`);
      expect(sheet.views, name).toEqual([
        expect.objectContaining({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' }),
      ]);
    }
  });

  it('puts RT and RW in columns of their own, a dash for one not given; the PDF keeps RT/RW', async () => {
    const { rowsOf } = await sheetsOf((await exportOf('?type=excel&proposal_year=2025')).rawPayload);
    const usulan = rowsOf('Usulan');
    expect(usulan.header).not.toContain('RT/RW');
    const darmo = usulan.rows.find((row) => row['ID Usulan'] === ids.darmo);
    expect(darmo).toMatchObject({ RT: '07', RW: '-' });
    const text = pdfText((await exportOf('?type=pdf&proposal_year=2025')).rawPayload);
    expect(text).toContain('RT/RW');
    expect(text).toContain('07/-');
  });

  it('writes text as typed, never as a formula, and leaves the nominal columns out for umum', async () => {
    const response = await exportOf('?type=excel&completed_work_location=Jalan%20Raya%20Darmo', headers.umum);
    const { rowsOf } = await sheetsOf(response.rawPayload);
    const usulan = rowsOf('Usulan');
    expect(usulan.header).not.toContain('Estimasi Biaya');
    const darmo = usulan.cells.find((cells) => cells['ID Usulan']!.value === ids.darmo)!;
    expect(darmo.Pengusul!.value).toBe('=cmd|"/c calc"!A1');
    expect(darmo.Alamat!.value).toBe('-');
    const works = rowsOf('Pekerjaan Selesai');
    expect(works.header).not.toContain('Nominal Lokasi');
    expect(works.header).not.toContain('Total Nominal Paket');
    expect(works.rows).toEqual([expect.objectContaining({ 'Nama Pekerjaan': '@SUM(1+1)' })]);
    for (const cell of [darmo.Pengusul!, darmo.Alamat!, works.cells[0]!['Nama Pekerjaan']!]) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    const sheets = [...(await zipEntries(response.rawPayload))].filter(([name]) =>
      name.startsWith('xl/worksheets/sheet'),
    );
    expect(sheets).toHaveLength(2);
    for (const [name, xml] of sheets) expect(xml.toString(), name).not.toMatch(/<f[\s>/]/);
    expect(JSON.stringify(works.rows)).not.toContain('250000000');
  });

  it('saves PDF as Export Dashboard.pdf with the filters, the counts and both tables', async () => {
    const response = await exportOf('?type=pdf&proposal_year=2025&completed_work_location=Jalan%20Tunjungan');
    expect(response.headers['content-disposition']).toContain('filename="Export Dashboard.pdf"');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Export Dashboard');
    expect(text).toMatch(/Tahun Usulan Pekerjaan: 2025/);
    expect(text).toMatch(/Lokasi Pekerjaan Selesai: Jalan Tunjungan/);
    expect(text).toMatch(/Jumlah Usulan: 2/);
    expect(text).toMatch(/Jumlah Pekerjaan Selesai: 2/);
    expect(text).toContain('Paving Kampung');
    expect(text).toContain('Paket Tunjungan Kertajaya');
    expect(text).toContain('Total Nominal Paket');
    expect(text).toContain('Rp 250.000.000');
  });

  it('gives umum a PDF without any nominal value', async () => {
    const text = pdfText((await exportOf('?type=pdf', headers.umum)).rawPayload);
    expect(text).toContain('Jumlah Pekerjaan Selesai: 4');
    expect(text).not.toContain('Nominal');
    expect(text).not.toContain('Estimasi Biaya');
    expect(text).not.toContain('Rp ');
  });

  it('refuses an unknown type with 422', async () => {
    const response = await get('/api-web/dashboard/export?type=csv');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.type).toEqual(['Tipe export harus pdf atau excel.']);
  });
});
