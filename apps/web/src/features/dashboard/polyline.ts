import { DASHBOARD_POLYLINE_PRECISION } from '@eusulan/shared';

/**
 * Decodes a Google encoded polyline (as @mapbox/polyline encodes it on the server) into [lat, lon] pairs.
 * Written here rather than bundled: it is these few lines, and it runs once per drawn line.
 */
export function decodePolyline(
  encoded: string,
  precision = DASHBOARD_POLYLINE_PRECISION,
): [number, number][] {
  const factor = 10 ** precision;
  const points: [number, number][] = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lon += next();
    points.push([lat / factor, lon / factor]);
  }
  return points;
}
