/** The report's static satellite map (spec §7 external services): 600×300, zoom 18, red line weight 5. */
export const REPORT_MAP = { width: 600, height: 300, zoom: 18, paddingPx: 24 } as const;

const TILE_SIZE = 256;

/** Web Mercator at zoom 0, in pixels: what Leaflet and every tile service use. */
function project(lat: number, lon: number) {
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * TILE_SIZE,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_SIZE,
  };
}

export interface TMapView {
  center: [number, number];
  zoom: number;
}

/**
 * Centre and zoom of the static map: zoom 18 centred on the line when it fits in the box (with padding),
 * otherwise the closest whole zoom at which it does. Null without a drawable point. Computed up front, so
 * Leaflet asks for the tiles of the final view only.
 */
export function staticMapView(
  lines: readonly (readonly [number, number])[][],
  box: { width: number; height: number; zoom: number; paddingPx: number } = REPORT_MAP,
): TMapView | null {
  const points = lines.flat();
  if (points.length === 0) return null;
  const lats = points.map(([lat]) => lat);
  const lons = points.map(([, lon]) => lon);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lons);
  const east = Math.max(...lons);
  const center: [number, number] = [(south + north) / 2, (west + east) / 2];

  const southWest = project(south, west);
  const northEast = project(north, east);
  const spanX = Math.abs(northEast.x - southWest.x);
  const spanY = Math.abs(southWest.y - northEast.y);
  const room = (size: number) => Math.max(size - 2 * box.paddingPx, 1);
  const fitsAt = (span: number, size: number) =>
    span === 0 ? Number.POSITIVE_INFINITY : Math.log2(room(size) / span);
  const fitZoom = Math.floor(Math.min(fitsAt(spanX, box.width), fitsAt(spanY, box.height)));
  return { center, zoom: Math.max(0, Math.min(box.zoom, fitZoom)) };
}
