/** Map constants of spec §9 and the coordinate rule of spec §5, shared by every map and the print report. */

/** A drawn segment of a surveyed road (spec §3 SurveyRoad drawLine.lokasi). */
interface TSegment {
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
}

/** Default satellite tiles (DESIGN §4): a public imagery service that needs no key; MAP_TILE_URL overrides. */
export const DEFAULT_MAP_TILE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
export const DEFAULT_MAP_TILE_ATTRIBUTION =
  'Tiles &copy; Esri &mdash; Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community';

export const MAP = {
  /** Centre of the detail and survey maps (Surabaya). */
  defaultCenter: { lat: -7.250445, lon: 112.768845 },
  defaultZoom: 12,
  /** Fitting the view to the drawn lines never zooms in further than this. */
  maxFitZoom: 20,
  /** The maps dashboard. */
  dashboardCenter: { lat: -7.27, lon: 112.73 },
  dashboardMaxZoom: 25,
  lineColor: 'red',
  lineWeight: 5,
  /** Map init/draw delay (spec §9). */
  drawDelayMs: 500,
  streetViewRadiusM: 50,
} as const;

/** Spec §5: drawn only if both are numbers, latitude in -90..90 and longitude in -180..180. */
export function isDrawableCoordinate(lat: unknown, lon: unknown): boolean {
  return (
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    lat >= -90 &&
    lat <= 90 &&
    lon >= -180 &&
    lon <= 180
  );
}

/** The segments whose two ends are both drawable, as [lat, lon] pairs for a polyline. */
export function drawableSegments(segments: readonly TSegment[]): [number, number][][] {
  return segments
    .filter(
      (segment) =>
        isDrawableCoordinate(segment.startLat, segment.startLon) &&
        isDrawableCoordinate(segment.endLat, segment.endLon),
    )
    .map((segment) => [
      [segment.startLat, segment.startLon],
      [segment.endLat, segment.endLon],
    ]);
}
