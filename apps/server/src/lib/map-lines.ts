import { DASHBOARD_POLYLINE_PRECISION, isDrawableCoordinate } from '@eusulan/shared';
import polyline from '@mapbox/polyline';
import type { LatLon, LineSegment } from '../db/schema/index.ts';

/**
 * The drawn segments of a surveyed road as paths: a segment that starts where the previous one ended
 * continues it (the survey form stores a polyline of n points as n-1 segments). Segments with a
 * coordinate spec §5 would not draw are left out.
 */
export function segmentsToPaths(segments: readonly LineSegment[]): LatLon[][] {
  const paths: LatLon[][] = [];
  let current: LatLon[] | null = null;
  for (const segment of segments) {
    if (
      !isDrawableCoordinate(segment.startLat, segment.startLon) ||
      !isDrawableCoordinate(segment.endLat, segment.endLon)
    ) {
      current = null;
      continue;
    }
    const last = current?.[current.length - 1];
    if (current && last && last[0] === segment.startLat && last[1] === segment.startLon) {
      current.push([segment.endLat, segment.endLon]);
    } else {
      current = [
        [segment.startLat, segment.startLon],
        [segment.endLat, segment.endLon],
      ];
      paths.push(current);
    }
  }
  return paths;
}

/** One path as a Google encoded polyline: about 6 to 8 characters a point instead of ~40 of JSON. */
export const encodePath = (path: LatLon[]): string => polyline.encode(path, DASHBOARD_POLYLINE_PRECISION);

/** A completed work's parts with the points spec §5 would draw, keeping parts of two points or more. */
export function drawableParts(parts: readonly LatLon[][]): LatLon[][] {
  const drawable: LatLon[][] = [];
  for (const part of parts) {
    const points = part.filter(([lat, lon]) => isDrawableCoordinate(lat, lon));
    if (points.length >= 2) drawable.push(points);
  }
  return drawable;
}

/** The drawable paths (two points or more) of a completed work's parts, encoded. */
export const encodeParts = (parts: readonly LatLon[][]): string[] => drawableParts(parts).map(encodePath);

/** A survey road's drawn segments as the dashboard draws them: joined paths, encoded. */
export const encodeSegments = (segments: readonly LineSegment[]): string[] =>
  segmentsToPaths(segments).map(encodePath);

/** Inverse of encodePath: the points of an encoded line, [lat, lon]. */
export const decodeLine = (line: string): LatLon[] => polyline.decode(line, DASHBOARD_POLYLINE_PRECISION);
