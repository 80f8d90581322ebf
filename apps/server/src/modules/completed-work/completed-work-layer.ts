import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { COMPLETED_WORK_ATTRIBUTES, COMPLETED_WORK_LIMITS, isDrawableCoordinate } from '@eusulan/shared';
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import proj4 from 'proj4';
import * as shapefile from 'shapefile';
import { encodeParts } from '../../lib/map-lines.ts';
import { ImportRefused, ReasonList } from './completed-work-reasons.ts';
import { UTM49S_PRJ } from './completed-work-shapefile.ts';
import type { ExtractedLayer } from './completed-work-zip.ts';

/** One line feature ready to insert: lengths in metres, values in Rupiah, coordinates as stored JSON. */
export interface ParsedWork {
  packageName: string;
  location: string;
  locationLength: number;
  packageLength: number;
  locationValue: number | null;
  packageValue: number | null;
  /** JSON of LatLon[][] (the parts, each [latitude, longitude] pairs), built once here. */
  coordinates: string;
  /** JSON of the parts as encoded polylines, for the dashboard. */
  encodedLines: string;
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** A read layer as the import stores it: its counts and warnings, and its works one at a time, in file order. */
export interface ParsedLayer {
  works: number;
  packages: number;
  warnings: string[];
  readWorks(): AsyncIterable<ParsedWork>;
}

/** A package's figures, for its works whose own are blank. */
export interface PackageFigures {
  givenLength: number | null;
  givenValue: number | null;
  lengthSum: number;
  valueSum: number | null;
}

/** What reading a layer tells besides its works, which go to a sink as they are checked. */
export interface LayerSummary {
  works: number;
  packages: Record<string, PackageFigures>;
  warnings: string[];
}

/** (x, y) of the file's coordinate system to [longitude, latitude] in WGS84; inMetres for a projected system. */
type Projection = ((x: number, y: number) => [number, number]) & { inMetres?: true };
const inMetres = (project: (x: number, y: number) => [number, number]): Projection =>
  Object.assign(project, { inMetres: true as const });

type Attribute = (typeof COMPLETED_WORK_ATTRIBUTES)[number];
/** Column names as files carry them; dBase cuts NILAI_PAKET to NILAI_PAKE. */
const ALIASES: Record<Attribute, string[]> = {
  NAMA: ['NAMA'],
  LOKASI: ['LOKASI'],
  PJG_LOKASI: ['PJG_LOKASI'],
  PJG_PAKET: ['PJG_PAKET'],
  NILAI_LOK: ['NILAI_LOK', 'NILAI_LOKASI'],
  NILAI_PAKET: ['NILAI_PAKET', 'NILAI_PAKE'],
};
const MAX_TEXT = 500;
const MAX_LENGTH_M = 1e11;
const MAX_VALUE = 9e15;
const EARTH_RADIUS_M = 6_371_008.8;

const utm49s = proj4(UTM49S_PRJ, 'EPSG:4326');
const fromUtm49s = inMetres((x, y) => utm49s.forward([x, y]) as [number, number]);
const unchanged: Projection = (x, y) => [x, y];

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const formatNumber = (value: number) => value.toLocaleString('id-ID', { maximumFractionDigits: 2 });

/** Great-circle distance in metres. */
function haversine(lat1: number, lon1: number, lat2: number, lon2: number) {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A number from an attribute: dBase numbers as they are; text in Indonesian (1.234.567,5) or English
 * (1,234,567.5) notation, with an optional 'Rp' or 'm'. A lone group of three after a dot (1.500) is read
 * the Indonesian way: one thousand five hundred. Blank or '-' is null; anything else is undefined.
 */
export function readAttributeNumber(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value
    .trim()
    .replace(/^rp\.?\s*/i, '')
    .replace(/\s*(m|meter)$/i, '')
    .replace(/\s+/g, '');
  if (text === '' || text === '-') return null;
  let normal: string;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) normal = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) normal = text.replace(/,/g, '');
  else if (/^-?\d+(,\d+)?$/.test(text)) normal = text.replace(',', '.');
  else if (/^-?\d+(\.\d+)?$/.test(text)) normal = text;
  else return undefined;
  const number = Number(normal);
  return Number.isFinite(number) ? number : undefined;
}

const readText = (value: unknown) =>
  value === null || value === undefined ? '' : String(value).replace(/\s+/g, ' ').trim();

/** A checked work whose package figures wait for the whole layer (completeWork). */
export interface PendingWork extends ParsedWork {
  /** As the file gave them; null when blank, filled per package at the end. */
  givenPackageLength: number | null;
  givenPackageValue: number | null;
}

/** The work with its blank package figures taken from its package: given by another work, or summed. */
export function completeWork(
  { givenPackageLength, givenPackageValue, ...work }: PendingWork,
  packages: Record<string, PackageFigures>,
): ParsedWork {
  const figures = packages[work.packageName];
  return {
    ...work,
    packageLength: givenPackageLength ?? figures?.givenLength ?? round(figures?.lengthSum ?? 0, 2),
    packageValue: givenPackageValue ?? figures?.givenValue ?? figures?.valueSum ?? null,
  };
}

/**
 * Checks every feature and hands each good one to the sink, keeping only its package's figures: a layer of
 * any size holds one feature at a time. One reason per bad feature.
 */
class WorkCollector {
  readonly reasons = new ReasonList();
  readonly warnings = new ReasonList();
  private readonly packages = new Map<string, PackageFigures>();
  private count = 0;
  private good = 0;
  private checkedColumns = false;
  stopped = false;

  constructor(
    private readonly project: Projection,
    /** KML: a placemark's name stands in for a missing NAMA. */
    private readonly nameFallback: boolean,
    private readonly sink: (work: PendingWork) => void,
  ) {}

  private columns(keys: Map<string, unknown>) {
    this.checkedColumns = true;
    const has = (attribute: Attribute) =>
      ALIASES[attribute].some((alias) => keys.has(alias)) ||
      (attribute === 'NAMA' && this.nameFallback && keys.has('NAME'));
    if (!has('NAMA')) {
      this.reasons.add(
        `Kolom NAMA tidak ditemukan. Kolom yang diperlukan: ${COMPLETED_WORK_ATTRIBUTES.join(', ')}.`,
      );
      this.stopped = true;
      return;
    }
    const missing = COMPLETED_WORK_ATTRIBUTES.filter((attribute) => !has(attribute));
    if (missing.length) {
      this.warnings.add(
        `Kolom ${missing.join(', ')} tidak ada; isinya dianggap kosong (panjang lokasi diukur dari garis).`,
      );
    }
  }

  add(properties: Record<string, unknown> | null | undefined, geometry: unknown) {
    if (this.stopped) return;
    this.count += 1;
    if (this.count > COMPLETED_WORK_LIMITS.maxFeatures) {
      this.reasons.add(
        `Layer berisi lebih dari ${COMPLETED_WORK_LIMITS.maxFeatures.toLocaleString('id-ID')} fitur; bagi menjadi beberapa file.`,
      );
      this.stopped = true;
      return;
    }
    const keys = new Map<string, unknown>();
    for (const [key, value] of Object.entries(properties ?? {})) keys.set(key.trim().toUpperCase(), value);
    if (!this.checkedColumns) {
      this.columns(keys);
      if (this.stopped) return;
    }
    const attribute = (name: Attribute) => {
      for (const alias of ALIASES[name]) if (keys.has(alias)) return keys.get(alias);
      return undefined;
    };
    let nama = readText(attribute('NAMA'));
    if (!nama && this.nameFallback) nama = readText(keys.get('NAME'));
    const lokasi = readText(attribute('LOKASI'));
    const label = `Fitur ke-${this.count}${nama ? ` (${nama}${lokasi ? ` - ${lokasi}` : ''})` : ''}`;
    const problems: string[] = [];
    if (properties === undefined) problems.push('tidak ada baris atributnya di .dbf');
    if (!nama) problems.push('NAMA kosong');
    if (nama.length > MAX_TEXT || lokasi.length > MAX_TEXT)
      problems.push(`NAMA/LOKASI maksimal ${MAX_TEXT} karakter`);
    const number = (name: Attribute, max: number) => {
      const value = readAttributeNumber(attribute(name));
      if (value === undefined) {
        problems.push(`${name} bukan angka (${readText(attribute(name)).slice(0, 40)})`);
        return null;
      }
      if (value !== null && (value < 0 || value > max)) {
        problems.push(`${name} harus antara 0 dan ${formatNumber(max)}`);
        return null;
      }
      return value;
    };
    const pjgLokasi = number('PJG_LOKASI', MAX_LENGTH_M);
    const pjgPaket = number('PJG_PAKET', MAX_LENGTH_M);
    const nilaiLok = number('NILAI_LOK', MAX_VALUE);
    const nilaiPaket = number('NILAI_PAKET', MAX_VALUE);
    const line = this.line(geometry, problems);
    if (problems.length || !line) {
      this.reasons.add(`${label}: ${problems.join('; ')}.`);
      return;
    }
    if (pjgLokasi !== null && this.differs(pjgLokasi, line.length)) {
      this.warnings.add(
        `${label}: PJG_LOKASI ${formatNumber(pjgLokasi)} m, panjang garis ${formatNumber(round(line.length, 1))} m.`,
      );
    }
    // Once the file is refused nothing more needs writing.
    if (this.reasons.count) return;
    this.tally({
      packageName: nama,
      location: lokasi,
      locationLength: round(pjgLokasi ?? line.length, 2),
      packageLength: 0,
      locationValue: nilaiLok === null ? null : Math.round(nilaiLok),
      packageValue: null,
      givenPackageLength: pjgPaket === null ? null : round(pjgPaket, 2),
      givenPackageValue: nilaiPaket === null ? null : Math.round(nilaiPaket),
      coordinates: line.json,
      encodedLines: line.encoded,
      ...line.bbox,
    });
  }

  private differs(given: number, measured: number) {
    if (given === 0) return measured > 1;
    return Math.abs(given - measured) / given > COMPLETED_WORK_LIMITS.lengthTolerance;
  }

  /** The parts of a (multi-)line, projected to WGS84 and checked as spec §5 says, or null with problems. */
  private line(geometry: unknown, problems: string[]) {
    const parts = linePartsOf(geometry, problems);
    if (!parts) return null;
    const projected: [number, number][][] = [];
    let length = 0;
    let minLat = Number.POSITIVE_INFINITY;
    let minLon = Number.POSITIVE_INFINITY;
    let maxLat = Number.NEGATIVE_INFINITY;
    let maxLon = Number.NEGATIVE_INFINITY;
    for (const [p, part] of parts.entries()) {
      if (!Array.isArray(part) || part.length < 2) {
        problems.push(`bagian garis ke-${p + 1} kurang dari 2 titik`);
        return null;
      }
      const points: [number, number][] = [];
      let previous: [number, number] | null = null;
      for (const position of part) {
        const [x, y] = Array.isArray(position) ? position : [];
        if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
          problems.push('koordinat bukan angka');
          return null;
        }
        // Degrees under a .prj in metres put a Surabaya street near the South Pole, still "in range".
        if (this.project.inMetres && Math.abs(x) <= 180 && Math.abs(y) <= 90) {
          problems.push(
            `koordinat (${formatNumber(x)}; ${formatNumber(y)}) tampak dalam derajat, padahal sistem koordinatnya dalam meter (periksa berkas .prj)`,
          );
          return null;
        }
        let lon: number;
        let lat: number;
        try {
          [lon, lat] = this.project(x, y);
        } catch {
          problems.push(`koordinat (${x}, ${y}) tidak dapat dikonversi`);
          return null;
        }
        if (!isDrawableCoordinate(lat, lon)) {
          problems.push(
            `koordinat di luar jangkauan (lintang ${formatNumber(round(lat, 6))}, bujur ${formatNumber(round(lon, 6))}; lintang harus -90..90, bujur -180..180)`,
          );
          return null;
        }
        lat = round(lat, 7);
        lon = round(lon, 7);
        if (previous) length += haversine(previous[0], previous[1], lat, lon);
        previous = [lat, lon];
        points.push(previous);
        if (lat < minLat) minLat = lat;
        if (lat > maxLat) maxLat = lat;
        if (lon < minLon) minLon = lon;
        if (lon > maxLon) maxLon = lon;
      }
      projected.push(points);
    }
    // One flat string per work, kept until the insert: concatenating piece by piece would keep a rope of
    // hundreds of small nodes per work (gigabytes over 50,000 works).
    const json = JSON.stringify(projected);
    return {
      json,
      encoded: JSON.stringify(encodeParts(projected)),
      length,
      bbox: { minLat, minLon, maxLat, maxLon },
    };
  }

  private tally(work: PendingWork) {
    let figures = this.packages.get(work.packageName);
    if (!figures) {
      figures = { givenLength: null, givenValue: null, lengthSum: 0, valueSum: 0 };
      this.packages.set(work.packageName, figures);
    }
    figures.givenLength ??= work.givenPackageLength;
    figures.givenValue ??= work.givenPackageValue;
    figures.lengthSum += work.locationLength;
    figures.valueSum =
      figures.valueSum === null || work.locationValue === null ? null : figures.valueSum + work.locationValue;
    this.good += 1;
    this.sink(work);
  }

  /** The layer's summary, or ImportRefused with every reason. */
  finish(): LayerSummary {
    if (!this.stopped && this.count === 0) this.reasons.add('Layer tidak berisi fitur.');
    this.reasons.throwIfAny();
    return {
      works: this.good,
      packages: Object.fromEntries(this.packages),
      warnings: this.warnings.list(),
    };
  }
}

/** The parts of a LineString, MultiLineString or a collection of them; null with a problem otherwise. */
function linePartsOf(geometry: unknown, problems: string[]): unknown[][] | null {
  const shape = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown } | null;
  if (!shape || typeof shape !== 'object') {
    problems.push('tidak memiliki geometri');
    return null;
  }
  if (shape.type === 'LineString' && Array.isArray(shape.coordinates)) return [shape.coordinates];
  if (shape.type === 'MultiLineString' && Array.isArray(shape.coordinates)) {
    if (!shape.coordinates.length) {
      problems.push('tidak memiliki geometri');
      return null;
    }
    return shape.coordinates as unknown[][];
  }
  if (shape.type === 'GeometryCollection' && Array.isArray(shape.geometries) && shape.geometries.length) {
    const parts: unknown[][] = [];
    for (const member of shape.geometries) {
      const memberParts = linePartsOf(member, problems);
      if (!memberParts) return null;
      parts.push(...memberParts);
    }
    return parts;
  }
  problems.push(`geometri ${typeof shape.type === 'string' ? shape.type : 'tidak dikenal'}, bukan garis`);
  return null;
}

const PRJ_MAX_BYTES = 64 * 1024;

/** The .prj's coordinate system (any proj4 can read), checked on a point of the layer's extent. */
async function projectionFromPrj(prjPath: string, bbox: number[]): Promise<Projection> {
  const refuse = () =>
    new ImportRefused([
      'Berkas .prj tidak dapat dibaca: sistem koordinat tidak dikenali (gunakan UTM 49S atau WGS84).',
    ]);
  const bytes = await readFile(prjPath);
  if (bytes.length > PRJ_MAX_BYTES) throw refuse();
  const wkt = bytes
    .toString('latin1')
    .replace(/^\uFEFF/, '')
    .trim();
  if (!/^(PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS|COMPD_CS)\[/i.test(wkt)) throw refuse();
  try {
    const converter = proj4(wkt, 'EPSG:4326');
    const [xmin = 0, ymin = 0, xmax = 0, ymax = 0] = bbox;
    const probe = converter.forward([(xmin + xmax) / 2, (ymin + ymax) / 2]);
    if (!probe.every((value) => Number.isFinite(value))) throw new Error('probe');
    const project = (x: number, y: number) => converter.forward([x, y]) as [number, number];
    return /^PROJ/i.test(wkt) ? inMetres(project) : project;
  } catch {
    throw refuse();
  }
}

/** Without a .prj: degrees are WGS84, metres in UTM 49S's range are UTM 49S (spec §9); a warning says so. */
function guessProjection(bbox: number[], warnings: ReasonList): Projection {
  const [xmin = Number.NaN, ymin = Number.NaN, xmax = Number.NaN, ymax = Number.NaN] = bbox;
  if (xmin >= -180 && xmax <= 180 && ymin >= -90 && ymax <= 90) {
    warnings.add('Tidak ada berkas .prj; koordinat dibaca sebagai WGS84 (derajat).');
    return unchanged;
  }
  if (xmin >= 100_000 && xmax <= 900_000 && ymin >= 0 && ymax <= 10_000_000) {
    warnings.add('Tidak ada berkas .prj; koordinat dibaca sebagai UTM zona 49S (EPSG:32749).');
    return fromUtm49s;
  }
  throw new ImportRefused([
    'Berkas .prj tidak ditemukan dan sistem koordinat tidak dapat ditentukan; sertakan .prj (UTM 49S atau WGS84).',
  ]);
}

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

/** The shapefile's features; its headers have been checked (checkShapefileHeaders). */
async function readShapefile(
  layer: Extract<ExtractedLayer, { kind: 'shapefile' }>,
  sink: (work: PendingWork) => void,
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
    const project = layer.prj ? await projectionFromPrj(layer.prj, bbox) : guessProjection(bbox, warnings);
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

/** GeoJSON's coordinate system: WGS84 (RFC 7946), or an EPSG code of an old-style crs member proj4 knows. */
function geoJsonProjection(document: { crs?: { properties?: { name?: unknown } } }): Projection {
  const name = document.crs?.properties?.name;
  if (typeof name !== 'string' || /CRS84$/i.test(name)) return unchanged;
  const code = /EPSG:{1,2}(\d+)$/i.exec(name)?.[1];
  if (code === '4326') return unchanged;
  const definition = code ? `EPSG:${code}` : '';
  if (!code || !proj4.defs(definition)) {
    throw new ImportRefused([
      `Sistem koordinat GeoJSON (${readText(name).slice(0, 60)}) tidak didukung; gunakan WGS84 atau UTM 49S.`,
    ]);
  }
  const converter = proj4(definition, 'EPSG:4326');
  const project = (x: number, y: number) => converter.forward([x, y]) as [number, number];
  return proj4.defs(definition)?.units === 'degrees' ? project : inMetres(project);
}

function collectFeatures(collection: unknown, collector: WorkCollector) {
  const document = collection as {
    type?: unknown;
    features?: unknown;
    geometry?: unknown;
    properties?: unknown;
  };
  const features =
    document?.type === 'FeatureCollection' && Array.isArray(document.features)
      ? document.features
      : document?.type === 'Feature'
        ? [document]
        : null;
  if (!features) {
    throw new ImportRefused(['Berkas GeoJSON harus berupa FeatureCollection atau Feature garis.']);
  }
  for (const feature of features as { properties?: unknown; geometry?: unknown }[]) {
    if (collector.stopped) break;
    const properties =
      feature?.properties && typeof feature.properties === 'object'
        ? (feature.properties as Record<string, unknown>)
        : null;
    collector.add(properties, feature?.geometry);
  }
  return collector.finish();
}

async function readGeoJson(filePath: string, sink: (work: PendingWork) => void): Promise<LayerSummary> {
  let document: unknown;
  try {
    document = JSON.parse((await readFile(filePath, 'utf8')).replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportRefused(['Berkas GeoJSON tidak dapat dibaca (JSON tidak valid).']);
  }
  const project = geoJsonProjection(document as { crs?: { properties?: { name?: unknown } } });
  return collectFeatures(document, new WorkCollector(project, false, sink));
}

async function readKml(filePath: string, sink: (work: PendingWork) => void): Promise<LayerSummary> {
  let collection: unknown;
  try {
    const text = await readFile(filePath, 'utf8');
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
    collection = kmlToGeoJson(document);
  } catch {
    throw new ImportRefused(['Berkas KML tidak dapat dibaca (XML tidak valid).']);
  }
  // KML coordinates are WGS84 longitude, latitude (OGC KML 2.2).
  return collectFeatures(collection, new WorkCollector(unchanged, true, sink));
}

/**
 * Reads the extracted layer: every feature checked (attributes, line geometry, coordinates in range after
 * projection to WGS84), lengths measured from the line and compared with PJG_LOKASI, each good work handed
 * to the sink. Throws ImportRefused with the reasons when any feature is bad; warnings never refuse.
 */
export function readLayer(layer: ExtractedLayer, sink: (work: PendingWork) => void): Promise<LayerSummary> {
  if (layer.kind === 'shapefile') return readShapefile(layer, sink);
  if (layer.kind === 'geojson') return readGeoJson(layer.path, sink);
  return readKml(layer.path, sink);
}

/** What the parsing thread answers: the layer's summary, or the reasons it is refused. */
export type LayerOutcome = { summary: LayerSummary } | { reasons: string[] };

/** Lines of works are written in batches of about this many characters. */
const WRITE_BATCH = 1024 * 1024;

/**
 * readLayer as the parsing thread runs it: the works go to worksFile, one JSON line each, as they are
 * checked, so the thread never holds the layer and the main thread reads it back one work at a time
 * (readWorksFile). A refusal is an answer, not an error.
 */
export async function readLayerToFile(layer: ExtractedLayer, worksFile: string): Promise<LayerOutcome> {
  const file = openSync(worksFile, 'w');
  let batch = '';
  try {
    const summary = await readLayer(layer, (work) => {
      batch += `${JSON.stringify(work)}\n`;
      if (batch.length < WRITE_BATCH) return;
      writeSync(file, batch);
      batch = '';
    });
    writeSync(file, batch);
    return { summary };
  } catch (error) {
    if (error instanceof ImportRefused) return { reasons: error.reasons };
    throw error;
  } finally {
    closeSync(file);
  }
}

/** The works readLayerToFile wrote, in file order, completed with their package's figures. */
export async function* readWorksFile(
  worksFile: string,
  packages: Record<string, PackageFigures>,
): AsyncIterable<ParsedWork> {
  const lines = createInterface({ input: createReadStream(worksFile), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line) yield completeWork(JSON.parse(line) as PendingWork, packages);
  }
}
