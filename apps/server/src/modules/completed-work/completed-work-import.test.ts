import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPLETED_WORK_MESSAGES, JOB_STEPS, type TCompletedWorkImportResult } from '@eusulan/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  geoJsonOf,
  kmlOf,
  lieAboutSize,
  rawZip,
  SAMPLE_FEATURES,
  STREETS,
  shapefileZip,
} from '../../../test/completed-work-zips.ts';
import { buildWorkType } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { waitForJob } from '../../../test/jobs.ts';
import { fixture, multipart } from '../../../test/multipart.ts';
import { completedWorkImports, completedWorks } from '../../db/schema/index.ts';
import { UTM49S_PRJ, WGS84_PRJ, writeLineShapefile, zipEntries } from './completed-work-shapefile-writer.ts';
import { buildTemplateZip } from './completed-work-template.ts';

let t: TestApp;
let admin: Record<string, string>;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  typeId = (await buildWorkType(t.db, { typeWork: 'Pengaspalan' })).id;
});
afterAll(async () => {
  await t.close();
});

async function upload(
  content: Buffer | undefined,
  options: {
    name?: string;
    year?: string | number;
    typeId?: string | number;
    headers?: Record<string, string>;
  } = {},
) {
  const body = await multipart(
    { year: options.year ?? 2024, type_work_id: options.typeId ?? typeId },
    content ? { file: [{ name: options.name ?? 'pekerjaan.zip', content, type: 'application/zip' }] } : {},
  );
  return t.app.inject({
    method: 'POST',
    url: '/api-web/completed-work',
    headers: { ...(options.headers ?? admin), ...body.headers },
    payload: body.payload,
  });
}

async function imported(content: Buffer, name = 'pekerjaan.zip') {
  const response = await upload(content, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as TCompletedWorkImportResult;
}

const worksOf = (importId: number) =>
  t.db.select().from(completedWorks).where(eq(completedWorks.importId, importId)).orderBy(completedWorks.id);

const storedFiles = () => {
  const root = path.join(t.config.DATA_DIR, 'files', 'completed-works');
  try {
    return readdirSync(root, { recursive: true }).filter((entry) => String(entry).endsWith('.zip'));
  } catch {
    return [];
  }
};
const staged = () => {
  try {
    return readdirSync(path.join(t.config.DATA_DIR, 'tmp', 'uploads'));
  } catch {
    return [];
  }
};
const counts = async () => ({
  imports: (await t.db.select({ n: count() }).from(completedWorkImports))[0]?.n,
  works: (await t.db.select({ n: count() }).from(completedWorks))[0]?.n,
  files: storedFiles().length,
});

/** A refused import: 400 with its reasons, and nothing stored anywhere. */
async function refused(content: Buffer, name = 'pekerjaan.zip') {
  const before = await counts();
  const response = await upload(content, { name });
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.status.message).toBe(COMPLETED_WORK_MESSAGES.importFailed);
  expect(await counts()).toEqual(before);
  expect(staged()).toEqual([]);
  return body.data.errorList as string[];
}

describe('POST completed-work: good files', () => {
  it('imports a UTM 49S shapefile: one list row, a work per feature, WGS84 within a metre', async () => {
    // A known point: UTM 49S E 693000, N 9198000 is -7.252194545, 112.748071866 (PROJ 9 cs2cs EPSG:32749).
    const files = writeLineShapefile([
      {
        parts: [
          [
            [693000, 9198000],
            [693100, 9198000],
          ],
        ],
        attributes: {
          NAMA: 'Paket Titik Uji',
          LOKASI: 'Jalan Uji',
          PJG_LOKASI: 100,
          PJG_PAKET: 100,
          NILAI_LOK: 5_000_000,
          NILAI_PAKET: 5_000_000,
        },
      },
    ]);
    const zip = await zipEntries([
      { name: 'uji.shp', content: files.shp },
      { name: 'uji.shx', content: files.shx },
      { name: 'uji.dbf', content: files.dbf },
      { name: 'uji.prj', content: UTM49S_PRJ },
    ]);
    const result = await imported(zip, 'Titik Uji.zip');
    expect(result).toMatchObject({
      completedWork: {
        name: 'Titik Uji.zip',
        year: 2024,
        typeWorkColor: { id: typeId, typeWork: 'Pengaspalan' },
      },
      works: 1,
      packages: 1,
      warnings: [],
    });
    const [work] = await worksOf(result.completedWork.id);
    const [lat, lon] = work!.coordinates[0]![0]!;
    const metresPerDegree = 111_320;
    expect(Math.abs(lat - -7.252194545) * metresPerDegree).toBeLessThan(1);
    expect(Math.abs(lon - 112.748071866) * metresPerDegree * Math.cos((7.25 * Math.PI) / 180)).toBeLessThan(
      1,
    );
    expect(work).toMatchObject({
      packageName: 'Paket Titik Uji',
      location: 'Jalan Uji',
      year: 2024,
      locationLength: '100.00',
      packageLength: '100.00',
      locationValue: 5_000_000,
      packageValue: 5_000_000,
    });
    expect(work!.minLat).toBeCloseTo(lat, 7);
  });

  it('imports a WGS84 shapefile and groups features by NAMA into packages', async () => {
    const result = await imported(await shapefileZip(SAMPLE_FEATURES, { crs: 'wgs84' }));
    expect(result.works).toBe(3);
    expect(result.packages).toBe(2);
    expect(result.warnings).toEqual([]);
    const works = await worksOf(result.completedWork.id);
    expect(works.map((work) => [work.packageName, work.location])).toEqual([
      ['Paket Tunjungan Kertajaya', 'Jalan Tunjungan'],
      ['Paket Tunjungan Kertajaya', 'Jalan Kertajaya'],
      ['Paket Darmo', 'Jalan Raya Darmo'],
    ]);
    expect(works[0]!.coordinates).toEqual([
      [
        [-7.2575, 112.7381],
        [-7.2628, 112.7395],
      ],
    ]);
    // NILAI_PAKET is NILAI_PAKE in a .dbf (dBase keeps 10 characters) and is read all the same.
    expect(works[0]!.packageValue).toBe(SAMPLE_FEATURES[0]!.nilaiPaket);
    expect(works[0]).toMatchObject({ minLat: -7.2628, maxLat: -7.2575, minLon: 112.7381, maxLon: 112.7395 });
  });

  it('imports a GeoJSON file in a zip, in a folder', async () => {
    const zip = await zipEntries([
      { name: 'data/pekerjaan.geojson', content: JSON.stringify(geoJsonOf(SAMPLE_FEATURES)) },
    ]);
    const result = await imported(zip);
    expect(result).toMatchObject({ works: 3, packages: 2, warnings: [] });
    const works = await worksOf(result.completedWork.id);
    expect(works[2]).toMatchObject({
      packageName: 'Paket Darmo',
      packageValue: SAMPLE_FEATURES[2]!.nilaiPaket,
    });
  });

  it('imports a GeoJSON in UTM 49S named by an old-style crs member', async () => {
    const collection = geoJsonOf(SAMPLE_FEATURES.slice(2));
    const feature = collection.features[0]!;
    feature.geometry.coordinates = [
      [693000, 9198000],
      [693000, 9198200],
    ] as never;
    feature.properties.PJG_LOKASI = 200;
    const zip = await zipEntries([
      {
        name: 'utm.json',
        content: JSON.stringify({
          ...collection,
          crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::32749' } },
        }),
      },
    ]);
    const result = await imported(zip);
    const [work] = await worksOf(result.completedWork.id);
    expect(work!.coordinates[0]![0]![0]).toBeCloseTo(-7.252194545, 6);
    expect(result.warnings).toEqual([]);
  });

  it('imports a KML file with its attributes as ExtendedData and a multi-part line', async () => {
    const features = [
      { ...SAMPLE_FEATURES[0]!, lines: [STREETS.tunjungan, STREETS.pemuda] },
      SAMPLE_FEATURES[2]!,
    ];
    features[0]!.pjgLokasi = null;
    const zip = await zipEntries([{ name: 'pekerjaan.kml', content: kmlOf(features) }]);
    const result = await imported(zip);
    expect(result).toMatchObject({ works: 2, packages: 2 });
    const works = await worksOf(result.completedWork.id);
    expect(works[0]!.coordinates).toHaveLength(2);
    expect(works[0]!.coordinates[1]).toEqual([
      [-7.265, 112.744],
      [-7.266, 112.75],
    ]);
    // A blank PJG_LOKASI is measured from the line: both parts, not the gap between them.
    expect(Number(works[0]!.locationLength)).toBeGreaterThan(1250);
    expect(Number(works[0]!.locationLength)).toBeLessThan(1350);
  });

  it('keeps multi-part shapefile lines as parts', async () => {
    const feature = { ...SAMPLE_FEATURES[2]!, lines: [STREETS.darmo, STREETS.pemuda, STREETS.tunjungan] };
    feature.pjgLokasi = null;
    const result = await imported(await shapefileZip([feature]));
    const [work] = await worksOf(result.completedWork.id);
    expect(work!.coordinates.map((part) => part.length)).toEqual([2, 2, 2]);
    expect(work!.coordinates[1]![0]![0]).toBeCloseTo(-7.265, 6);
    expect(work!.coordinates[1]![0]![1]).toBeCloseTo(112.744, 6);
  });

  it('warns (and still imports) when PJG_LOKASI is more than 10 % off the drawn line', async () => {
    const features = SAMPLE_FEATURES.map((feature, index) =>
      index === 1 ? { ...feature, pjgLokasi: (feature.pjgLokasi ?? 0) * 2 } : feature,
    );
    const result = await imported(await shapefileZip(features));
    expect(result.works).toBe(3);
    expect(result.warnings).toEqual([
      expect.stringMatching(
        /^Fitur ke-2 \(Paket Tunjungan Kertajaya - Jalan Kertajaya\): PJG_LOKASI .* m, panjang garis .* m\.$/,
      ),
    ]);
  });

  it('fills blank package figures from the package and reads Indonesian number text', async () => {
    const result = await imported(
      await shapefileZip(SAMPLE_FEATURES.slice(0, 2), {
        attributes: (feature) => ({
          NAMA: feature.nama,
          LOKASI: feature.lokasi,
          PJG_LOKASI: String(feature.pjgLokasi),
          PJG_PAKET: '',
          NILAI_LOK: `Rp ${(feature.nilaiLok ?? 0).toLocaleString('id-ID')}`,
          NILAI_PAKET: '',
        }),
      }),
    );
    const works = await worksOf(result.completedWork.id);
    const [first, second] = SAMPLE_FEATURES;
    expect(works.map((work) => Number(work.packageLength))).toEqual([
      (first!.pjgLokasi ?? 0) + (second!.pjgLokasi ?? 0),
      (first!.pjgLokasi ?? 0) + (second!.pjgLokasi ?? 0),
    ]);
    expect(works.map((work) => work.locationValue)).toEqual([first!.nilaiLok, second!.nilaiLok]);
    expect(works.map((work) => work.packageValue)).toEqual([first!.nilaiPaket, first!.nilaiPaket]);
  });

  it('reads dbf text as the .cpg says, and guesses UTF-8 or Windows-1252 without one', async () => {
    const named = (lokasi: string) => [{ ...SAMPLE_FEATURES[2]!, lokasi }];
    // The dbf writer stores one byte per character: a UTF-8 name is written as its bytes.
    const utf8Bytes = Buffer.from('Jalan Café Ngagel – Timur', 'utf8').toString('latin1');
    const withCpg = await imported(
      await shapefileZip(named(utf8Bytes), { extra: [{ name: 'jalan.cpg', content: 'UTF-8' }] }),
    );
    const guessedUtf8 = await imported(await shapefileZip(named(utf8Bytes)));
    const latin1 = await imported(await shapefileZip(named('Jalan Café Ngagel')));
    const ansiCpg = await imported(
      await shapefileZip(named('Jalan Café Ngagel'), {
        extra: [{ name: 'jalan.cpg', content: 'ANSI 1252\r\n' }],
      }),
    );
    const locationOf = async (result: TCompletedWorkImportResult) =>
      (await worksOf(result.completedWork.id))[0]!.location;
    expect(await locationOf(withCpg)).toBe('Jalan Café Ngagel – Timur');
    expect(await locationOf(guessedUtf8)).toBe('Jalan Café Ngagel – Timur');
    expect(await locationOf(latin1)).toBe('Jalan Café Ngagel');
    expect(await locationOf(ansiCpg)).toBe('Jalan Café Ngagel');
  });

  it('reads a shapefile without .prj by its extent, with a warning', async () => {
    const utm = await imported(await shapefileZip(SAMPLE_FEATURES, { omit: ['prj'] }));
    expect(utm.warnings).toEqual([
      'Tidak ada berkas .prj; koordinat dibaca sebagai WGS 84 / UTM zona 49S (EPSG:32749).',
    ]);
    const degrees = await imported(await shapefileZip(SAMPLE_FEATURES, { crs: 'wgs84', omit: ['prj'] }));
    expect(degrees.warnings).toEqual([
      'Tidak ada berkas .prj; koordinat dibaca sebagai WGS 84 (derajat, EPSG:4326).',
    ]);
    expect((await worksOf(utm.completedWork.id))[0]!.coordinates[0]![0]![0]).toBeCloseTo(-7.2575, 6);
  });

  it('imports the served template cleanly', async () => {
    const template = await t.app.inject({ method: 'GET', url: '/api/completed-work/template' });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toBe('application/zip');
    expect(template.headers['content-disposition']).toContain('format-pekerjaan-selesai.zip');
    const result = await imported(template.rawPayload, 'format-pekerjaan-selesai.zip');
    expect(result).toMatchObject({ works: 3, packages: 2, warnings: [] });
    const works = await worksOf(result.completedWork.id);
    expect(works.map((work) => work.location)).toEqual([
      'Jalan Tunjungan',
      'Jalan Embong Malang',
      'Jalan Raya Darmo',
    ]);
    expect(works.every((work) => work.locationValue && work.packageValue && work.packageLength)).toBe(true);
    // The committed file is what the builder makes (npm run template:completed-work -w @eusulan/server).
    expect(template.rawPayload.equals(await buildTemplateZip())).toBe(true);
  });

  it('stores the uploaded zip through the storage interface', async () => {
    const zip = await shapefileZip(SAMPLE_FEATURES);
    const result = await imported(zip);
    const [row] = await t.db
      .select()
      .from(completedWorkImports)
      .where(eq(completedWorkImports.id, result.completedWork.id));
    expect(row!.storageKey).toMatch(/^completed-works\/2024\/[0-9a-f-]{36}\.zip$/);
    expect(readFileSync(path.join(t.config.DATA_DIR, 'files', row!.storageKey)).equals(zip)).toBe(true);
    expect(staged()).toEqual([]);
  });
});

describe('POST completed-work: refused files (400, nothing stored)', () => {
  it('refuses entries with .. (also written with backslashes), absolute paths, and symlinks', async () => {
    const good = await shapefileZip(SAMPLE_FEATURES);
    expect(await refused(await rawZip([{ name: '../jalan.shp', content: good }]))).toEqual([
      "Nama berkas di dalam zip mengandung '..': ../jalan.shp",
    ]);
    expect(await refused(await rawZip([{ name: 'data/../../etc/jalan.dbf', content: 'x' }]))).toEqual([
      "Nama berkas di dalam zip mengandung '..': data/../../etc/jalan.dbf",
    ]);
    expect(await refused(await rawZip([{ name: '/etc/jalan.shp', content: 'x' }]))).toEqual([
      'Nama berkas di dalam zip berupa path absolut: /etc/jalan.shp',
    ]);
    expect(await refused(await rawZip([{ name: 'C:/jalan.shp', content: 'x' }]))).toEqual([
      'Nama berkas di dalam zip berupa path absolut: C:/jalan.shp',
    ]);
    // Backslashes are Windows folders: read as such, a climb out is still a climb out.
    expect(await refused(await rawZip([{ name: 'data\\..\\..\\jalan.shp', content: 'x' }]))).toEqual([
      "Nama berkas di dalam zip mengandung '..': data/../../jalan.shp",
    ]);
    expect(
      await refused(await rawZip([{ name: 'jalan.prj', content: '/etc/passwd', unixPermissions: 0o120777 }])),
    ).toEqual(['Zip berisi symlink: jalan.prj']);
  });

  it('refuses more than 1,000 entries', async () => {
    const entries = Array.from({ length: 1001 }, (_, n) => ({ name: `f${n}.txt`, content: 'x' }));
    expect(await refused(await rawZip(entries))).toEqual(['Zip berisi 1.001 berkas; maksimal 1.000.']);
  });

  it('refuses a compression ratio above 100:1 and an entry bigger than it declares', async () => {
    const bomb = await rawZip([{ name: 'jalan.dbf', content: Buffer.alloc(4 * 1024 * 1024) }]);
    expect(await refused(bomb)).toEqual(['Rasio kompresi jalan.dbf melebihi 100:1 (dicurigai zip bomb).']);
    // Declared sizes lie: 4 MB of zeros that claims to be 2,000 bytes is caught while extracting.
    const files = writeLineShapefile([]);
    const liar = lieAboutSize(
      await rawZip([
        { name: 'jalan.shp', content: files.shp },
        { name: 'jalan.dbf', content: Buffer.alloc(4 * 1024 * 1024) },
      ]),
      'jalan.dbf',
      2000,
    );
    expect(await refused(liar)).toEqual([
      'Isi jalan.dbf tidak sesuai dengan ukuran yang tercatat di zip (dicurigai zip bomb).',
    ]);
  });

  it('refuses a shapefile without .dbf or without .shp, and a zip without any layer', async () => {
    expect(await refused(await shapefileZip(SAMPLE_FEATURES, { omit: ['dbf'] }))).toEqual([
      'Berkas .dbf untuk jalan.shp tidak ditemukan di dalam zip.',
    ]);
    expect(await refused(await shapefileZip(SAMPLE_FEATURES, { omit: ['shp'] }))).toEqual([
      'Berkas .shp tidak ditemukan di dalam zip (ada jalan.shx).',
    ]);
    expect(await refused(await rawZip([{ name: 'catatan.txt', content: 'halo' }]))).toEqual([
      'Zip tidak berisi shapefile (.shp, .shx, .dbf, .prj), GeoJSON, KML atau KMZ.',
    ]);
    const two = await rawZip([
      { name: 'a.geojson', content: '{}' },
      { name: 'b.kml', content: '<kml/>' },
    ]);
    expect(await refused(two)).toEqual([
      'Zip berisi 2 berkas GeoJSON/KML (a.geojson, b.kml); unggah satu layer per file.',
    ]);
  });

  it('refuses an unreadable .prj and an empty layer', async () => {
    const expected = [
      'Berkas .prj tidak dapat dibaca: sistem koordinat tidak dikenali (gunakan UTM 49S atau WGS84).',
    ];
    expect(await refused(await shapefileZip(SAMPLE_FEATURES, { prj: 'bukan sistem koordinat' }))).toEqual(
      expected,
    );
    expect(await refused(await shapefileZip(SAMPLE_FEATURES, { prj: 'PROJCS["rusak' }))).toEqual(expected);
    expect(await refused(await shapefileZip([]))).toEqual(['Layer tidak berisi fitur.']);
    const emptyGeoJson = await zipEntries([
      { name: 'kosong.geojson', content: JSON.stringify({ type: 'FeatureCollection', features: [] }) },
    ]);
    expect(await refused(emptyGeoJson)).toEqual(['Layer tidak berisi fitur.']);
  });

  it('refuses coordinates out of range, non-lines and bad attributes, one reason per feature', async () => {
    const outOfRange = {
      ...SAMPLE_FEATURES[2]!,
      lines: [[[112.7, -95] as [number, number], [112.71, -7.2] as [number, number]]],
    };
    const reasons = await refused(
      await shapefileZip([SAMPLE_FEATURES[0]!, outOfRange], { crs: 'wgs84', prj: WGS84_PRJ }),
    );
    expect(reasons).toEqual([
      'Fitur ke-2 (Paket Darmo - Jalan Raya Darmo): koordinat (lintang -95, bujur 112,7) di luar Indonesia bila dibaca sebagai GCS WGS 1984 (berkas .prj).',
    ]);

    const collection = geoJsonOf(SAMPLE_FEATURES);
    collection.features[0]!.geometry = { type: 'Point', coordinates: [112.7, -7.2] } as never;
    collection.features[1]!.properties.NAMA = '  ';
    collection.features[2]!.properties.PJG_LOKASI = 'dua ratus' as never;
    const geo = await zipEntries([{ name: 'x.geojson', content: JSON.stringify(collection) }]);
    expect(await refused(geo)).toEqual([
      'Fitur ke-1 (Paket Tunjungan Kertajaya - Jalan Tunjungan): geometri Point, bukan garis.',
      'Fitur ke-2: NAMA kosong.',
      'Fitur ke-3 (Paket Darmo - Jalan Raya Darmo): PJG_LOKASI bukan angka (dua ratus).',
    ]);
  });

  it('refuses a layer without a NAMA column, and unreadable GeoJSON or KML', async () => {
    const noName = await shapefileZip(SAMPLE_FEATURES, {
      attributes: (feature) => ({ LOKASI: feature.lokasi, PANJANG: feature.pjgLokasi }),
    });
    expect(await refused(noName)).toEqual([
      'Kolom NAMA tidak ditemukan. Kolom yang diperlukan: NAMA, LOKASI, PJG_LOKASI, PJG_PAKET, NILAI_LOK, NILAI_PAKET.',
    ]);
    expect(await refused(await zipEntries([{ name: 'x.geojson', content: '{"type": "Feature' }]))).toEqual([
      'Berkas GeoJSON tidak dapat dibaca (JSON tidak valid).',
    ]);
    expect(await refused(await zipEntries([{ name: 'x.kml', content: '<kml><Document>' }]))).toEqual([
      'Berkas KML tidak dapat dibaca (XML tidak valid).',
    ]);
    // Entities declared in a DTD are never expanded (no billion laughs): the document is refused.
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<kml><Document><Placemark><name>&b;</name></Placemark></Document></kml>';
    expect(await refused(await zipEntries([{ name: 'x.kml', content: laughs }]))).toEqual([
      'Berkas KML tidak dapat dibaca (XML tidak valid).',
    ]);
  });

  it('refuses a zip that is damaged inside or cut short', async () => {
    // A zip whose only entry is corrupt: its local header is there, its data is not inflatable.
    const zip = await rawZip([
      { name: 'jalan.geojson', content: JSON.stringify(geoJsonOf(SAMPLE_FEATURES)) },
    ]);
    const broken = Buffer.from(zip);
    broken.fill(0xff, 60, 90);
    expect(await refused(broken)).toEqual([
      'Berkas jalan.geojson di dalam zip rusak dan tidak dapat diekstrak.',
    ]);
    // Cut short: the magic bytes say zip, the central directory is gone.
    expect(await refused(zip.subarray(0, zip.length - 40))).toEqual([
      'File bukan zip yang valid atau rusak.',
    ]);
  });
});

describe('POST completed-work: the form (422) and who may import', () => {
  it('needs a file, a 4-digit year and an existing type', async () => {
    const missing = await upload(undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ file: ['Pilih file terlebih dahulu!'] });

    const zip = await shapefileZip(SAMPLE_FEATURES);
    const badYear = await upload(zip, { year: '24' });
    expect(badYear.statusCode).toBe(422);
    expect(badYear.json().errors).toEqual({ year: ['Tahun harus 4 digit.'] });
    const noYear = await upload(zip, { year: '', typeId: '' });
    expect(noYear.json().errors).toEqual({
      year: ['Tahun tidak boleh kosong!'],
      type_work_id: ['Tipe tidak boleh kosong!'],
    });
    const unknownType = await upload(zip, { typeId: 99_999 });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json().errors).toEqual({ type_work_id: ['Tipe pekerjaan tidak ditemukan.'] });
    expect(staged()).toEqual([]);
  });

  it("answers 'Silahkan periksa file Anda lagi' for a file that is not a zip, whatever its name", async () => {
    const before = await counts();
    const png = await upload(fixture('road-photo.png').content, { name: 'pekerjaan.zip' });
    expect(png.statusCode).toBe(422);
    expect(png.json().errors.file).toEqual(['Silahkan periksa file Anda lagi (pekerjaan.zip)']);
    const text = await upload(Buffer.from('NAMA,LOKASI\n'), { name: 'data.zip' });
    expect(text.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
    expect(staged()).toEqual([]);
  });

  it('is for admin only: 403 for umum, consultan and structural, 401 without a token', async () => {
    const zip = await shapefileZip(SAMPLE_FEATURES);
    for (const role of ['umum', 'consultan', 'structural'] as const) {
      const { headers } = await t.signIn(role);
      const response = await upload(zip, { headers });
      expect(response.statusCode).toBe(403);
    }
    expect((await upload(zip, { headers: {} })).statusCode).toBe(401);
    expect(staged()).toEqual([]);
  });
});

describe('the import as a background job (POST completed-work/jobs)', () => {
  async function queue(content: Buffer | undefined, options: { year?: string | number } = {}) {
    const body = await multipart(
      { year: options.year ?? 2025, type_work_id: typeId },
      content ? { file: [{ name: 'pekerjaan.zip', content, type: 'application/zip' }] } : {},
    );
    return t.app.inject({
      method: 'POST',
      url: '/api-web/completed-work/jobs',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  }

  it('stores a good zip as POST completed-work does, its works counted as progress, its upload dropped', async () => {
    const before = await counts();
    // Not the zip the tests above stored: that one would be refused as imported before.
    const queued = await queue(await shapefileZip(SAMPLE_FEATURES, { layer: 'ruas' }));
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await waitForJob(t.app, admin, queued.json().data.id);
    expect(job.status).toBe('done');
    const result = job.result as TCompletedWorkImportResult;
    expect(result).toMatchObject({
      works: 3,
      packages: 2,
      completedWork: { year: 2025, name: 'pekerjaan.zip' },
    });
    expect(job.progress).toEqual({ step: JOB_STEPS.done, done: 3, total: 3 });
    expect((await worksOf(result.completedWork.id)).map((work) => work.year)).toEqual([2025, 2025, 2025]);
    expect(await counts()).toEqual({
      imports: before.imports! + 1,
      works: before.works! + 3,
      files: before.files + 1,
    });
  });

  it('fails a refused zip with its reasons as the result, storing nothing', async () => {
    const before = await counts();
    const noLayer = await zipEntries([{ name: 'catatan.txt', content: 'bukan peta' }]);
    const job = await waitForJob(t.app, admin, (await queue(noLayer)).json().data.id);
    expect(job).toMatchObject({ status: 'failed', message: COMPLETED_WORK_MESSAGES.importFailed });
    expect((job.result as { errorList: string[] }).errorList.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('checks the form before queueing: the year and the file are 422s', async () => {
    const response = await queue(undefined, { year: 'dua ribu' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      year: ['Tahun harus 4 digit.'],
      file: ['Pilih file terlebih dahulu!'],
    });
  });
});
