import geodesic from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { encodePath } from '../../lib/map-lines.ts';
import { frameLines, scaleBarLength } from './dashboard.map-picture.ts';

const WGS84 = geodesic.Geodesic.WGS84;
const BOX = { x: 300, y: 100, width: 500, height: 400 };

/** A line of `metres` from a point of Surabaya towards `azimuth` degrees, as geographiclib walks it. */
function lineOf(metres: number, azimuth: number): [number, number][] {
  const start: [number, number] = [-7.2575, 112.7381];
  const end = WGS84.Direct(start[0], start[1], azimuth, metres);
  return [start, [end.lat2 ?? 0, end.lon2 ?? 0]];
}

const layerOf = (...lines: [number, number][][]) => ({
  label: 'Uji',
  color: '#1e88e5',
  lines: lines.map(encodePath),
});

describe('the map picture frame', () => {
  it('fits the lines inside the box and keeps the scale true to the ground', async () => {
    const east = lineOf(2000, 90);
    const north = lineOf(1500, 0);
    const frame = await frameLines([layerOf(east, north)], BOX);
    expect(frame).not.toBeNull();
    const project = (point: [number, number]) => frame!.projection([point[1], point[0]])!;
    for (const point of [...east, ...north]) {
      const [x, y] = project(point);
      expect(x).toBeGreaterThanOrEqual(BOX.x);
      expect(x).toBeLessThanOrEqual(BOX.x + BOX.width);
      expect(y).toBeGreaterThanOrEqual(BOX.y);
      expect(y).toBeLessThanOrEqual(BOX.y + BOX.height);
    }
    // The 2 km line measured on the page with the bar's scale is 2 km within 1 %.
    const [a, b] = east.map(project);
    const pagePoints = Math.hypot(b![0] - a![0], b![1] - a![1]);
    expect((pagePoints * frame!.metresPerPoint!) / 2000).toBeCloseTo(1, 2);
    // North is up: the line walked north rises on the page.
    expect(project(north[1]!)[1]).toBeLessThan(project(north[0]!)[1]);
  });

  it('shows a single short line at a street scale, not blown up to fill the page', async () => {
    const frame = await frameLines([layerOf(lineOf(20, 45))], BOX);
    // At least ~440 m across the frame: under 1 m of ground per point.
    expect(frame!.metresPerPoint! * BOX.width).toBeGreaterThan(400);
  });

  it('is absent when there is no line', async () => {
    expect(await frameLines([], BOX)).toBeNull();
    expect(await frameLines([{ label: 'Uji', color: '#000000', lines: [] }], BOX)).toBeNull();
  });
});

describe('a city of lines', () => {
  it('decodes them in batches, letting other work run between them', async () => {
    const lines = Array.from({ length: 5000 }, (_, index) => encodePath(lineOf(100, index % 360)));
    let turnsTaken = 0;
    const counting = setInterval(() => {
      turnsTaken += 1;
    }, 0);
    const frame = await frameLines([{ label: 'Uji', color: '#1e88e5', lines }], BOX);
    clearInterval(counting);
    expect(frame!.drawn[0]!.batches).toHaveLength(3);
    expect(turnsTaken).toBeGreaterThan(0);
  });
});

describe('scaleBarLength', () => {
  it('takes the longest round length that fits', () => {
    expect(scaleBarLength(2, 125)).toMatchObject({ metres: 200, label: '200 m', points: 100 });
    expect(scaleBarLength(10, 125)).toMatchObject({ metres: 1000, label: '1 km' });
    expect(scaleBarLength(40, 125)).toMatchObject({ metres: 5000, label: '5 km' });
    expect(scaleBarLength(0.5, 125).metres).toBe(50);
  });
});
