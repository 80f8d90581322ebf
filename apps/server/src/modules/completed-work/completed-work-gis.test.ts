import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPLETED_WORK_MESSAGES } from '@eusulan/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletedWorkOffice,
  importedResult,
  openCompletedWorkOffice,
  sendImport,
} from '../../../test/completed-work-office.ts';
import { rawZip, SAMPLE_FEATURES } from '../../../test/completed-work-zips.ts';
import { FIXTURES } from '../../../test/multipart.ts';
import { completedWorkImports, completedWorks } from '../../db/schema/index.ts';
import { distanceMetres } from './completed-work-projection.ts';
import {
  completedWorkAttributes,
  lonLatToUtm49s,
  UTM49S_PRJ,
  writeLineShapefile,
} from './completed-work-shapefile-writer.ts';

// Files as an office's GIS staff send them, made by GDAL from self-drawn streets (test/fixtures/gis/make.sh):
// every position within a metre of where GDAL puts it, every length within 0.05 % of GDAL's geodesic one.

const GIS = path.join(FIXTURES, 'gis');
const BANYUMAS_AREA = '109.0,-7.6,109.5,-7.2';

type Line = [number, number][];
interface Layer {
  features: { properties: { LOKASI: string }; geometry: { type: string; coordinates: unknown } }[];
}
const layerOf = (name: string) => JSON.parse(readFileSync(path.join(GIS, name), 'utf8')) as Layer;

/** Each LOKASI's parts as [longitude, latitude] lines. */
function partsByLocation(layer: Layer) {
  return new Map(
    layer.features.map((feature) => [
      feature.properties.LOKASI,
      (feature.geometry.type === 'LineString'
        ? [feature.geometry.coordinates]
        : feature.geometry.coordinates) as Line[],
    ]),
  );
}

/** GDAL's geodesic length of each LOKASI (lengths.csv). */
const GDAL_LENGTHS = new Map(
  readFileSync(path.join(GIS, 'lengths.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [location = '', metres = ''] = line.split(',');
      return [location, Number(metres)] as const;
    }),
);

const upload = (office: CompletedWorkOffice, fileName: string) =>
  sendImport(office, readFileSync(path.join(GIS, fileName)), { fileName });

async function imported(office: CompletedWorkOffice, fileName: string) {
  const result = await importedResult(office, readFileSync(path.join(GIS, fileName)), { fileName });
  const works = await office.t.db
    .select()
    .from(completedWorks)
    .where(eq(completedWorks.importId, result.completedWork.id));
  return { result, works };
}

async function refused(office: CompletedWorkOffice, fileName: string) {
  const before = await office.t.db.select({ n: count() }).from(completedWorkImports);
  const response = await upload(office, fileName);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().status.message).toBe(COMPLETED_WORK_MESSAGES.importFailed);
  expect(await office.t.db.select({ n: count() }).from(completedWorkImports)).toEqual(before);
  return response.json().data.errorList as string[];
}

/** The stored works against the drawn streets: the farthest point's distance, and each length's error. */
function compare(works: Awaited<ReturnType<typeof imported>>['works'], expected: Map<string, Line[]>) {
  let farthest = 0;
  const lengthErrors: number[] = [];
  expect(works.map((work) => work.location).sort()).toEqual([...expected.keys()].sort());
  for (const work of works) {
    const parts = expected.get(work.location)!;
    expect(work.coordinates.map((part) => part.length)).toEqual(parts.map((part) => part.length));
    work.coordinates.forEach((part, p) => {
      part.forEach(([lat, lon], i) => {
        farthest = Math.max(farthest, distanceMetres([lon, lat], parts[p]![i]!));
      });
    });
    const gdal = GDAL_LENGTHS.get(work.location)!;
    lengthErrors.push(Math.abs(Number(work.locationLength) - gdal) / gdal);
  }
  return { farthest, worstLength: Math.max(...lengthErrors) };
}

/** The office of Kota Surabaya, the default area. */
let office: CompletedWorkOffice;
beforeAll(async () => {
  office = await openCompletedWorkOffice();
});
afterAll(async () => {
  await office.t.close();
});

describe('GIS files in the office of Kota Surabaya (the default area)', () => {
  const streets = partsByLocation(layerOf('roads.geojson'));

  it('places DGN95 / Indonesia TM-3 zone 49.2 without its .prj, naming the system it chose', async () => {
    const { result, works } = await imported(office, 'tm3-49-2-noprj.zip');
    expect(result.warnings).toEqual([
      'Tidak ada berkas .prj; koordinat dibaca sebagai DGN95 / Indonesia TM-3 zona 49.2 (EPSG:23836).',
    ]);
    const { farthest, worstLength } = compare(works, streets);
    expect(farthest).toBeLessThan(1);
    expect(worstLength).toBeLessThan(0.0005);
  });

  it('reads UTM 49S without its .prj as WGS 84, the spec’s system, though ID74 lands a few metres away', async () => {
    const { result, works } = await imported(office, 'utm49s-noprj.zip');
    expect(result.warnings).toEqual([
      'Tidak ada berkas .prj; koordinat dibaca sebagai WGS 84 / UTM zona 49S (EPSG:32749).',
    ]);
    expect(compare(works, streets).farthest).toBeLessThan(1);
  });

  it('shifts ID74 / UTM 49S to WGS 84 as GDAL does, also when the .prj names no shift', async () => {
    const { result, works } = await imported(office, 'id74-utm49s.zip');
    expect(result.warnings).toEqual([]);
    const gdal = partsByLocation(layerOf('id74-utm49s.expected.geojson'));
    const { farthest, worstLength } = compare(works, gdal);
    expect(farthest).toBeLessThan(1);
    expect(worstLength).toBeLessThan(0.0005);
  });

  it('refuses TM-3 coordinates under a UTM .prj, naming what it tried and the likely right system', async () => {
    expect(await refused(office, 'tm3-49-2-labelled-utm.zip')).toEqual([
      expect.stringMatching(
        /^Data jatuh di luar Indonesia bila dibaca sebagai WGS 1984 UTM Zone 49S \(berkas \.prj\) \(lintang .+\)\. Kemungkinan sistem yang benar: DGN95 \/ Indonesia TM-3 zona 49\.2 \(EPSG:23836\); perbaiki berkas \.prj\.$/,
      ),
    ]);
  });

  it('refuses another regency’s file without .prj, listing where it would land', async () => {
    const [reason] = await refused(office, 'tm3-49-1-banyumas-noprj.zip');
    expect(reason).toMatch(
      /^Berkas \.prj tidak ditemukan dan tidak ada sistem koordinat yang menempatkan data di wilayah kantor \(bujur 112,52 s\.d\. 112,9, lintang -7,41 s\.d\. -7,13\)\. Data jatuh di tempat lain bila dibaca sebagai: /,
    );
    expect(reason).toMatch(
      // The neighbouring TM-3 zones land the street nearer; its own zone is among the three named.
      /DGN95 \/ Indonesia TM-3 zona 49\.1 \(EPSG:23835\) di lintang -7,42\d*, bujur 109,2\d* \(38\d km dari wilayah kantor\)/,
    );
  });
});

describe('GIS files in a regency’s office (OFFICE_AREA set)', () => {
  let regency: CompletedWorkOffice;
  beforeAll(async () => {
    regency = await openCompletedWorkOffice({ OFFICE_AREA: BANYUMAS_AREA });
  });
  afterAll(async () => {
    await regency.t.close();
  });

  it('places its TM-3 zone 49.1 file without .prj within a metre, its length as GDAL measures it', async () => {
    const { result, works } = await imported(regency, 'tm3-49-1-banyumas-noprj.zip');
    expect(result.warnings).toEqual([
      'Tidak ada berkas .prj; koordinat dibaca sebagai DGN95 / Indonesia TM-3 zona 49.1 (EPSG:23835).',
    ]);
    const { farthest, worstLength } = compare(works, partsByLocation(layerOf('banyumas.geojson')));
    expect(farthest).toBeLessThan(1);
    expect(worstLength).toBeLessThan(0.0005);
  });
});

describe('lengths in kilometres', () => {
  it('refuses PJG_LOKASI written in km as a number, quoting it beside the drawn length', async () => {
    const reasons = await refused(office, 'km-lengths.zip');
    expect(reasons).toHaveLength(4);
    expect(reasons[0]).toMatch(
      /^Fitur ke-1 \(Paket A 2025 - Jalan Ahmad Yani\): PJG_LOKASI 3,68 tampak dalam kilometer \(panjang garis 3\.676,\d m\); tulis dalam meter atau beri satuan "km"\.$/,
    );
  });

  it('refuses a package whose PJG_PAKET is in km while its locations are in metres', async () => {
    expect(await refused(office, 'km-package.zip')).toEqual([
      expect.stringMatching(
        /^Paket Paket A 2025: PJG_PAKET 5,02 tampak dalam kilometer \(panjang garis paket 5\.024,\d m\)/,
      ),
      expect.stringMatching(/^Paket Paket B 2025: PJG_PAKET 6 tampak dalam kilometer/),
    ]);
  });

  it('converts lengths written with "km" to metres, with one warning per column', async () => {
    const { result, works } = await imported(office, 'km-text.zip');
    expect(result.warnings).toEqual([
      'PJG_LOKASI yang ditulis dalam km dikonversi ke meter.',
      'PJG_PAKET yang ditulis dalam km dikonversi ke meter.',
    ]);
    const { worstLength } = compare(works, partsByLocation(layerOf('roads.geojson')));
    expect(worstLength).toBeLessThan(0.0005);
    const yani = works.find((work) => work.location === 'Jalan Ahmad Yani');
    expect(Number(yani?.locationLength)).toBe(3676);
    expect(Number(yani?.packageLength)).toBe(5024);
  });
});

describe('KMZ and archives made on Windows', () => {
  const streets = partsByLocation(layerOf('roads.geojson'));

  it.each([
    ['GDAL’s LIBKML (doc.kml linking layers/roads.kml)', 'libkml.kmz'],
    ['Google Earth’s (one doc.kml with its files/ folder)', 'google-earth.kmz'],
    ['a KMZ inside the zip', 'kmz-in-zip.zip'],
  ])('imports %s, every street where it was drawn', async (_label, fileName) => {
    const { result, works } = await imported(office, fileName);
    expect(result.works).toBe(4);
    const { farthest, worstLength } = compare(works, streets);
    expect(farthest).toBeLessThan(1);
    expect(worstLength).toBeLessThan(0.0005);
  });

  it('refuses a KMZ without a layer, and one holding another KMZ, saying which', async () => {
    const noLayer = 'Zip tidak berisi shapefile (.shp, .shx, .dbf, .prj), GeoJSON, KML atau KMZ.';
    const readme = await rawZip([{ name: 'baca-saya.txt', content: Buffer.from('catatan') }]);
    const kmzInKmz = await rawZip([{ name: 'lagi.kmz', content: readme }]);
    for (const [zip, message] of [
      [readme, noLayer],
      [await rawZip([{ name: 'dalam.kmz', content: readme }]), noLayer],
      [
        await rawZip([{ name: 'dalam.kmz', content: kmzInKmz }]),
        'KMZ lagi.kmz berisi KMZ lagi; simpan ulang sebagai satu KMZ atau KML.',
      ],
    ] as const) {
      const response = await sendImport(office, zip, { fileName: 'jalan.kmz' });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().data.errorList).toEqual([message]);
    }
  });

  it('reads backslashes in entry names as folders', async () => {
    const files = writeLineShapefile(
      SAMPLE_FEATURES.map((feature) => ({
        parts: feature.lines.map((line) => line.map(lonLatToUtm49s)),
        attributes: completedWorkAttributes(feature),
      })),
    );
    const zip = await rawZip([
      { name: 'PETA\\jalan.shp', content: files.shp },
      { name: 'PETA\\jalan.shx', content: files.shx },
      { name: 'PETA\\jalan.dbf', content: files.dbf },
      { name: 'PETA\\jalan.prj', content: UTM49S_PRJ },
    ]);
    const response = await sendImport(office, zip, { fileName: 'windows.zip' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.works).toBe(SAMPLE_FEATURES.length);
  });
});
