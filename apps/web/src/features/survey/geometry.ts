import { idNumberFormat, isDrawableCoordinate, SURVEY_MESSAGES, type TLineSegment } from '@eusulan/shared';

/** A point as Leaflet takes it: [latitude, longitude]. */
export type LatLonPoint = [lat: number, lon: number];
/** A drawn road line: two or more points. */
export type RoadLine = LatLonPoint[];

/** Leaflet's CRS.Earth radius, so our lengths equal L.LatLng.distanceTo. */
const EARTH_RADIUS_M = 6_371_000;

const samePoint = (a: LatLonPoint, b: LatLonPoint) => a[0] === b[0] && a[1] === b[1];

/**
 * The API stores a line as its segments (spec §3 drawLine.lokasi); the map edits polylines. A segment that
 * starts where the previous one ended continues that polyline, any other starts a new one.
 */
export function segmentsToLines(segments: readonly TLineSegment[]): RoadLine[] {
  const lines: RoadLine[] = [];
  let current: RoadLine | null = null;
  for (const segment of segments) {
    const start: LatLonPoint = [segment.startLat, segment.startLon];
    const end: LatLonPoint = [segment.endLat, segment.endLon];
    const last = current?.at(-1);
    if (current && last && samePoint(last, start)) {
      current.push(end);
    } else {
      current = [start, end];
      lines.push(current);
    }
  }
  return lines;
}

/** A polyline of n points becomes n-1 segments; a line of fewer than two points has none. */
export function linesToSegments(lines: readonly RoadLine[]): TLineSegment[] {
  return lines.flatMap((line) =>
    line.slice(1).map((end, index) => {
      const start = line[index] as LatLonPoint;
      return { startLat: start[0], startLon: start[1], endLat: end[0], endLon: end[1] };
    }),
  );
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine, as Leaflet's L.LatLng.distanceTo). */
export function distanceMetres(a: LatLonPoint, b: LatLonPoint): number {
  const dLat = radians(b[0] - a[0]);
  const dLon = radians(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** The length of a line: the sum of its segments' great-circle lengths. */
export function lineLengthMetres(line: readonly LatLonPoint[]): number {
  let total = 0;
  for (let index = 1; index < line.length; index += 1) {
    total += distanceMetres(line[index - 1] as LatLonPoint, line[index] as LatLonPoint);
  }
  return total;
}

export const linesLengthMetres = (lines: readonly RoadLine[]) =>
  lines.reduce((sum, line) => sum + lineLengthMetres(line), 0);

/** '1.234,5 m' (id-ID grouping, one decimal). */
export const formatMetres = (metres: number) => `${idNumberFormat(1).format(metres)} m`;

/**
 * Why a drawn line cannot be kept (spec §5: both numbers, latitude -90..90, longitude -180..180), with the
 * shared message, or null when every point is drawable. Leaflet lets a map pan past the antimeridian, so a
 * longitude beyond 180 can come from the map itself.
 */
export function lineProblem(line: readonly LatLonPoint[]): string | null {
  for (const [lat, lon] of line) {
    if (isDrawableCoordinate(lat, lon)) continue;
    return isDrawableCoordinate(lat, 0) ? SURVEY_MESSAGES.longitude : SURVEY_MESSAGES.latitude;
  }
  return null;
}
