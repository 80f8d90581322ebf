// Zips for the completed-work tests, built in memory with the same writer the template uses.
import JSZip from 'jszip';
import {
  type CompletedWorkFeature,
  completedWorkAttributes,
  type LonLat,
  lonLatToUtm49s,
  UTM49S_PRJ,
  WGS84_PRJ,
  writeLineShapefile,
  type ZipEntry,
  zipEntries,
} from '../src/modules/completed-work/completed-work-shapefile-writer.ts';
import { packageFeatures } from '../src/modules/completed-work/completed-work-template.ts';

/** Real Surabaya streets, approximately, [longitude, latitude]. */
export const STREETS = {
  tunjungan: [
    [112.7381, -7.2575],
    [112.7395, -7.2628],
  ],
  darmo: [
    [112.7385, -7.287],
    [112.737, -7.2965],
  ],
  kertajaya: [
    [112.756, -7.279],
    [112.766, -7.2795],
    [112.77, -7.28],
  ],
  pemuda: [
    [112.744, -7.265],
    [112.75, -7.266],
  ],
} satisfies Record<string, LonLat[]>;

export const SAMPLE_FEATURES: CompletedWorkFeature[] = [
  ...packageFeatures(
    'Paket Tunjungan Kertajaya',
    [
      { lokasi: 'Jalan Tunjungan', lines: [STREETS.tunjungan] },
      { lokasi: 'Jalan Kertajaya', lines: [STREETS.kertajaya] },
    ],
    1_000_000,
  ),
  ...packageFeatures('Paket Darmo', [{ lokasi: 'Jalan Raya Darmo', lines: [STREETS.darmo] }], 750_000),
];

export interface ShapefileZipOptions {
  crs?: 'utm49s' | 'wgs84';
  layer?: string;
  /** Files of the shapefile left out of the zip. */
  omit?: ('shp' | 'shx' | 'dbf' | 'prj')[];
  prj?: string;
  extra?: ZipEntry[];
  /** Attribute tables as they are written, instead of the DESIGN §4 columns. */
  attributes?: (feature: CompletedWorkFeature) => Record<string, string | number | null>;
}

/** A completed-work shapefile zip with control over each of its files. */
export async function shapefileZip(features: CompletedWorkFeature[], options: ShapefileZipOptions = {}) {
  const crs = options.crs ?? 'utm49s';
  const layer = options.layer ?? 'jalan';
  const files = writeLineShapefile(
    features.map((feature) => ({
      parts: feature.lines.map((line) =>
        line.map((point) => (crs === 'utm49s' ? lonLatToUtm49s(point) : point)),
      ),
      attributes: (options.attributes ?? completedWorkAttributes)(feature),
    })),
  );
  const omit = new Set(options.omit ?? []);
  const entries: ZipEntry[] = [
    { name: `${layer}.shp`, content: files.shp },
    { name: `${layer}.shx`, content: files.shx },
    { name: `${layer}.dbf`, content: files.dbf },
    { name: `${layer}.prj`, content: options.prj ?? (crs === 'utm49s' ? UTM49S_PRJ : WGS84_PRJ) },
  ].filter((entry) => !omit.has(entry.name.slice(entry.name.lastIndexOf('.') + 1) as 'shp'));
  return zipEntries([...entries, ...(options.extra ?? [])]);
}

/** GeoJSON properties of a feature (the full NILAI_PAKET name: GeoJSON has no 10-character limit). */
const properties = (feature: CompletedWorkFeature) => completedWorkAttributes(feature);

export function geoJsonOf(features: CompletedWorkFeature[]) {
  return {
    type: 'FeatureCollection',
    features: features.map((feature) => ({
      type: 'Feature',
      properties: properties(feature),
      geometry:
        feature.lines.length === 1
          ? { type: 'LineString', coordinates: feature.lines[0] }
          : { type: 'MultiLineString', coordinates: feature.lines },
    })),
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char] ?? char,
  );

/** A KML document with the attributes as ExtendedData, lines as LineString or MultiGeometry. */
export function kmlOf(features: CompletedWorkFeature[]) {
  const placemarks = features.map((feature) => {
    const data = Object.entries(properties(feature))
      .map(([name, value]) => `<Data name="${name}"><value>${escapeXml(String(value ?? ''))}</value></Data>`)
      .join('');
    const lines = feature.lines.map(
      (line) =>
        `<LineString><coordinates>${line.map(([lon, lat]) => `${lon},${lat},0`).join(' ')}</coordinates></LineString>`,
    );
    const geometry = lines.length === 1 ? lines[0] : `<MultiGeometry>${lines.join('')}</MultiGeometry>`;
    return `<Placemark><name>${escapeXml(feature.lokasi)}</name><ExtendedData>${data}</ExtendedData>${geometry}</Placemark>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks.join('')}</Document></kml>`;
}

/** A zip of raw entries as JSZip writes them, names untouched (hostile names, symlinks, many entries). */
export async function rawZip(
  entries: { name: string; content: Buffer | string; unixPermissions?: number }[],
  options: { compression?: 'STORE' | 'DEFLATE' } = {},
) {
  const zip = new JSZip();
  for (const entry of entries) {
    zip.file(entry.name, entry.content, {
      createFolders: false,
      ...(entry.unixPermissions ? { unixPermissions: entry.unixPermissions } : {}),
    });
  }
  return zip.generateAsync({
    type: 'nodebuffer',
    platform: 'UNIX',
    compression: options.compression ?? 'DEFLATE',
  });
}

/**
 * Rewrites the uncompressed size an entry declares, in its local header and in the central directory:
 * a zip that lies about how much it holds.
 */
export function lieAboutSize(zip: Buffer, entryName: string, declared: number) {
  const patched = Buffer.from(zip);
  const name = Buffer.from(entryName);
  for (let offset = 0; offset < patched.length - 4; offset++) {
    const signature = patched.readUInt32LE(offset);
    if (signature === 0x04034b50 && patched.subarray(offset + 30, offset + 30 + name.length).equals(name)) {
      patched.writeUInt32LE(declared, offset + 22);
    }
    if (signature === 0x02014b50 && patched.subarray(offset + 46, offset + 46 + name.length).equals(name)) {
      patched.writeUInt32LE(declared, offset + 24);
    }
  }
  return patched;
}
