import { SURVEY_MESSAGES } from '@eusulan/shared';
import { latLng } from 'leaflet';
import { describe, expect, it } from 'vitest';
import {
  distanceMetres,
  formatMetres,
  lineLengthMetres,
  lineProblem,
  linesLengthMetres,
  linesToSegments,
  type RoadLine,
  segmentsToLines,
} from './geometry.ts';

const tunjungan: RoadLine = [
  [-7.2575, 112.7381],
  [-7.26, 112.7388],
  [-7.2628, 112.7395],
];

describe('segments and polylines', () => {
  it('stores a polyline of n points as n-1 segments, in order', () => {
    expect(linesToSegments([tunjungan])).toEqual([
      { startLat: -7.2575, startLon: 112.7381, endLat: -7.26, endLon: 112.7388 },
      { startLat: -7.26, startLon: 112.7388, endLat: -7.2628, endLon: 112.7395 },
    ]);
    expect(linesToSegments([[[-7.25, 112.7]]])).toEqual([]);
  });

  it('joins consecutive segments back into one polyline and starts a new one at a gap', () => {
    const second: RoadLine = [
      [-7.3, 112.73],
      [-7.31, 112.731],
    ];
    const segments = linesToSegments([tunjungan, second]);
    expect(segments).toHaveLength(3);
    expect(segmentsToLines(segments)).toEqual([tunjungan, second]);
    expect(segmentsToLines([])).toEqual([]);
  });

  it('reads the demo data layout (each segment starting where the last ended) as one line', () => {
    const demo = [
      { startLat: -7.245, startLon: 112.76, endLat: -7.244, endLon: 112.765 },
      { startLat: -7.244, startLon: 112.765, endLat: -7.243, endLon: 112.77 },
    ];
    expect(segmentsToLines(demo)).toEqual([
      [
        [-7.245, 112.76],
        [-7.244, 112.765],
        [-7.243, 112.77],
      ],
    ]);
  });
});

describe('lengths', () => {
  it('equal Leaflet’s great-circle distance for every segment, summed', () => {
    const [a, b, c] = tunjungan as [RoadLine[0], RoadLine[0], RoadLine[0]];
    const leaflet = latLng(a).distanceTo(latLng(b)) + latLng(b).distanceTo(latLng(c));
    expect(lineLengthMetres(tunjungan)).toBeCloseTo(leaflet, 6);
    expect(distanceMetres(a, a)).toBe(0);
    expect(lineLengthMetres([a])).toBe(0);
  });

  it('add up over the lines of a road and read in metres, id-ID style', () => {
    const oneDegreeOfLatitude = lineLengthMetres([
      [0, 0],
      [1, 0],
    ]);
    expect(oneDegreeOfLatitude).toBeCloseTo(111_194.9, 0);
    expect(linesLengthMetres([tunjungan, tunjungan])).toBeCloseTo(2 * lineLengthMetres(tunjungan), 9);
    expect(formatMetres(1234.56)).toBe('1.234,6 m');
    expect(formatMetres(0)).toBe('0 m');
  });
});

describe('coordinate bounds (spec §5)', () => {
  it('keeps lines inside -90..90 and -180..180 and names the bad part with the shared message', () => {
    expect(lineProblem(tunjungan)).toBeNull();
    expect(
      lineProblem([
        [-7.25, 112.7],
        [-7.25, 472.7],
      ]),
    ).toBe(SURVEY_MESSAGES.longitude);
    expect(
      lineProblem([
        [95, 112.7],
        [-7.25, 112.7],
      ]),
    ).toBe(SURVEY_MESSAGES.latitude);
    expect(lineProblem([[Number.NaN, 112.7]])).toBe(SURVEY_MESSAGES.latitude);
  });
});
