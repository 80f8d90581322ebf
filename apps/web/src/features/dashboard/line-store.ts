import { DASHBOARD_POLYLINE_PRECISION } from '@eusulan/shared';

/**
 * The dashboard's lines in one compact, drawable form: every point projected once to Web Mercator pixels at
 * zoom 0 (what Leaflet's EPSG:3857 gives, 256 px for the world) in one Float64Array, with a box per path, the
 * paths grouped by style (so a redraw strokes each colour once) and a grid of cells for hit tests. A redraw
 * only scales and shifts; nothing is decoded or allocated per line again.
 */

export type LineKind = 'proposal' | 'work';

export interface LineItem {
  kind: LineKind;
  id: number;
  color: string;
  weight: number;
  /** Google encoded polylines (precision DASHBOARD_POLYLINE_PRECISION). */
  lines: readonly string[];
}

/** Zoom-0 world pixels: x and y in [0, 256). */
export type WorldBox = [minX: number, minY: number, maxX: number, maxY: number];

const WORLD_SIZE = 256;
/** Leaflet's SphericalMercator clamp. */
const MAX_LATITUDE = 85.0511287798;
const RADIANS = Math.PI / 180;

export const worldX = (lon: number) => WORLD_SIZE * (lon / 360 + 0.5);
export function worldY(lat: number) {
  const sin = Math.sin(Math.max(Math.min(MAX_LATITUDE, lat), -MAX_LATITUDE) * RADIANS);
  return WORLD_SIZE * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI));
}
export const lonOf = (x: number) => (x / WORLD_SIZE - 0.5) * 360;
export const latOf = (y: number) =>
  (2 * Math.atan(Math.exp((0.5 - y / WORLD_SIZE) * 2 * Math.PI)) - Math.PI / 2) / RADIANS;

/** Grid cells for hit tests: a zoom-15 tile (about 1.2 km at Surabaya's latitude) in zoom-0 pixels. */
const CELL = WORLD_SIZE / 2 ** 15;

export interface LineStore {
  readonly itemCount: number;
  readonly pathCount: number;
  readonly pointCount: number;
  /** The box of every point, or null when there is none. */
  readonly bounds: WorldBox | null;
  kindOf(item: number): LineKind;
  idOf(item: number): number;
  /** The item with this kind and id, or -1. */
  find(kind: LineKind, id: number): number;
  itemBox(item: number): WorldBox | null;
  /** The middle of the item's first segment, in world pixels. */
  firstSegmentMiddle(item: number): [number, number] | null;
  /** Items of a kind, in the order given. */
  idsOf(kind: LineKind): number[];
  /**
   * The line under a world point within `tolerance` world pixels: proposals (drawn on top) before works,
   * then the nearest. -1 when none.
   */
  hit(x: number, y: number, tolerance: number): number;
  /** Draws what lies in the view; returns how many paths were drawn. */
  draw(context: PathContext, view: DrawView): number;
}

/** The part of CanvasRenderingContext2D a draw uses (a test can record it). */
export type PathContext = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'globalAlpha'
>;

export interface DrawView {
  /** 2^zoom: world pixels to view pixels. */
  scale: number;
  /** The view's top-left in zoom pixels (world pixel × scale). */
  left: number;
  top: number;
  width: number;
  height: number;
  opacity: number;
}

/** Points of an encoded polyline: each number ends on a character below 95 (its last 5-bit chunk). */
function countPoints(encoded: string) {
  let ends = 0;
  for (let index = 0; index < encoded.length; index++) if (encoded.charCodeAt(index) < 95) ends++;
  return ends >> 1;
}

export function buildLineStore(items: readonly LineItem[]): LineStore {
  let pathTotal = 0;
  let pointTotal = 0;
  for (const item of items) {
    pathTotal += item.lines.length;
    for (const line of item.lines) pointTotal += countPoints(line);
  }
  const coords = new Float64Array(pointTotal * 2);
  const pathStart = new Uint32Array(pathTotal + 1);
  const pathItem = new Uint32Array(pathTotal);
  const pathBox = new Float64Array(pathTotal * 4);
  const itemKind = new Uint8Array(items.length);
  const itemId = new Float64Array(items.length);
  const itemFirstPath = new Uint32Array(items.length + 1);
  const itemStyle = new Uint16Array(items.length);
  const styles: { color: string; weight: number; onTop: boolean }[] = [];
  const styleIndex = new Map<string, number>();
  const factor = 10 ** DASHBOARD_POLYLINE_PRECISION;

  let path = 0;
  let point = 0;
  items.forEach((item, itemIndex) => {
    itemKind[itemIndex] = item.kind === 'proposal' ? 1 : 0;
    itemId[itemIndex] = item.id;
    itemFirstPath[itemIndex] = path;
    const styleKey = `${item.kind}|${item.color}|${item.weight}`;
    let style = styleIndex.get(styleKey);
    if (style === undefined) {
      style = styles.length;
      styleIndex.set(styleKey, style);
      styles.push({ color: item.color, weight: item.weight, onTop: item.kind === 'proposal' });
    }
    itemStyle[itemIndex] = style;
    for (const encoded of item.lines) {
      pathStart[path] = point;
      pathItem[path] = itemIndex;
      let minX = Number.POSITIVE_INFINITY;
      let minY = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      let maxY = Number.NEGATIVE_INFINITY;
      let index = 0;
      let lat = 0;
      let lon = 0;
      while (index < encoded.length) {
        for (let axis = 0; axis < 2; axis++) {
          let result = 0;
          let shift = 0;
          let byte: number;
          do {
            byte = encoded.charCodeAt(index++) - 63;
            result |= (byte & 0x1f) << shift;
            shift += 5;
          } while (byte >= 0x20);
          const delta = result & 1 ? ~(result >> 1) : result >> 1;
          if (axis === 0) lat += delta;
          else lon += delta;
        }
        const x = worldX(lon / factor);
        const y = worldY(lat / factor);
        coords[point * 2] = x;
        coords[point * 2 + 1] = y;
        point++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      pathBox.set([minX, minY, maxX, maxY], path * 4);
      path++;
    }
  });
  pathStart[path] = point;
  itemFirstPath[items.length] = path;

  // Draw order: works' styles first, proposals' on top; each style's paths in the items' order.
  const styleOrder = styles
    .map((_, index) => index)
    .sort((a, b) => Number(styles[a]?.onTop) - Number(styles[b]?.onTop));
  const pathsOfStyle: number[][] = styles.map(() => []);
  for (let p = 0; p < path; p++) pathsOfStyle[itemStyle[pathItem[p] as number] as number]?.push(p);
  const styledPaths = styleOrder.map((style) => ({
    ...(styles[style] as (typeof styles)[number]),
    paths: Uint32Array.from(pathsOfStyle[style] ?? []),
  }));

  // Grid: each path listed in every cell its box touches.
  const grid = new Map<number, number[]>();
  const cellKey = (column: number, row: number) => column * 65_536 + row;
  for (let p = 0; p < path; p++) {
    const [minX, minY, maxX, maxY] = pathBox.subarray(p * 4, p * 4 + 4) as unknown as WorldBox;
    if (!(minX <= maxX)) continue;
    for (let column = Math.floor(minX / CELL); column <= Math.floor(maxX / CELL); column++) {
      for (let row = Math.floor(minY / CELL); row <= Math.floor(maxY / CELL); row++) {
        const key = cellKey(column, row);
        const cell = grid.get(key);
        if (cell) cell.push(p);
        else grid.set(key, [p]);
      }
    }
  }

  const boxOfPaths = (from: number, to: number): WorldBox | null => {
    const box: WorldBox = [
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    for (let p = from; p < to; p++) {
      if ((pathStart[p + 1] as number) === (pathStart[p] as number)) continue;
      box[0] = Math.min(box[0], pathBox[p * 4] as number);
      box[1] = Math.min(box[1], pathBox[p * 4 + 1] as number);
      box[2] = Math.max(box[2], pathBox[p * 4 + 2] as number);
      box[3] = Math.max(box[3], pathBox[p * 4 + 3] as number);
    }
    return box[0] <= box[2] ? box : null;
  };

  /** Squared distance from (x, y) to the nearest segment of path p, in world pixels. */
  const distanceSquared = (p: number, x: number, y: number) => {
    const start = pathStart[p] as number;
    const end = pathStart[p + 1] as number;
    let best = Number.POSITIVE_INFINITY;
    let ax = coords[start * 2] as number;
    let ay = coords[start * 2 + 1] as number;
    if (end - start === 1) return (x - ax) ** 2 + (y - ay) ** 2;
    for (let q = start + 1; q < end; q++) {
      const bx = coords[q * 2] as number;
      const by = coords[q * 2 + 1] as number;
      const dx = bx - ax;
      const dy = by - ay;
      const length = dx * dx + dy * dy;
      const t = length > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length)) : 0;
      const distance = (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2;
      if (distance < best) best = distance;
      ax = bx;
      ay = by;
    }
    return best;
  };

  const index = new Map<string, number>();
  items.forEach((item, itemIndex) => {
    index.set(`${item.kind}:${item.id}`, itemIndex);
  });
  const kindOf = (item: number): LineKind => (itemKind[item] === 1 ? 'proposal' : 'work');

  return {
    itemCount: items.length,
    pathCount: path,
    pointCount: point,
    bounds: boxOfPaths(0, path),
    kindOf,
    idOf: (item) => itemId[item] as number,
    find: (kind, id) => index.get(`${kind}:${id}`) ?? -1,
    itemBox: (item) => boxOfPaths(itemFirstPath[item] as number, itemFirstPath[item + 1] as number),
    firstSegmentMiddle(item) {
      for (let p = itemFirstPath[item] as number; p < (itemFirstPath[item + 1] as number); p++) {
        const start = pathStart[p] as number;
        if ((pathStart[p + 1] as number) - start < 2) continue;
        return [
          ((coords[start * 2] as number) + (coords[start * 2 + 2] as number)) / 2,
          ((coords[start * 2 + 1] as number) + (coords[start * 2 + 3] as number)) / 2,
        ];
      }
      return null;
    },
    idsOf: (kind) => items.filter((item) => item.kind === kind).map((item) => item.id),
    hit(x, y, tolerance) {
      const limit = tolerance * tolerance;
      const seen = new Set<number>();
      let best = -1;
      let bestOnTop = false;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (
        let column = Math.floor((x - tolerance) / CELL);
        column <= Math.floor((x + tolerance) / CELL);
        column++
      ) {
        for (let row = Math.floor((y - tolerance) / CELL); row <= Math.floor((y + tolerance) / CELL); row++) {
          for (const p of grid.get(cellKey(column, row)) ?? []) {
            if (seen.has(p)) continue;
            seen.add(p);
            if (
              x < (pathBox[p * 4] as number) - tolerance ||
              x > (pathBox[p * 4 + 2] as number) + tolerance ||
              y < (pathBox[p * 4 + 1] as number) - tolerance ||
              y > (pathBox[p * 4 + 3] as number) + tolerance
            )
              continue;
            const distance = distanceSquared(p, x, y);
            if (distance > limit) continue;
            const item = pathItem[p] as number;
            const onTop = itemKind[item] === 1;
            if ((onTop && !bestOnTop) || (onTop === bestOnTop && distance < bestDistance)) {
              best = item;
              bestOnTop = onTop;
              bestDistance = distance;
            }
          }
        }
      }
      return best;
    },
    draw(context, view) {
      const { scale, left, top, width, height } = view;
      let drawn = 0;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.globalAlpha = view.opacity;
      for (const style of styledPaths) {
        // A line's half width may reach into the view from a box just outside it.
        const margin = style.weight / scale;
        const minX = left / scale - margin;
        const minY = top / scale - margin;
        const maxX = (left + width) / scale + margin;
        const maxY = (top + height) / scale + margin;
        context.beginPath();
        context.strokeStyle = style.color;
        context.lineWidth = style.weight;
        for (const p of style.paths) {
          if (
            (pathBox[p * 4 + 2] as number) < minX ||
            (pathBox[p * 4] as number) > maxX ||
            (pathBox[p * 4 + 3] as number) < minY ||
            (pathBox[p * 4 + 1] as number) > maxY
          )
            continue;
          const start = pathStart[p] as number;
          const end = pathStart[p + 1] as number;
          if (end - start < 2) continue;
          let lastX = (coords[start * 2] as number) * scale - left;
          let lastY = (coords[start * 2 + 1] as number) * scale - top;
          context.moveTo(lastX, lastY);
          // Per-zoom simplification: a point under a pixel from the last one drawn adds nothing visible.
          for (let q = start + 1; q < end; q++) {
            const px = (coords[q * 2] as number) * scale - left;
            const py = (coords[q * 2 + 1] as number) * scale - top;
            if (q < end - 1 && Math.abs(px - lastX) < 1 && Math.abs(py - lastY) < 1) continue;
            context.lineTo(px, py);
            lastX = px;
            lastY = py;
          }
          drawn++;
        }
        context.stroke();
      }
      return drawn;
    },
  };
}
