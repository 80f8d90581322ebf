import {
  idNumberFormat,
  isDrawableCoordinate,
  MAP,
  PROPOSAL_MESSAGES,
  type TCompletedWorkDetail,
  type TCompletedWorkPoint,
} from '@eusulan/shared';
import { uploadProblem, ZIP_IMPORT_RULE } from '../proposal/upload-guard.ts';

/**
 * Pure helpers of the Pekerjaan Selesai screens and the completed-work modal (spec §2, §3, §5, §9):
 * paths, headings, lengths in metres, the lines a map may draw and the place street view looks at.
 */

export const COMPLETED_WORK_LIST_PATH = '/pekerjaan-selesai';

/** 'Lihat Data' opens the works of one import with its year as the query (spec §2). */
export const completedWorkDetailPath = (importId: number, year: number | string) =>
  `${COMPLETED_WORK_LIST_PATH}/detail/${importId}?year=${encodeURIComponent(String(year))}`;

/** A four-digit year from the query string, or null (the heading then falls back to the import's year). */
export function yearFromQuery(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  return /^\d{4}$/.test(text) ? Number(text) : null;
}

/** 'Pekerjaan Selesai Tahun 2025' (spec §2: the detail heading with the year). */
export const detailHeading = (year: number | null) =>
  year === null ? 'Pekerjaan Selesai' : `Pekerjaan Selesai Tahun ${year}`;

/** Lengths in metres, id-ID grouping: 1234.5 -> '1.234,5 m'; '-' when there is no number. */
export function formatMetres(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const metres = Number(value);
  return Number.isFinite(metres) ? `${idNumberFormat(2).format(metres)} m` : '-';
}

export type LatLngTuple = [number, number];

/**
 * The parts of a line a map can draw: points outside spec §5's rule (numbers, latitude -90..90, longitude
 * -180..180) are dropped, and a part left with fewer than two points is no line at all.
 */
export function drawableParts(parts: readonly (readonly TCompletedWorkPoint[])[] | null | undefined) {
  const lines: LatLngTuple[][] = [];
  for (const part of parts ?? []) {
    const points = (part ?? [])
      .filter((point) => isDrawableCoordinate(point?.latitude, point?.longitude))
      .map((point): LatLngTuple => [point.latitude, point.longitude]);
    if (points.length >= 2) lines.push(points);
  }
  return lines;
}

/** The work type's colour when it is a CSS hex colour, else the default red of spec §2. */
export function lineColorOf(color: string | null | undefined): string {
  const text = color?.trim() ?? '';
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text) ? text : MAP.lineColor;
}

/** Planar length of a short segment in degrees of latitude (longitude shrunk by the latitude's cosine). */
function segmentLength([lat1, lon1]: LatLngTuple, [lat2, lon2]: LatLngTuple) {
  const shrink = Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.hypot(lat2 - lat1, (lon2 - lon1) * shrink);
}

function partLength(part: readonly LatLngTuple[]) {
  let total = 0;
  let previous: LatLngTuple | undefined;
  for (const point of part) {
    if (previous) total += segmentLength(previous, point);
    previous = point;
  }
  return total;
}

/**
 * The point halfway along the longest part: where street view and the Google Maps link look, so they show
 * the work itself rather than one of its ends. Null without a drawable line.
 */
export function midpointOf(lines: readonly LatLngTuple[][]): LatLngTuple | null {
  let longest: LatLngTuple[] = [];
  let longestLength = -1;
  for (const line of lines) {
    const length = partLength(line);
    if (line.length > 0 && length > longestLength) {
      longest = line;
      longestLength = length;
    }
  }
  const [first] = longest;
  if (!first) return null;
  let remaining = longestLength / 2;
  let from = first;
  for (const to of longest.slice(1)) {
    const length = segmentLength(from, to);
    if (length > 0 && remaining <= length) {
      const share = remaining / length;
      return [from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share];
    }
    remaining -= length;
    from = to;
  }
  return first;
}

const coordinateText = ([lat, lon]: LatLngTuple) => `${lat.toFixed(6)},${lon.toFixed(6)}`;

/** Opens the place in Google Maps (DESIGN §4, street view without a key): the Maps URLs search form. */
export const googleMapsPlaceUrl = (point: LatLngTuple) =>
  `https://www.google.com/maps/search/?api=1&query=${coordinateText(point)}`;

/** Spec §6: umum receives no nominal values at all; the fields are then not drawn, not even as '-'. */
export const hasNominal = (detail: Pick<TCompletedWorkDetail, 'nilaiLokasi' | 'nilaiPaket'>) =>
  detail.nilaiLokasi !== undefined || detail.nilaiPaket !== undefined;

/** What the import refuses before sending, with the reason under 'Silahkan periksa file Anda lagi'. */
export const ZIP_ONLY = 'Hanya satu file .zip atau .kmz yang dapat diimport.';

/**
 * Why a chosen file is refused before anything is sent (spec §5, §9): not a .zip or .kmz, or over 50 MB; null when
 * it may be sent. The server still judges the content (a renamed text file is refused there).
 */
export function zipFileProblem(file: { name: string; size: number }): string | null {
  const problem = uploadProblem(file, 0, ZIP_IMPORT_RULE);
  if (problem === null) return null;
  return problem === PROPOSAL_MESSAGES.fileType ? ZIP_ONLY : problem;
}
