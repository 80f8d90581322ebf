import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import * as shapefile from 'shapefile';
import {
  formatNumber,
  type LayerSummary,
  type PendingWork,
  readText,
  round,
  WorkCollector,
} from './completed-work-features.ts';
import {
  type Area,
  detectProjection,
  INDONESIA,
  isInside,
  type Projection,
  projectionFromPrj,
  systemsPlacingInside,
} from './completed-work-projection.ts';
import { ImportRefused, ReasonList } from './completed-work-reasons.ts';
import type { ExtractedLayer } from './completed-work-zip.ts';

// Reading a shapefile layer: its text encoding (.cpg, or a guess from the .dbf), its headers, its coordinate
// system (.prj, or found from where the data would land), then each feature to the WorkCollector.

/** A code page name from a .cpg (UTF-8, 1252, ANSI 1252, ISO-8859-1, ...) as a WHATWG encoding label. */
function encodingLabel(cpg: string): string | null {
  const text = cpg.trim().toUpperCase().replace(/\s+/g, ' ');
  let label = text;
  if (/^(UTF-?8|65001)$/.test(text)) label = 'utf-8';
  else if (/^(ANSI )?(CP|WINDOWS-?)?(874|125\d)$/.test(text))
    label = `windows-${/(874|125\d)$/.exec(text)?.[1]}`;
  else if (/^(ISO[-_ ]?)?8859[-_ ]?(\d{1,2})$/.test(text)) label = `iso-8859-${/(\d{1,2})$/.exec(text)?.[1]}`;
  else if (/^(ISO)?8859(\d)$/.test(text)) label = `iso-8859-${text.slice(-1)}`;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/** True when the .dbf's records are valid UTF-8 holding some non-ASCII text (read in chunks, never whole). */
async function looksLikeUtf8(dbfPath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let nonAscii = false;
  let headerLength: number | null = null;
  let skipped = 0;
  try {
    for await (const chunk of createReadStream(dbfPath, { highWaterMark: 1024 * 1024 })) {
      let bytes = chunk as Buffer;
      // The header holds binary sizes (a 254-byte column is 0xFE): only the records are text.
      if (headerLength === null) {
        if (bytes.length < 10) return false;
        headerLength = bytes.readUInt16LE(8);
      }
      if (skipped < headerLength) {
        const skip = Math.min(headerLength - skipped, bytes.length);
        skipped += skip;
        bytes = bytes.subarray(skip);
      }
      if (!nonAscii && bytes.some((byte) => byte >= 0x80)) nonAscii = true;
      decoder.decode(bytes, { stream: true });
    }
    decoder.decode();
  } catch {
    return false;
  }
  return nonAscii;
}

/** The .dbf's text encoding: the .cpg when there is one; otherwise UTF-8 if it is that, else Windows-1252. */
async function dbfEncoding(layer: { dbf: string; cpg: string | null }, warnings: ReasonList) {
  if (layer.cpg) {
    const cpg = (await readFile(layer.cpg)).subarray(0, 200).toString('latin1');
    const label = encodingLabel(cpg);
    if (label) return label;
    warnings.add(
      `Kode halaman .cpg "${readText(cpg).slice(0, 40)}" tidak dikenal; teks dibaca sebagai Windows-1252.`,
    );
    return 'windows-1252';
  }
  return (await looksLikeUtf8(layer.dbf)) ? 'utf-8' : 'windows-1252';
}

const SHP_FILE_CODE = 9994;
const SHP_VERSION = 1000;
/** PolyLine, PolyLineZ, PolyLineM. */
const LINE_SHAPE_TYPES = new Set([3, 13, 23]);
const SHAPE_TYPE_NAMES: Record<number, string> = {
  0: 'Null',
  1: 'Point',
  5: 'Polygon',
  8: 'MultiPoint',
  11: 'PointZ',
  15: 'PolygonZ',
  18: 'MultiPointZ',
  21: 'PointM',
  25: 'PolygonM',
  28: 'MultiPointM',
  31: 'MultiPatch',
};

async function headOf(filePath: string, bytes: number) {
  const file = await open(filePath);
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(bytes, size));
    await file.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await file.close();
  }
}

/**
 * The .shp's and .dbf's headers against the files (the shapefile reader trusts both): the file code and
 * version, a line shape type, lengths that fit the bytes there. Catches a file that is no shapefile, one
 * cut short, and a layer of points or polygons, each with one clear reason.
 */
export async function checkShapefileHeaders(layer: { shp: string; dbf: string }) {
  const reasons = new ReasonList();
  const shp = await headOf(layer.shp, 100);
  if (
    shp.size < 100 ||
    shp.head.readInt32BE(0) !== SHP_FILE_CODE ||
    shp.head.readInt32LE(28) !== SHP_VERSION
  ) {
    reasons.add('Berkas .shp bukan shapefile yang valid (header tidak dikenali).');
  } else {
    const declared = shp.head.readInt32BE(24) * 2;
    if (declared > shp.size) {
      reasons.add(
        `Berkas .shp terpotong: header mencatat ${declared.toLocaleString('id-ID')} byte, isinya ${shp.size.toLocaleString('id-ID')} byte.`,
      );
    }
    const type = shp.head.readInt32LE(32);
    if (!LINE_SHAPE_TYPES.has(type)) {
      reasons.add(
        `Shapefile berisi geometri ${SHAPE_TYPE_NAMES[type] ?? `tipe ${type}`}, bukan garis (PolyLine).`,
      );
    }
  }
  const dbf = await headOf(layer.dbf, 32);
  const records = dbf.size >= 32 ? dbf.head.readUInt32LE(4) : 0;
  const headerLength = dbf.size >= 32 ? dbf.head.readUInt16LE(8) : 0;
  const recordLength = dbf.size >= 32 ? dbf.head.readUInt16LE(10) : 0;
  if (
    dbf.size < 32 ||
    headerLength < 33 ||
    recordLength < 1 ||
    headerLength + records * recordLength > dbf.size
  ) {
    reasons.add('Berkas .dbf rusak atau terpotong.');
  }
  reasons.throwIfAny();
}

/**
 * A .prj that puts the whole layer outside Indonesia is the wrong one (a TM-3 file labelled UTM, degrees labelled
 * metres): refused, naming what it tried and the systems that would place the data in the office's area.
 */
function landsInIndonesia(project: Projection, bbox: number[], area: Area): Projection {
  const [xmin = 0, ymin = 0, xmax = 0, ymax = 0] = bbox;
  const corners = [
    [xmin, ymin],
    [xmin, ymax],
    [xmax, ymin],
    [xmax, ymax],
  ].map(([x = 0, y = 0]) => project(x, y));
  // One stray feature leaves a corner inside: that feature is refused on its own, with its own reason. So is
  // each feature in degrees under a .prj in metres, whose reason says exactly that.
  if (corners.some((corner) => isInside(INDONESIA, corner))) return project;
  if (
    project.inMetres &&
    Math.abs(xmin) <= 180 &&
    Math.abs(xmax) <= 180 &&
    Math.abs(ymin) <= 90 &&
    Math.abs(ymax) <= 90
  ) {
    return project;
  }
  const centre = project((xmin + xmax) / 2, (ymin + ymax) / 2);
  const likely = systemsPlacingInside(bbox, area).map((item) => item.projection.label);
  throw new ImportRefused([
    `Data jatuh di luar Indonesia bila dibaca sebagai ${project.label} (lintang ${formatNumber(round(centre[1], 4))}, bujur ${formatNumber(round(centre[0], 4))}). ` +
      (likely.length
        ? `Kemungkinan sistem yang benar: ${likely.slice(0, 3).join('; ')}; perbaiki berkas .prj.`
        : 'Periksa berkas .prj.'),
  ]);
}

/** The shapefile's features; its headers have been checked (checkShapefileHeaders). */
export async function readShapefile(
  layer: Extract<ExtractedLayer, { kind: 'shapefile' }>,
  sink: (work: PendingWork) => void,
  area: Area,
): Promise<LayerSummary> {
  const warnings = new ReasonList();
  const encoding = await dbfEncoding(layer, warnings);
  let source: Awaited<ReturnType<typeof shapefile.open>>;
  try {
    source = await shapefile.open(layer.shp, layer.dbf, { encoding });
  } catch {
    throw new ImportRefused(['Shapefile tidak dapat dibaca.']);
  }
  try {
    let features = 0;
    const next = async () => {
      try {
        features += 1;
        return await source.read();
      } catch {
        throw new ImportRefused([`Shapefile rusak: fitur ke-${features} tidak dapat dibaca.`]);
      }
    };
    let result = await next();
    if (result.done) throw new ImportRefused(['Layer tidak berisi fitur.']);
    const bbox = source.bbox ?? [];
    const project = layer.prj
      ? landsInIndonesia(await projectionFromPrj(layer.prj, bbox), bbox, area)
      : detectProjection(bbox, area, warnings);
    const collector = new WorkCollector(project, false, sink);
    for (const warning of warnings.list()) collector.warnings.add(warning);
    while (!result.done && !collector.stopped) {
      collector.add(result.value.properties as Record<string, unknown> | undefined, result.value.geometry);
      result = await next();
    }
    return collector.finish();
  } finally {
    await source.cancel().catch(() => undefined);
  }
}
