import type {
  TCompletedWorkDetail,
  TCompletedWorkImportResult,
  TCompletedWorkImportRow,
  TCompletedWorkRow,
} from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FEATURES, STREETS, shapefileZip } from '../../../test/completed-work-zips.ts';
import { buildCompletedWork, buildWorkType } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { completedWorkImports, completedWorks } from '../../db/schema/index.ts';
import { buildTemplateZip } from './completed-work-template.ts';

let t: TestApp;
let admin: Record<string, string>;
let umum: Record<string, string>;
let structural: Record<string, string>;
let consultant: Record<string, string>;
let aspal: { id: number; typeWork: string; color: string };
let paving: { id: number; typeWork: string; color: string };
const imports: Record<string, TCompletedWorkImportResult> = {};

async function importZip(name: string, year: number, typeId: number, content: Buffer) {
  const body = await multipart(
    { year, type_work_id: typeId },
    { file: [{ name, content, type: 'application/zip' }] },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api-web/completed-work',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().status.message).toBe('Import data Pekerjaan Selesai');
  return response.json().data as TCompletedWorkImportResult;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  umum = (await t.signIn('umum')).headers;
  structural = (await t.signIn('structural')).headers;
  consultant = (await t.signIn('consultan')).headers;
  aspal = await buildWorkType(t.db, { typeWork: 'Pengaspalan', color: '#e53935' });
  paving = await buildWorkType(t.db, { typeWork: 'Paving', color: '#fb8c00' });
  imports.kota = await importZip('Jalan Kota 2024.zip', 2024, aspal.id, await shapefileZip(SAMPLE_FEATURES));
  imports.paving = await importZip(
    'paving-kampung-2025.zip',
    2025,
    paving.id,
    await shapefileZip(SAMPLE_FEATURES.slice(2), { crs: 'wgs84' }),
  );
  imports.template = await importZip(
    'format-pekerjaan-selesai.zip',
    2025,
    aspal.id,
    await buildTemplateZip(),
  );
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

describe('GET completed-work', () => {
  it('lists imports as spec §3 rows, newest first, in data.data with data.total', async () => {
    const response = await get('/api-web/completed-work');
    expect(response.statusCode).toBe(200);
    const { data, total, page, limit } = response.json().data;
    expect({ total, page, limit }).toEqual({ total: 3, page: 1, limit: 10 });
    expect(data.map((row: TCompletedWorkImportRow) => row.name)).toEqual([
      'format-pekerjaan-selesai.zip',
      'paving-kampung-2025.zip',
      'Jalan Kota 2024.zip',
    ]);
    expect(data[2]).toEqual({
      id: imports.kota!.completedWork.id,
      name: 'Jalan Kota 2024.zip',
      year: 2024,
      typeWorkColor: { id: aspal.id, idHash: String(aspal.id), typeWork: 'Pengaspalan', color: '#e53935' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('filters by year, searches file name and type, sorts and pages', async () => {
    const names = async (query: string) => {
      const response = await get(`/api-web/completed-work?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.data.map((row: TCompletedWorkImportRow) => row.name);
    };
    expect(await names('year=2024')).toEqual(['Jalan Kota 2024.zip']);
    expect(await names('year=2025&sort_by=name&order_by=asc')).toEqual([
      'format-pekerjaan-selesai.zip',
      'paving-kampung-2025.zip',
    ]);
    expect(await names('search=paving')).toEqual(['paving-kampung-2025.zip']);
    expect(await names('search=PENGASPALAN&sort_by=year&order_by=asc')).toEqual([
      'Jalan Kota 2024.zip',
      'format-pekerjaan-selesai.zip',
    ]);
    expect(await names('search=kota')).toEqual(['Jalan Kota 2024.zip']);
    expect(await names('limit=2&page=2')).toEqual(['Jalan Kota 2024.zip']);
    expect(await names('year=')).toHaveLength(3);

    const badYear = await get('/api-web/completed-work?year=24');
    expect(badYear.statusCode).toBe(422);
    expect(badYear.json().errors).toEqual({ year: ['Tahun harus 4 digit.'] });
    expect((await get('/api-web/completed-work?sort_by=storage_key')).statusCode).toBe(422);
  });

  it('is for admin and umum', async () => {
    expect((await get('/api-web/completed-work', umum)).json().data.total).toBe(3);
    expect((await get('/api-web/completed-work', structural)).statusCode).toBe(403);
    expect((await get('/api-web/completed-work', consultant)).statusCode).toBe(403);
    expect((await get('/api-web/completed-work', {})).statusCode).toBe(401);
  });
});

describe('GET completed-work-detail/{id}', () => {
  it('lists the works of one import with the import itself', async () => {
    const id = imports.kota!.completedWork.id;
    const response = await get(`/api-web/completed-work-detail/${id}?sort_by=id&order_by=asc`);
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(body.total).toBe(3);
    expect(body.completedWork).toEqual(imports.kota!.completedWork);
    const [first, second] = SAMPLE_FEATURES;
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      nama: 'Paket Tunjungan Kertajaya',
      lokasi: 'Jalan Tunjungan',
      jenisPekerjaan: 'Pengaspalan',
      tahun: 2024,
      panjang: first!.pjgPaket,
      panjangLokasi: first!.pjgLokasi,
    });
    expect(body.data[1].panjangLokasi).toBe(second!.pjgLokasi);
  });

  it('answers the total kept with the import, and counts an import written outside the app', async () => {
    const id = imports.kota!.completedWork.id;
    const total = async (query = '') =>
      (await get(`/api-web/completed-work-detail/${id}?${query}`)).json().data.total;
    const [kept] = await t.db
      .select({ workCount: completedWorkImports.workCount })
      .from(completedWorkImports)
      .where(eq(completedWorkImports.id, id));
    expect(kept?.workCount).toBe(3);
    expect(await total()).toBe(3);
    expect(await total('search=tunjungan')).toBe(2);
    // A row loaded by SQL (a restore from elsewhere, the bench's generator) carries no count.
    await t.db.update(completedWorkImports).set({ workCount: null }).where(eq(completedWorkImports.id, id));
    expect(await total()).toBe(3);
    await t.db.update(completedWorkImports).set({ workCount: 3 }).where(eq(completedWorkImports.id, id));
  });

  it('searches package and location, sorts by the whitelist and pages', async () => {
    const id = imports.kota!.completedWork.id;
    const rows = async (query: string) => {
      const response = await get(`/api-web/completed-work-detail/${id}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.data.map((row: TCompletedWorkRow) => row.lokasi);
    };
    expect(await rows('')).toEqual(['Jalan Raya Darmo', 'Jalan Kertajaya', 'Jalan Tunjungan']);
    expect(await rows('search=darmo')).toEqual(['Jalan Raya Darmo']);
    expect(await rows('search=tunjungan')).toEqual(['Jalan Kertajaya', 'Jalan Tunjungan']);
    expect(await rows('sort_by=lokasi&order_by=asc')).toEqual([
      'Jalan Kertajaya',
      'Jalan Raya Darmo',
      'Jalan Tunjungan',
    ]);
    expect(await rows('sort_by=panjangLokasi&order_by=desc&limit=1')).toHaveLength(1);
    expect(await rows('limit=2&page=2')).toEqual(['Jalan Tunjungan']);
    expect((await get(`/api-web/completed-work-detail/${id}?sort_by=coordinates`)).statusCode).toBe(422);
  });

  it("pages a search's matches in every sort as the whole list would, per import", async () => {
    const id = imports.kota!.completedWork.id;
    const page = async (query: string) => {
      const response = await get(`/api-web/completed-work-detail/${id}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const { data, total } = response.json().data;
      return { ids: data.map((row: TCompletedWorkRow) => row.id), total };
    };
    const matches = (row: TCompletedWorkRow) => /tunjungan/i.test(`${row.nama} ${row.lokasi}`);
    for (const sort of [
      'sort_by=id&order_by=asc',
      'order_by=desc',
      'sort_by=lokasi&order_by=desc',
      'sort_by=panjang&order_by=asc',
    ]) {
      const whole = (await get(`/api-web/completed-work-detail/${id}?${sort}`)).json().data.data;
      const expected = whole.filter(matches).map((row: TCompletedWorkRow) => row.id);
      expect(expected).toHaveLength(2);
      // Every page of the search, asked twice, is the matching slice of the whole list.
      for (const pass of [1, 2]) {
        expect(await page(`search=Tunjungan&${sort}&limit=1&page=1`), `${sort}, pass ${pass}`).toEqual({
          ids: [expected[0]],
          total: 2,
        });
        expect(await page(`search=Tunjungan&${sort}&limit=1&page=2`)).toEqual({
          ids: [expected[1]],
          total: 2,
        });
        expect(await page(`search=Tunjungan&${sort}&limit=1&page=3`)).toEqual({ ids: [], total: 2 });
      }
    }
    // The same search in another import answers that import's works only.
    const paving = imports.paving!.completedWork.id;
    const found = (await page('search=jalan')).ids;
    expect(found).toHaveLength(3);
    const other = (await get(`/api-web/completed-work-detail/${paving}?search=jalan`)).json().data;
    expect(other.total).toBe(1);
    expect(found).not.toContain(other.data[0].id);
  });

  it('answers 404 for an unknown import, 403 for structural and consultan', async () => {
    expect((await get('/api-web/completed-work-detail/99999')).statusCode).toBe(404);
    expect((await get('/api-web/completed-work-detail/abc')).statusCode).toBe(404);
    const id = imports.kota!.completedWork.id;
    expect((await get(`/api-web/completed-work-detail/${id}`, umum)).statusCode).toBe(200);
    expect((await get(`/api-web/completed-work-detail/${id}`, structural)).statusCode).toBe(403);
    expect((await get(`/api-web/completed-work-detail/${id}`, consultant)).statusCode).toBe(403);
  });
});

describe('GET completed-work-detail/{id}/detail', () => {
  async function workIdOf(importId: number, lokasi: string) {
    const response = await get(
      `/api-web/completed-work-detail/${importId}?search=${encodeURIComponent(lokasi)}`,
    );
    return response.json().data.data[0].id as number;
  }

  it('answers one work: its parts and every line of its package', async () => {
    const id = await workIdOf(imports.kota!.completedWork.id, 'Jalan Kertajaya');
    const response = await get(`/api-web/completed-work-detail/${id}/detail`);
    expect(response.statusCode).toBe(200);
    const detail: TCompletedWorkDetail = response.json().data;
    const feature = SAMPLE_FEATURES[1]!;
    expect(detail).toEqual({
      id,
      completedWorkId: imports.kota!.completedWork.id,
      nama: 'Paket Tunjungan Kertajaya',
      tahun: 2024,
      lokasi: 'Jalan Kertajaya',
      jenisPekerjaan: 'Pengaspalan',
      color: '#e53935',
      panjangLokasi: feature.pjgLokasi,
      panjang: feature.pjgPaket,
      nilaiLokasi: feature.nilaiLok,
      nilaiPaket: feature.nilaiPaket,
      coordinate: expect.any(Array),
      coordinateParts: [detail.coordinate],
      coodinatePerkerjaan: [expect.any(Array), expect.any(Array)],
    });
    // Spec §3: coordinate is one list of {latitude, longitude}. Written in UTM 49S to the centimetre and
    // read back: the street's points within ~1e-6 degrees.
    expect(detail.coordinate).toHaveLength(STREETS.kertajaya.length);
    detail.coordinate.forEach((point, index) => {
      const [lon, lat] = STREETS.kertajaya[index]!;
      expect(Object.keys(point)).toEqual(['latitude', 'longitude']);
      expect(point.latitude).toBeCloseTo(lat, 6);
      expect(point.longitude).toBeCloseTo(lon, 6);
    });
    // The package's lines, in file order: Jalan Tunjungan, then this one.
    expect(detail.coodinatePerkerjaan[0]![0]!.latitude).toBeCloseTo(STREETS.tunjungan[0]![1], 6);
    expect(detail.coodinatePerkerjaan[1]).toEqual(detail.coordinate);
  });

  it('answers a multi-part work: its first part as coordinate, every part in coordinateParts', async () => {
    const first: [number, number][] = [
      [-7.2601, 112.7401],
      [-7.2611, 112.7411],
    ];
    const second: [number, number][] = [
      [-7.2701, 112.7501],
      [-7.2711, 112.7511],
      [-7.2721, 112.7521],
    ];
    const importId = imports.kota!.completedWork.id;
    const work = await buildCompletedWork(t.db, {
      importId,
      packageName: 'Paket Dua Bagian',
      location: 'Jalan Dua Bagian',
      coordinates: [first, second],
    });
    try {
      const response = await get(`/api-web/completed-work-detail/${work.id}/detail`);
      const detail: TCompletedWorkDetail = response.json().data;
      const asPoints = (part: [number, number][]) =>
        part.map(([latitude, longitude]) => ({ latitude, longitude }));
      expect(detail.coordinate).toEqual(asPoints(first));
      expect(detail.coordinateParts).toEqual([asPoints(first), asPoints(second)]);
      expect(detail.coodinatePerkerjaan).toEqual([asPoints(first), asPoints(second)]);
    } finally {
      await t.db.delete(completedWorks).where(eq(completedWorks.id, work.id));
    }
  });

  it('leaves the nominal values out for umum (keys absent), keeps them for structural', async () => {
    const id = await workIdOf(imports.kota!.completedWork.id, 'Jalan Raya Darmo');
    const forUmum = (await get(`/api-web/completed-work-detail/${id}/detail`, umum)).json().data;
    expect(forUmum).not.toHaveProperty('nilaiLokasi');
    expect(forUmum).not.toHaveProperty('nilaiPaket');
    expect(forUmum).toMatchObject({
      lokasi: 'Jalan Raya Darmo',
      panjangLokasi: SAMPLE_FEATURES[2]!.pjgLokasi,
    });
    expect(forUmum.coodinatePerkerjaan).toHaveLength(1);
    const forStructural = await get(`/api-web/completed-work-detail/${id}/detail`, structural);
    expect(forStructural.statusCode).toBe(200);
    expect(forStructural.json().data.nilaiPaket).toBe(SAMPLE_FEATURES[2]!.nilaiPaket);
    expect((await get(`/api-web/completed-work-detail/${id}/detail`, consultant)).statusCode).toBe(403);
    expect((await get('/api-web/completed-work-detail/99999/detail')).statusCode).toBe(404);
  });
});

describe('select lists and the template', () => {
  const options = async (name: string, query = '') => {
    const response = await get(`/api/select-list/${name}${query}`, umum);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('give the years and locations of the imported works, and the work types', async () => {
    expect(await options('year-completed-work')).toEqual([{ year: 2025 }, { year: 2024 }]);
    expect(await options('location', '?search=darmo')).toEqual([{ lokasi: 'Jalan Raya Darmo' }]);
    expect((await options('location')).map((row: { lokasi: string }) => row.lokasi)).toEqual([
      'Jalan Embong Malang',
      'Jalan Kertajaya',
      'Jalan Raya Darmo',
      'Jalan Tunjungan',
    ]);
    expect(await options('type-work-color', '?search=pav')).toEqual([
      { id: paving.id, idHash: String(paving.id), typeWork: 'Paving', color: '#fb8c00' },
    ]);
  });

  it('serve the template without a sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/completed-work/template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="format-pekerjaan-selesai.zip"; filename*=UTF-8''format-pekerjaan-selesai.zip`,
    );
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });
});
