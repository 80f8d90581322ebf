import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
import type { LatLon } from '../../db/schema/index.ts';
import { PROPOSAL_LINES_LABEL } from './dashboard.presenter.ts';

let t: TestApp;
const headers: Record<'admin' | 'umum', Record<string, string>> = { admin: {}, umum: {} };
const ids: Record<string, number> = {};

const RED = [0xff, 0x00, 0x00] as const;
const BLUE = [0x1e, 0x88, 0xe5] as const;
const GREEN = [0x2e, 0x7d, 0x32] as const;

/** A proposal's surveyed line on Jalan Tunjungan, with an asphalt work beside it and a paving work east. */
const PROPOSAL_LINE = { startLat: -7.2575, startLon: 112.7381, endLat: -7.2628, endLon: 112.7395 };
const ASPHALT_WORK: LatLon[][] = [
  [
    [-7.257, 112.7371],
    [-7.2623, 112.7385],
  ],
];
const PAVING_WORK: LatLon[][] = [
  [
    [-7.259, 112.743],
    [-7.259, 112.748],
  ],
];

beforeAll(async () => {
  t = await createTestApp();
  headers.admin = (await t.signIn('admin')).headers;
  headers.umum = (await t.signIn('umum')).headers;
  const surveyor = await t.buildUser({ role: 'consultan' });
  const place = await buildPlace(t.db, {
    subdistrict: 'Genteng',
    village: 'Kapasari',
    road: 'Jalan Tunjungan',
  });
  const proposal = await buildProposal(t.db, {
    proposalDate: '2025-02-10',
    roadId: place.roadId,
    villageId: place.villageId,
    consultantId: surveyor.consultantId ?? undefined,
    statusType: 'surveyed',
  });
  await buildSurvey(t.db, { proposalId: proposal.id, lines: [{ drawLine: [PROPOSAL_LINE] }] });
  const asphalt = await buildWorkType(t.db, { typeWork: 'Pengaspalan', color: '#1e88e5' });
  const paving = await buildWorkType(t.db, { typeWork: 'Paving', color: '#2e7d32' });
  ids.asphalt = asphalt.id;
  for (const [type, coordinates] of [
    [asphalt, ASPHALT_WORK],
    [paving, PAVING_WORK],
  ] as const) {
    const imported = await buildCompletedWorkImport(t.db, { year: 2024, typeWorkColorId: type.id });
    await buildCompletedWork(t.db, { importId: imported.id, coordinates });
  }
});
afterAll(async () => {
  await t?.close();
});

async function pdfOf(query: string, as = headers.admin) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api-web/dashboard/export${query}`,
    headers: as,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.rawPayload;
}

/** The first page as poppler reads it: its text and its pixels (a binary PPM at 50 dpi). */
function firstPage(content: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-pdf-'));
  try {
    const file = path.join(dir, 'export.pdf');
    writeFileSync(file, content);
    const text = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', file, '-'], {
      encoding: 'utf8',
    });
    execFileSync('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const ppm = readFileSync(path.join(dir, 'page-1.ppm'));
    return { text, pixels: parsePpm(ppm) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parsePpm(ppm: Buffer) {
  const header = ppm.toString('latin1', 0, 40).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
  if (!header) throw new Error('not a binary PPM');
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), rgb: ppm.subarray(whole.length) };
}

/** How many pixels are within a small distance of a colour (anti-aliased edges differ a little). */
function pixelsOf(pixels: ReturnType<typeof parsePpm>, color: readonly number[]) {
  let count = 0;
  for (let at = 0; at + 2 < pixels.rgb.length; at += 3) {
    const distance =
      Math.abs(pixels.rgb[at]! - color[0]!) +
      Math.abs(pixels.rgb[at + 1]! - color[1]!) +
      Math.abs(pixels.rgb[at + 2]! - color[2]!);
    if (distance < 40) count += 1;
  }
  return count;
}

describe('GET dashboard/export?type=pdf, its first page', () => {
  it('carries the letterhead, the legend and a map of the filtered lines with a scale and north arrow', async () => {
    const { text, pixels } = firstPage(await pdfOf('?type=pdf'));
    expect(text).toContain('PEMERINTAH KOTA SURABAYA');
    expect(text).toContain('DINAS SUMBER DAYA AIR DAN BINA MARGA');
    expect(text).toContain('Legenda');
    expect(text).toContain(PROPOSAL_LINES_LABEL);
    expect(text).toContain('Pengaspalan');
    expect(text).toContain('Paving');
    // The scale bar: 0 and a round length; the north arrow's U.
    expect(text).toMatch(/\b(100|200|500) m\b|\b1 km\b/);
    expect(text).toMatch(/(^|\s)U(\s|$)/m);
    // Each colour is drawn: the lines on the map and their swatches in the legend.
    expect(pixelsOf(pixels, RED)).toBeGreaterThan(40);
    expect(pixelsOf(pixels, BLUE)).toBeGreaterThan(40);
    expect(pixelsOf(pixels, GREEN)).toBeGreaterThan(40);
  });

  it('draws only the work types of the filter', async () => {
    const { text, pixels } = firstPage(await pdfOf(`?type=pdf&completed_work_type_work=${ids.asphalt}`));
    expect(text).not.toMatch(/^\s*Paving\s*$/m);
    expect(text).not.toContain('Paving: 1');
    expect(pixelsOf(pixels, BLUE)).toBeGreaterThan(40);
    expect(pixelsOf(pixels, GREEN)).toBe(0);
    expect(pixelsOf(pixels, RED)).toBeGreaterThan(40);
  });

  it('says so when no line matches, and draws none', async () => {
    const { text, pixels } = firstPage(await pdfOf('?type=pdf&proposal_year=1999&completed_work_year=1999'));
    expect(text).toContain('Tidak ada garis untuk filter ini.');
    for (const color of [RED, BLUE, GREEN]) expect(pixelsOf(pixels, color)).toBe(0);
  });

  it('gives umum the same map', async () => {
    const { pixels } = firstPage(await pdfOf('?type=pdf', headers.umum));
    expect(pixelsOf(pixels, BLUE)).toBeGreaterThan(40);
    expect(pixelsOf(pixels, RED)).toBeGreaterThan(40);
  });
});
