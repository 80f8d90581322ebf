import { describe, expect, it } from 'vitest';
import { decodePolyline } from './polyline.ts';

describe('decodePolyline', () => {
  it("decodes Google's documented example at precision 5", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@', 5)).toEqual([
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]);
  });

  it('decodes a precision-6 line as @mapbox/polyline encodes it on the server', () => {
    // polyline.encode([[-7.2575, 112.7381], [-7.2628, 112.7395], [-7.2611, 112.739]], 6)
    const points = decodePolyline('vx}yLgr~_vEfjIovAgiBf^');
    expect(points).toHaveLength(3);
    const expected = [
      [-7.2575, 112.7381],
      [-7.2628, 112.7395],
      [-7.2611, 112.739],
    ];
    points.forEach(([lat, lon], index) => {
      expect(lat).toBeCloseTo(expected[index]![0]!, 6);
      expect(lon).toBeCloseTo(expected[index]![1]!, 6);
    });
  });

  it('decodes an empty string to no points', () => {
    expect(decodePolyline('')).toEqual([]);
  });
});
