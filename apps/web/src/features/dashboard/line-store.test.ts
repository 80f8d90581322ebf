import { DASHBOARD_POLYLINE_PRECISION } from '@eusulan/shared';
import polyline from '@mapbox/polyline';
import { CRS, latLng } from 'leaflet';
import { describe, expect, it } from 'vitest';
import {
  buildLineStore,
  combineStores,
  decodeLineData,
  type LineItem,
  latOf,
  lineStoreOf,
  lonOf,
  type PathContext,
  transferablesOf,
  worldX,
  worldY,
} from './line-store.ts';

const encode = (points: [number, number][]) => polyline.encode(points, DASHBOARD_POLYLINE_PRECISION);

/** Records what a draw does, as a canvas would receive it. */
function recorder() {
  const calls: string[] = [];
  const strokes: { color: string; width: number; moves: number; lines: number }[] = [];
  let moves = 0;
  let lines = 0;
  const context = {
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    globalAlpha: 1,
    beginPath() {
      moves = 0;
      lines = 0;
    },
    moveTo(x: number, y: number) {
      moves++;
      calls.push(`M${x.toFixed(1)},${y.toFixed(1)}`);
    },
    lineTo(x: number, y: number) {
      lines++;
      calls.push(`L${x.toFixed(1)},${y.toFixed(1)}`);
    },
    stroke() {
      strokes.push({ color: String(context.strokeStyle), width: context.lineWidth, moves, lines });
    },
  };
  return { context: context as unknown as PathContext, calls, strokes };
}

// Three streets of central Surabaya.
const TUNJUNGAN: [number, number][] = [
  [-7.2575, 112.7381],
  [-7.2628, 112.7395],
  [-7.2611, 112.744],
];
const DARMO: [number, number][] = [
  [-7.2875, 112.7391],
  [-7.2935, 112.7378],
];
const PEMUDA: [number, number][] = [
  [-7.2652, 112.7448],
  [-7.2641, 112.7502],
];

const items: LineItem[] = [
  { kind: 'work', id: 11, color: '#00ff00', weight: 4, lines: [encode(TUNJUNGAN), encode(PEMUDA)] },
  { kind: 'work', id: 12, color: '#0000ff', weight: 4, lines: [encode(DARMO)] },
  { kind: 'proposal', id: 7, color: 'red', weight: 3, lines: [encode(TUNJUNGAN.slice(0, 2))] },
];

/** Runs a rasterisation to its end, as the layer does over several tasks. */
function finish(steps: Generator<void, number>) {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

describe('line store', () => {
  it("projects as Leaflet's EPSG:3857 does at zoom 0, and back", () => {
    for (const [lat, lon] of [
      ...TUNJUNGAN,
      [60, -120] as [number, number],
      [-85.2, 179.9] as [number, number],
    ]) {
      const leaflet = CRS.EPSG3857.latLngToPoint(latLng(lat, lon), 0);
      expect(worldX(lon)).toBeCloseTo(leaflet.x, 9);
      expect(worldY(lat)).toBeCloseTo(leaflet.y, 9);
      if (Math.abs(lat) < 85) {
        expect(latOf(worldY(lat))).toBeCloseTo(lat, 9);
        expect(lonOf(worldX(lon))).toBeCloseTo(lon, 9);
      }
    }
  });

  it('decodes every line once, keeping counts, ids and boxes', () => {
    const store = buildLineStore(items);
    expect([store.itemCount, store.pathCount, store.pointCount]).toEqual([3, 4, 9]);
    expect(store.idsOf('work')).toEqual([11, 12]);
    expect(store.idsOf('proposal')).toEqual([7]);
    const darmo = store.find('work', 12);
    expect(store.kindOf(darmo)).toBe('work');
    expect(store.idOf(darmo)).toBe(12);
    expect(store.find('proposal', 12)).toBe(-1);
    const box = store.itemBox(darmo);
    expect(box?.[0]).toBeCloseTo(worldX(112.7378), 9);
    expect(box?.[1]).toBeCloseTo(worldY(-7.2875), 9);
    expect(box?.[2]).toBeCloseTo(worldX(112.7391), 9);
    expect(box?.[3]).toBeCloseTo(worldY(-7.2935), 9);
    const [x, y] = store.firstSegmentMiddle(darmo) ?? [0, 0];
    expect(lonOf(x)).toBeCloseTo((112.7391 + 112.7378) / 2, 6);
    expect(latOf(y)).toBeCloseTo((-7.2875 + -7.2935) / 2, 4);
    expect(store.bounds?.[2]).toBeCloseTo(worldX(112.7502), 9);
  });

  it('finds the line under a point: proposals on top, else the nearest, nothing beyond the tolerance', () => {
    const store = buildLineStore(items);
    const zoom = 16;
    const tolerance = 6 / 2 ** zoom;
    // On Tunjungan's first segment both the work and the proposal lie: the proposal is on top.
    const onTunjungan = store.hit(worldX(112.7388), worldY(-7.26015), tolerance);
    expect([store.kindOf(onTunjungan), store.idOf(onTunjungan)]).toEqual(['proposal', 7]);
    // On its second segment only the work.
    const onSecond = store.hit(worldX(112.74175), worldY(-7.26195), tolerance);
    expect([store.kindOf(onSecond), store.idOf(onSecond)]).toEqual(['work', 11]);
    // Pemuda belongs to work 11 as its second part.
    expect(store.idOf(store.hit(worldX(112.7475), worldY(-7.26465), tolerance))).toBe(11);
    expect(store.idOf(store.hit(worldX(112.73845), worldY(-7.2905), tolerance))).toBe(12);
    // 100 m east of Darmo: nothing at zoom 16, Darmo at zoom 10 where 6 px are 900 m.
    expect(store.hit(worldX(112.7394 + 0.0009), worldY(-7.2905), tolerance)).toBe(-1);
    expect(store.idOf(store.hit(worldX(112.7394 + 0.0009), worldY(-7.2905), 6 / 2 ** 10))).toBe(12);
  });

  it('draws works first and proposals on top, one stroke per style, only what is in view', () => {
    const store = buildLineStore(items);
    const scale = 2 ** 16;
    const whole = store.bounds ?? [0, 0, 0, 0];
    const { context, strokes } = recorder();
    const view = {
      scale,
      left: whole[0] * scale - 10,
      top: whole[1] * scale - 10,
      width: (whole[2] - whole[0]) * scale + 20,
      height: (whole[3] - whole[1]) * scale + 20,
      opacity: 0.9,
    };
    expect(store.draw(context, view)).toBe(4);
    expect(strokes).toEqual([
      { color: '#00ff00', width: 4, moves: 2, lines: 3 },
      { color: '#0000ff', width: 4, moves: 1, lines: 1 },
      { color: 'red', width: 3, moves: 1, lines: 1 },
    ]);
    // Only Darmo's corner of the city: one path drawn.
    const darmo = store.itemBox(store.find('work', 12)) ?? [0, 0, 0, 0];
    const corner = { ...view, left: darmo[0] * scale - 5, top: darmo[1] * scale - 5, width: 40, height: 40 };
    expect(store.draw(recorder().context, corner)).toBe(1);
  });

  it('leaves out points under a pixel from the last one drawn, but never the end of a line', () => {
    const dense: [number, number][] = Array.from({ length: 200 }, (_, index) => [
      -7.25,
      112.7 + index * 0.00001,
    ]);
    const store = buildLineStore([{ kind: 'work', id: 1, color: 'red', weight: 4, lines: [encode(dense)] }]);
    const draw = (zoom: number) => {
      const { context, calls } = recorder();
      const scale = 2 ** zoom;
      store.draw(context, {
        scale,
        left: worldX(112.69) * scale,
        top: worldY(-7.24) * scale,
        width: 1e6,
        height: 1e6,
        opacity: 1,
      });
      return calls;
    };
    // At zoom 12 the 200 points (220 m) span about 10 px: a dozen points at most, ending at the last one.
    const far = draw(12);
    expect(far.length).toBeLessThan(15);
    expect(far.at(-1)).toBe(draw(12).at(-1));
    const end = (worldX(dense.at(-1)?.[1] ?? 0) - worldX(112.69)) * 2 ** 12;
    expect(Number(far.at(-1)?.slice(1).split(',')[0])).toBeCloseTo(end, 1);
    // At zoom 22 every point is more than a pixel apart: all 200 drawn.
    expect(draw(22)).toHaveLength(200);
  });

  it('rasterises lines as wide as their weight, proposals over works, nothing outside the view', () => {
    const east: [number, number][] = [
      [-7.25, 112.7],
      [-7.25, 112.71],
    ];
    const south: [number, number][] = [
      [-7.24, 112.705],
      [-7.26, 112.705],
    ];
    const store = buildLineStore([
      { kind: 'work', id: 1, color: 'green', weight: 4, lines: [encode(east)] },
      { kind: 'proposal', id: 2, color: 'red', weight: 2, lines: [encode(south)] },
    ]);
    const scale = 2 ** 14;
    const [width, height] = [400, 400];
    const view = {
      scale,
      left: worldX(112.7) * scale - 100,
      top: worldY(-7.24) * scale - 100,
      width,
      height,
      opacity: 1,
    };
    const pixels = new Uint32Array(width * height);
    const words: Record<string, number> = { green: 1, red: 2 };
    expect(finish(store.rasterize(pixels, view, (color) => words[color] ?? 0))).toBe(2);
    const at = (x: number, y: number) => pixels[Math.round(y) * width + Math.round(x)];
    const eastY = worldY(-7.25) * scale - view.top;
    const southX = worldX(112.705) * scale - view.left;
    const eastEnd = worldX(112.71) * scale - view.left;
    // The east line: 4 px wide, from x = 100 to its end, nothing beyond.
    const column = Array.from({ length: 8 }, (_, offset) => at(150, eastY - 4 + offset));
    expect(column.filter((word) => word === 1)).toHaveLength(4);
    expect(at(99 - 3, eastY)).toBe(0);
    expect(at(eastEnd + 3, eastY)).toBe(0);
    // The proposal crosses it on top, 2 px wide.
    expect(at(southX, eastY)).toBe(2);
    const row = Array.from({ length: 6 }, (_, offset) => at(southX - 3 + offset, eastY + 40));
    expect(row.filter((word) => word === 2)).toHaveLength(2);
    // The same lines at twice the pixel density are twice as wide.
    const dense = new Uint32Array(width * 2 * height * 2);
    finish(
      store.rasterize(
        dense,
        {
          ...view,
          scale: scale * 2,
          left: view.left * 2,
          top: view.top * 2,
          width: width * 2,
          height: height * 2,
          ratio: 2,
        },
        (color) => words[color] ?? 0,
      ),
    );
    const denseColumn = Array.from(
      { length: 16 },
      (_, offset) => dense[Math.round(eastY * 2 - 8 + offset) * width * 2 + 300],
    );
    expect(denseColumn.filter((word) => word === 1)).toHaveLength(8);
    // A view elsewhere draws nothing and counts nothing.
    const away = { ...view, left: view.left + 10_000 };
    expect(store.countInView(away)).toBe(0);
    expect(store.countInView(view)).toBe(2);
    expect(finish(store.rasterize(new Uint32Array(width * height), away, () => 1))).toBe(0);
  });

  it('combines per-layer stores into one that draws in order and hits from the top', () => {
    const single = buildLineStore(items);
    const combined = combineStores([buildLineStore(items.slice(0, 2)), buildLineStore(items.slice(2))]);
    expect([combined.itemCount, combined.pathCount, combined.pointCount]).toEqual([3, 4, 9]);
    expect(combined.bounds).toEqual(single.bounds);
    expect(combined.idsOf('work')).toEqual([11, 12]);
    const proposal = combined.find('proposal', 7);
    expect([combined.kindOf(proposal), combined.idOf(proposal)]).toEqual(['proposal', 7]);
    expect(combined.itemBox(proposal)).toEqual(single.itemBox(single.find('proposal', 7)));
    expect(combined.firstSegmentMiddle(combined.find('work', 12))).toEqual(
      single.firstSegmentMiddle(single.find('work', 12)),
    );
    const tolerance = 6 / 2 ** 16;
    for (const [lon, lat] of [
      [112.7388, -7.26015],
      [112.74175, -7.26195],
      [112.73845, -7.2905],
      [112.7394 + 0.0009, -7.2905],
    ] as const) {
      const [one, both] = [
        single.hit(worldX(lon), worldY(lat), tolerance),
        combined.hit(worldX(lon), worldY(lat), tolerance),
      ];
      expect(both < 0 ? null : [combined.kindOf(both), combined.idOf(both)]).toEqual(
        one < 0 ? null : [single.kindOf(one), single.idOf(one)],
      );
    }
    const scale = 2 ** 16;
    const whole = single.bounds ?? [0, 0, 0, 0];
    const view = {
      scale,
      left: whole[0] * scale - 10,
      top: whole[1] * scale - 10,
      width: (whole[2] - whole[0]) * scale + 20,
      height: (whole[3] - whole[1]) * scale + 20,
      opacity: 0.9,
    };
    const [fromOne, fromBoth] = [recorder(), recorder()];
    expect(combined.draw(fromBoth.context, view)).toBe(single.draw(fromOne.context, view));
    expect(fromBoth.strokes).toEqual(fromOne.strokes);
    expect(combined.countInView(view)).toBe(4);
    const pixels = new Uint32Array(Math.ceil(view.width) * Math.ceil(view.height));
    expect(finish(combined.rasterize(pixels, view, () => 1))).toBe(4);
    expect(combined.find('proposal', 99)).toBe(-1);
    expect(combined.itemBox(99)).toBeNull();
  });
  it('works the same from data that crossed from a worker (structured clone, buffers transferred)', () => {
    const data = decodeLineData(items);
    const buffers = transferablesOf(data);
    // Every typed array's buffer is in the transfer list, once.
    expect(new Set(buffers).size).toBe(buffers.length);
    const crossed = structuredClone(data, { transfer: buffers });
    // Transferred: the worker's side holds nothing any more.
    expect(data.coords.byteLength).toBe(0);
    const direct = buildLineStore(items);
    const store = lineStoreOf(crossed);
    expect([store.itemCount, store.pathCount, store.pointCount]).toEqual([
      direct.itemCount,
      direct.pathCount,
      direct.pointCount,
    ]);
    expect(store.bounds).toEqual(direct.bounds);
    expect(store.idsOf('proposal')).toEqual(direct.idsOf('proposal'));
    const tolerance = 6 / 2 ** 16;
    for (const [lon, lat] of [
      [112.7388, -7.26015],
      [112.74175, -7.26195],
      [112.73845, -7.2905],
    ] as const) {
      expect(store.hit(worldX(lon), worldY(lat), tolerance)).toBe(
        direct.hit(worldX(lon), worldY(lat), tolerance),
      );
    }
  });
});
