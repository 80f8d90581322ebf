import { describe, expect, it } from 'vitest';
import { drawableSegments, isDrawableCoordinate, MAP } from './map.ts';

describe('isDrawableCoordinate', () => {
  it('accepts numbers inside the latitude and longitude ranges, bounds included', () => {
    expect(isDrawableCoordinate(-7.25, 112.77)).toBe(true);
    expect(isDrawableCoordinate(90, 180)).toBe(true);
    expect(isDrawableCoordinate(-90, -180)).toBe(true);
    expect(isDrawableCoordinate(0, 0)).toBe(true);
  });

  it('refuses values out of range, non-numbers and NaN', () => {
    expect(isDrawableCoordinate(90.0001, 0)).toBe(false);
    expect(isDrawableCoordinate(0, -180.5)).toBe(false);
    expect(isDrawableCoordinate('-7.25', 112.7)).toBe(false);
    expect(isDrawableCoordinate(null, 112.7)).toBe(false);
    expect(isDrawableCoordinate(-7.25, undefined)).toBe(false);
    expect(isDrawableCoordinate(Number.NaN, 112.7)).toBe(false);
    expect(isDrawableCoordinate(Number.POSITIVE_INFINITY, 0)).toBe(false);
  });
});

describe('drawableSegments', () => {
  it('keeps only segments with both ends drawable, as lat/lon pairs', () => {
    const good = { startLat: -7.25, startLon: 112.7, endLat: -7.26, endLon: 112.71 };
    expect(
      drawableSegments([
        good,
        { ...good, endLat: 120 },
        { ...good, startLon: Number.NaN },
        { ...good, startLat: '-7' as unknown as number },
      ]),
    ).toEqual([
      [
        [-7.25, 112.7],
        [-7.26, 112.71],
      ],
    ]);
  });
});

describe('MAP', () => {
  it('holds the spec §9 constants', () => {
    expect(MAP.defaultCenter).toEqual({ lat: -7.250445, lon: 112.768845 });
    expect(MAP.defaultZoom).toBe(12);
    expect(MAP.maxFitZoom).toBe(20);
    expect(MAP.dashboardCenter).toEqual({ lat: -7.27, lon: 112.73 });
    expect(MAP.dashboardMaxZoom).toBe(25);
    expect(MAP.lineColor).toBe('red');
  });
});
