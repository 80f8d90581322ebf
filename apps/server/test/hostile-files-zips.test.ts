import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MB } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import {
  completedWorkAttributes,
  lonLatToUtm49s,
  UTM49S_PRJ,
  writeLineShapefile,
  zipEntries,
} from '../src/modules/completed-work/completed-work-shapefile-writer.ts';
import { lieAboutSize, rawZip, SAMPLE_FEATURES, shapefileZip } from './completed-work-zips.ts';
import { expectRefused, openHostileOffice, REFUSAL_MESSAGES } from './hostile-files.ts';
import { describeUploadLimits } from './hostile-upload-limits.ts';
import { expectHarmless, HOSTILE_NAMES, upload, uploadRoutes } from './hostile-upload-routes.ts';

/**
 * Hostile completed-work zips (the setting is hostile-files.ts): spoofed content and sizes
 * at and over the limit, zips that climb out, link, explode or lie, and broken shapefiles. The reason texts
 * of each zip check are asserted in completed-work-import.test.ts; here the point is that nothing lands
 * anywhere.
 */
const office = openHostileOffice();
const completedWorkRoute = uploadRoutes(office).find((route) => route.kind === 'zip')!;
const importZip = async (content: Buffer, name = 'pekerjaan.zip') =>
  upload(office, completedWorkRoute, await completedWorkRoute.target(), {
    name,
    content,
    type: 'application/zip',
  });
const refusedZip = (texts: string[]) => ({ status: 400, message: REFUSAL_MESSAGES.zip, texts });

/** A name no earlier run used, for the files a traversal would create outside the staging directory. */
const escapee = `eusulan-zip-slip-${randomUUID()}`;
const outsidePaths = () => [
  path.join('/tmp', `${escapee}.shp`),
  path.join(office.t.config.DATA_DIR, `${escapee}.shp`),
  path.join(office.t.config.DATA_DIR, '..', `${escapee}.shp`),
  path.join(office.t.app.ctx.storage.stagingDir, '..', `${escapee}.shp`),
];

describeUploadLimits(office, [completedWorkRoute]);

// ---------------------------------------------------------------------------------------------------------
// Completed-work zips that climb out, link, explode or lie: refused before a byte lands anywhere

describe('completed-work zips that climb out, link or explode', () => {
  const shp = () =>
    writeLineShapefile(
      SAMPLE_FEATURES.map((feature) => ({
        parts: feature.lines.map((line) => line.map(lonLatToUtm49s)),
        attributes: completedWorkAttributes(feature),
      })),
    );

  it.each([
    {
      label: 'a layer named ../../../../../../tmp/…',
      zip: async () =>
        rawZip([
          { name: `../../../../../../tmp/${escapee}.shp`, content: shp().shp },
          { name: `../../../../../../tmp/${escapee}.dbf`, content: shp().dbf },
        ]),
      reasons: [
        `Nama berkas di dalam zip mengandung '..': ../../../../../../tmp/${escapee}.shp`,
        `Nama berkas di dalam zip mengandung '..': ../../../../../../tmp/${escapee}.dbf`,
      ],
    },
    {
      label: 'an absolute path',
      zip: async () => rawZip([{ name: `/tmp/${escapee}.shp`, content: shp().shp }]),
      reasons: [`Nama berkas di dalam zip berupa path absolut: /tmp/${escapee}.shp`],
    },
    {
      label: 'a UNC path in backslashes',
      zip: async () => rawZip([{ name: `\\\\server\\share\\${escapee}.shp`, content: shp().shp }]),
      reasons: [`Nama berkas di dalam zip berupa path absolut: //server/share/${escapee}.shp`],
    },
    {
      label: 'a folder symlinked to /tmp with the layer "inside" it',
      zip: async () =>
        rawZip([
          { name: 'peta', content: '/tmp', unixPermissions: 0o120777 },
          { name: `peta/${escapee}.shp`, content: shp().shp },
          { name: `peta/${escapee}.dbf`, content: shp().dbf },
        ]),
      reasons: ['Zip berisi symlink: peta'],
    },
    {
      label: 'a .prj that is a symlink to /etc/passwd',
      zip: async () =>
        rawZip([
          { name: 'jalan.shp', content: shp().shp },
          { name: 'jalan.dbf', content: shp().dbf },
          { name: 'jalan.prj', content: '/etc/passwd', unixPermissions: 0o120777 },
        ]),
      reasons: ['Zip berisi symlink: jalan.prj'],
    },
    {
      label: 'a bomb: 8 MB of zeros in a .shp of 8 kB',
      zip: async () =>
        rawZip([
          { name: 'jalan.shp', content: Buffer.alloc(8 * MB) },
          { name: 'jalan.dbf', content: shp().dbf },
        ]),
      reasons: ['Rasio kompresi jalan.shp melebihi 100:1 (dicurigai zip bomb).'],
    },
    {
      label: 'a .shp that declares 2,000 bytes and inflates to 8 MB',
      zip: async () =>
        lieAboutSize(
          await rawZip([
            { name: 'jalan.shp', content: Buffer.concat([shp().shp, Buffer.alloc(8 * MB)]) },
            { name: 'jalan.dbf', content: shp().dbf },
          ]),
          'jalan.shp',
          2000,
        ),
      reasons: ['Isi jalan.shp tidak sesuai dengan ukuran yang tercatat di zip (dicurigai zip bomb).'],
    },
    {
      label: 'a .dbf that declares more than it holds',
      zip: async () =>
        lieAboutSize(
          await rawZip([
            { name: 'jalan.shp', content: shp().shp },
            { name: 'jalan.dbf', content: shp().dbf },
          ]),
          'jalan.dbf',
          shp().dbf.length + 10_000,
        ),
      reasons: ['Isi jalan.dbf tidak sesuai dengan ukuran yang tercatat di zip (dicurigai zip bomb).'],
    },
    {
      label: 'a zip inside the zip (never opened)',
      zip: async () => rawZip([{ name: 'dalam.zip', content: office.goodZip }]),
      reasons: ['Zip tidak berisi shapefile (.shp, .shx, .dbf, .prj), GeoJSON, KML atau KMZ.'],
    },
    {
      label: 'two layers whose names differ in case only',
      zip: async () =>
        rawZip([
          { name: 'jalan.shp', content: shp().shp },
          { name: 'JALAN.SHP', content: shp().shp },
          { name: 'jalan.dbf', content: shp().dbf },
        ]),
      reasons: ['Zip berisi 2 shapefile (jalan.shp, JALAN.SHP); unggah satu layer per file.'],
    },
  ])('refuses $label, writing nothing anywhere', async ({ zip, reasons }) => {
    await expectRefused(office, async () => importZip(await zip()), refusedZip(reasons));
    for (const target of outsidePaths()) expect(existsSync(target)).toBe(false);
  });

  it('keeps a hostile file name harmless in the list of imports', async () => {
    for (const [index, hostile] of [HOSTILE_NAMES[0]!, HOSTILE_NAMES[4]!].entries()) {
      const response = await upload(office, completedWorkRoute, await completedWorkRoute.target(), {
        name: hostile.name.replace(/\.png$/, '.zip'),
        parameters: hostile.parameters?.replace(/\.png$/, '.zip'),
        // A zip of its own each time: the same file again would be refused as imported before.
        content: await shapefileZip(SAMPLE_FEATURES, { layer: `nama-${index}` }),
        type: 'application/zip',
      });
      expect(response.statusCode, `${hostile.label}: ${response.body.slice(0, 300)}`).toBe(201);
      const stored = await completedWorkRoute.stored!();
      expectHarmless(stored.name, 'zip');
      expect(stored.storageKey).toMatch(/^completed-works\/2024\/[0-9a-f-]{36}\.zip$/);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Broken shapefiles: each refused with one clear reason, nothing stored

describe('broken shapefiles', () => {
  const features = () =>
    SAMPLE_FEATURES.map((feature) => ({
      parts: feature.lines.map((line) => line.map(lonLatToUtm49s)),
      attributes: completedWorkAttributes(feature),
    }));
  /** A shapefile zip of SAMPLE_FEATURES in UTM 49S, with its .shp (or .dbf, .prj) as given. */
  const layerZip = (parts: { shp?: Buffer; dbf?: Buffer; prj?: string; omitDbf?: boolean }) => {
    const files = writeLineShapefile(features());
    return zipEntries([
      { name: 'jalan.shp', content: parts.shp ?? files.shp },
      { name: 'jalan.shx', content: files.shx },
      ...(parts.omitDbf ? [] : [{ name: 'jalan.dbf', content: parts.dbf ?? files.dbf }]),
      { name: 'jalan.prj', content: parts.prj ?? UTM49S_PRJ },
    ]);
  };
  const patched = (buffer: Buffer, patch: (copy: Buffer) => void) => {
    const copy = Buffer.from(buffer);
    patch(copy);
    return copy;
  };
  const good = () => writeLineShapefile(features());
  // The first record: its header (8 bytes) after the file's (100), then shape type, box, counts, parts, points.
  const FIRST_RECORD = 100 + 8;
  const FIRST_X = FIRST_RECORD + 44 + 4;
  const NAMES = [
    'Paket Tunjungan Kertajaya - Jalan Tunjungan',
    'Paket Tunjungan Kertajaya - Jalan Kertajaya',
    'Paket Darmo - Jalan Raya Darmo',
  ];

  it.each([
    {
      label: 'a .shp whose header is not a shapefile’s',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32BE(1234, 0)) }),
      reasons: ['Berkas .shp bukan shapefile yang valid (header tidak dikenali).'],
    },
    {
      label: 'a .shp shorter than its header',
      zip: () => layerZip({ shp: good().shp.subarray(0, 60) }),
      reasons: ['Berkas .shp bukan shapefile yang valid (header tidak dikenali).'],
    },
    {
      label: 'a .shp cut inside its second record',
      zip: () => layerZip({ shp: good().shp.subarray(0, good().shp.length - 30) }),
      reasons: [
        `Berkas .shp terpotong: header mencatat ${good().shp.length.toLocaleString('id-ID')} byte, isinya ${(good().shp.length - 30).toLocaleString('id-ID')} byte.`,
      ],
    },
    {
      label: 'a layer of points',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32LE(1, 32)) }),
      reasons: ['Shapefile berisi geometri Point, bukan garis (PolyLine).'],
    },
    {
      label: 'a record claiming two billion points',
      zip: () =>
        layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32LE(0x7fffffff, FIRST_RECORD + 40)) }),
      reasons: ['Shapefile rusak: fitur ke-1 tidak dapat dibaca.'],
    },
    {
      label: 'a record of negative length',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32LE(-5, FIRST_RECORD + 36)) }),
      reasons: ['Shapefile rusak: fitur ke-1 tidak dapat dibaca.'],
    },
    {
      label: 'a NaN coordinate',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeDoubleLE(Number.NaN, FIRST_X)) }),
      reasons: [`Fitur ke-1 (${NAMES[0]}): koordinat bukan angka.`],
    },
    {
      label: 'an infinite coordinate',
      zip: () =>
        layerZip({ shp: patched(good().shp, (shp) => shp.writeDoubleLE(Number.POSITIVE_INFINITY, FIRST_X)) }),
      reasons: [`Fitur ke-1 (${NAMES[0]}): koordinat bukan angka.`],
    },
    {
      label: 'a .shp without its .dbf',
      zip: () => layerZip({ omitDbf: true }),
      reasons: ['Berkas .dbf untuk jalan.shp tidak ditemukan di dalam zip.'],
    },
    {
      label: 'a .dbf cut short',
      zip: () => layerZip({ dbf: good().dbf.subarray(0, 40) }),
      reasons: ['Berkas .dbf rusak atau terpotong.'],
    },
    {
      label: 'degrees under a UTM .prj (the wrong projection)',
      zip: () =>
        zipEntries([
          ...Object.entries(
            writeLineShapefile(
              SAMPLE_FEATURES.map((feature) => ({
                parts: feature.lines,
                attributes: completedWorkAttributes(feature),
              })),
            ),
          ).map(([ext, content]) => ({ name: `jalan.${ext}`, content })),
          { name: 'jalan.prj', content: UTM49S_PRJ },
        ]),
      reasons: [
        `Fitur ke-1 (${NAMES[0]}): koordinat (112,74; -7,26) tampak dalam derajat, padahal sistem koordinatnya dalam meter (periksa berkas .prj).`,
        `Fitur ke-2 (${NAMES[1]}): koordinat (112,76; -7,28) tampak dalam derajat, padahal sistem koordinatnya dalam meter (periksa berkas .prj).`,
        `Fitur ke-3 (${NAMES[2]}): koordinat (112,74; -7,29) tampak dalam derajat, padahal sistem koordinatnya dalam meter (periksa berkas .prj).`,
      ],
    },
    {
      label: 'metres under a WGS84 .prj (the wrong projection)',
      zip: () =>
        layerZip({
          prj: 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
        }),
      reasons: [
        expect.stringMatching(
          /^Data jatuh di luar Indonesia bila dibaca sebagai GCS WGS 1984 \(berkas \.prj\) .+ Kemungkinan sistem yang benar: WGS 84 \/ UTM zona 49S \(EPSG:32749\)(; [^;]+)?; perbaiki berkas \.prj\.$/,
        ),
      ],
    },
  ])('refuses $label', async ({ zip, reasons }) => {
    const content = await zip();
    await expectRefused(office, () => importZip(content), refusedZip(reasons as string[]));
  });
});
