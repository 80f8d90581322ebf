import { COMPLETED_WORK_ATTRIBUTES, COMPLETED_WORK_LIMITS } from '@eusulan/shared';
import { encodeParts } from '../../lib/map-lines.ts';
import { distanceMetres, INDONESIA, isInside, type Projection } from './completed-work-projection.ts';
import { ReasonList } from './completed-work-reasons.ts';

// What one feature of a completed-work layer must be, whatever file it came in: its attributes read and
// checked (numbers in Indonesian or English notation, lengths in metres or with a unit), its line projected
// to WGS 84 and measured, each good work handed on, and the package figures kept for the end.

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
  /** The package's lines as measured, whatever PJG_LOKASI says: what a PJG_PAKET in km is caught by. */
  drawnSum: number;
}

/** What reading a layer tells besides its works, which go to a sink as they are checked. */
export interface LayerSummary {
  works: number;
  packages: Record<string, PackageFigures>;
  warnings: string[];
}

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

export const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
export const formatNumber = (value: number) => value.toLocaleString('id-ID', { maximumFractionDigits: 2 });

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

/** A length attribute in metres: as readAttributeNumber, and text ending in 'km' or 'kilometer' converted. */
export function readAttributeLength(value: unknown): { metres: number | null; fromKm: boolean } | undefined {
  const km = typeof value === 'string' ? /^(.*?)\s*(km|kilometer)$/i.exec(value.trim()) : null;
  // No road runs thousands of kilometres: '3.676 km' is three point six, not the Indonesian 3676.
  const number =
    km?.[1] && /^\d{1,3}\.\d{3}$/.test(km[1]) ? Number(km[1]) : readAttributeNumber(km ? km[1] : value);
  if (number === undefined) return undefined;
  return { metres: number === null ? null : number * (km ? 1000 : 1), fromKm: km !== null };
}

/**
 * A length given in kilometres where metres are asked for: about a thousandth of the drawn line (within the
 * length tolerance). Lines under 10 m are too short to tell.
 */
export function looksLikeKilometres(given: number, drawn: number) {
  return (
    given > 0 &&
    drawn >= 10 &&
    Math.abs(given * 1000 - drawn) / drawn <= COMPLETED_WORK_LIMITS.lengthTolerance
  );
}

export const readText = (value: unknown) =>
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
export class WorkCollector {
  readonly reasons = new ReasonList();
  readonly warnings = new ReasonList();
  private readonly packages = new Map<string, PackageFigures>();
  /** Length columns some feature gave in km, said once in the warnings. */
  private readonly convertedFromKm = new Set<string>();
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
    const length = (name: 'PJG_LOKASI' | 'PJG_PAKET') => {
      const raw = attribute(name);
      const value = readAttributeLength(raw);
      if (value === undefined) {
        problems.push(`${name} bukan angka (${readText(raw).slice(0, 40)})`);
        return null;
      }
      if (value.metres !== null && (value.metres < 0 || value.metres > MAX_LENGTH_M)) {
        problems.push(`${name} harus antara 0 dan ${formatNumber(MAX_LENGTH_M)}`);
        return null;
      }
      if (value.fromKm) this.convertedFromKm.add(name);
      return value.metres;
    };
    const pjgLokasi = length('PJG_LOKASI');
    const pjgPaket = length('PJG_PAKET');
    const nilaiLok = number('NILAI_LOK', MAX_VALUE);
    const nilaiPaket = number('NILAI_PAKET', MAX_VALUE);
    const line = this.line(geometry, problems);
    if (line && pjgLokasi !== null && looksLikeKilometres(pjgLokasi, line.length)) {
      problems.push(
        `PJG_LOKASI ${formatNumber(pjgLokasi)} tampak dalam kilometer (panjang garis ${formatNumber(round(line.length, 1))} m); tulis dalam meter atau beri satuan "km"`,
      );
    }
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
      drawnLength: line.length,
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
        if (!isInside(INDONESIA, [lon, lat])) {
          problems.push(
            `koordinat (lintang ${formatNumber(round(lat, 6))}, bujur ${formatNumber(round(lon, 6))}) di luar Indonesia bila dibaca sebagai ${this.project.label}`,
          );
          return null;
        }
        lat = round(lat, 7);
        lon = round(lon, 7);
        if (previous) length += distanceMetres([previous[1], previous[0]], [lon, lat]);
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

  private tally({ drawnLength, ...work }: PendingWork & { drawnLength: number }) {
    let figures = this.packages.get(work.packageName);
    if (!figures) {
      figures = { givenLength: null, givenValue: null, lengthSum: 0, valueSum: 0, drawnSum: 0 };
      this.packages.set(work.packageName, figures);
    }
    figures.givenLength ??= work.givenPackageLength;
    figures.givenValue ??= work.givenPackageValue;
    figures.lengthSum += work.locationLength;
    figures.drawnSum += drawnLength;
    figures.valueSum =
      figures.valueSum === null || work.locationValue === null ? null : figures.valueSum + work.locationValue;
    this.good += 1;
    this.sink(work);
  }

  /** The layer's summary, or ImportRefused with every reason. */
  finish(): LayerSummary {
    if (!this.stopped && this.count === 0) this.reasons.add('Layer tidak berisi fitur.');
    for (const [name, figures] of this.packages) {
      if (figures.givenLength !== null && looksLikeKilometres(figures.givenLength, figures.drawnSum)) {
        this.reasons.add(
          `Paket ${name}: PJG_PAKET ${formatNumber(figures.givenLength)} tampak dalam kilometer (panjang garis paket ${formatNumber(round(figures.drawnSum, 1))} m); tulis dalam meter atau beri satuan "km".`,
        );
      }
    }
    this.reasons.throwIfAny();
    for (const name of this.convertedFromKm) {
      this.warnings.add(`${name} yang ditulis dalam km dikonversi ke meter.`);
    }
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
