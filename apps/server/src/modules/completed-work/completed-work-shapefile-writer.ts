import shpWrite from '@mapbox/shp-write';
import JSZip from 'jszip';
import proj4 from 'proj4';

/**
 * Writes completed-work zips in the agreed format (DESIGN §4): the served template, the demo imports and
 * the tests' files all come from here, so what the app offers is what it reads.
 */

/** ESRI WKT of WGS 84 / UTM zone 49S (EPSG:32749), as ArcGIS and QGIS write it into a .prj. */
export const UTM49S_PRJ =
  'PROJCS["WGS_1984_UTM_Zone_49S",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",10000000.0],PARAMETER["Central_Meridian",111.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/** ESRI WKT of WGS 84 longitude/latitude (EPSG:4326). */
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** A [longitude, latitude] pair in WGS84. */
export type LonLat = [number, number];

const toUtm = proj4('EPSG:4326', UTM49S_PRJ);

/** WGS84 to UTM 49S easting/northing in metres (centimetre precision, as survey files carry). */
export function lonLatToUtm49s([lon, lat]: LonLat): [number, number] {
  const [x, y] = toUtm.forward([lon, lat]);
  return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
}

export type AttributeValue = string | number | null;

export interface ShapefileFeature {
  /** The line's parts, each a list of [x, y] in the file's coordinate system. */
  parts: [number, number][][];
  attributes: Record<string, AttributeValue>;
}

export interface ShapefileFiles {
  shp: Buffer;
  shx: Buffer;
  dbf: Buffer;
}

/** dBase's "last update" date is stamped from the clock; a fixed one keeps generated files byte-identical. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

const bufferOf = (view: DataView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/**
 * A PolyLine shapefile (.shp, .shx, .dbf) of the features. The dbf gets a C(254) column per text attribute
 * and an N(18,3) column per number; names are cut to dBase's 10 characters, and text is written one byte
 * per character (Latin-1), so only attributes in that range survive.
 */
export function writeLineShapefile(features: ShapefileFeature[]): ShapefileFiles {
  if (!features.length) return emptyLineShapefile();
  let files: ShapefileFiles | undefined;
  shpWrite.write(
    features.map((feature) => feature.attributes),
    'POLYLINE',
    features.map((feature) => feature.parts),
    (error, written: { shp: DataView; shx: DataView; dbf: DataView }) => {
      if (error) throw error;
      const dbf = bufferOf(written.dbf);
      dbf.writeUInt8(FIXED_DATE.getUTCFullYear() - 1900, 1);
      dbf.writeUInt8(FIXED_DATE.getUTCMonth() + 1, 2);
      dbf.writeUInt8(FIXED_DATE.getUTCDate(), 3);
      files = { shp: bufferOf(written.shp), shx: bufferOf(written.shx), dbf };
    },
  );
  if (!files) throw new Error('shapefile tidak tertulis');
  return files;
}

/** A PolyLine shapefile without records (the writer above needs at least one): headers only. */
function emptyLineShapefile(): ShapefileFiles {
  const header = () => {
    const buffer = Buffer.alloc(100);
    buffer.writeInt32BE(9994, 0);
    buffer.writeInt32BE(50, 24); // file length in 16-bit words
    buffer.writeInt32LE(1000, 28);
    buffer.writeInt32LE(3, 32); // PolyLine
    return buffer;
  };
  // dBase III: one NAMA C(254) column, no records.
  const dbf = Buffer.alloc(32 + 32 + 2);
  dbf.writeUInt8(0x03, 0);
  dbf.writeUInt8(FIXED_DATE.getUTCFullYear() - 1900, 1);
  dbf.writeUInt8(FIXED_DATE.getUTCMonth() + 1, 2);
  dbf.writeUInt8(FIXED_DATE.getUTCDate(), 3);
  dbf.writeUInt16LE(65, 8);
  dbf.writeUInt16LE(255, 10);
  dbf.write('NAMA', 32, 'latin1');
  dbf.write('C', 43, 'latin1');
  dbf.writeUInt8(254, 48);
  dbf.writeUInt8(0x0d, 64);
  dbf.writeUInt8(0x1a, 65);
  return { shp: header(), shx: header(), dbf };
}

export interface ZipEntry {
  name: string;
  content: Buffer | string;
}

/** A deflated zip of the entries with a fixed timestamp, so the same input gives the same bytes. */
export async function zipEntries(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const entry of entries) zip.file(entry.name, entry.content, { date: FIXED_DATE });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

export interface CompletedWorkFeature {
  /** NAMA: the package; features with the same NAMA form one package. */
  nama: string;
  lokasi: string;
  /** PJG_LOKASI and PJG_PAKET in metres; NILAI_LOK and NILAI_PAKET in Rupiah. */
  pjgLokasi: number | null;
  pjgPaket: number | null;
  nilaiLok: number | null;
  nilaiPaket: number | null;
  /** The line's parts in WGS84 [longitude, latitude]. */
  lines: LonLat[][];
}

/** The attribute table of DESIGN §4, in its column order. */
export function completedWorkAttributes(feature: CompletedWorkFeature): Record<string, AttributeValue> {
  return {
    NAMA: feature.nama,
    LOKASI: feature.lokasi,
    PJG_LOKASI: feature.pjgLokasi,
    PJG_PAKET: feature.pjgPaket,
    NILAI_LOK: feature.nilaiLok,
    // dBase keeps 10 characters: the column is NILAI_PAKE in the .dbf, which the import reads as NILAI_PAKET.
    NILAI_PAKET: feature.nilaiPaket,
  };
}

export interface CompletedWorkZipOptions {
  /** Stem of the files inside the zip. */
  layerName?: string;
  /** utm49s (default, as the office's survey files) or wgs84. */
  crs?: 'utm49s' | 'wgs84';
  /** Extra entries (a guide, a .cpg). */
  extra?: ZipEntry[];
}

/** A completed-work zip: one line shapefile (.shp .shx .dbf .prj) of the features. */
export async function buildCompletedWorkZip(
  features: CompletedWorkFeature[],
  options: CompletedWorkZipOptions = {},
): Promise<Buffer> {
  const crs = options.crs ?? 'utm49s';
  const layer = options.layerName ?? 'pekerjaan-selesai';
  const files = writeLineShapefile(
    features.map((feature) => ({
      parts: feature.lines.map((line) =>
        line.map((point) => (crs === 'utm49s' ? lonLatToUtm49s(point) : point)),
      ),
      attributes: completedWorkAttributes(feature),
    })),
  );
  return zipEntries([
    { name: `${layer}.shp`, content: files.shp },
    { name: `${layer}.shx`, content: files.shx },
    { name: `${layer}.dbf`, content: files.dbf },
    { name: `${layer}.prj`, content: crs === 'utm49s' ? UTM49S_PRJ : WGS84_PRJ },
    ...(options.extra ?? []),
  ]);
}
