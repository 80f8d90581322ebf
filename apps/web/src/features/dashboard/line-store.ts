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

/** Paths rasterised between two pauses of rasterize(). */
const RASTER_SLICE_PATHS = 2000;

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
  /** Draws what lies in the view with canvas strokes (smooth); returns how many paths were drawn. */
  draw(context: PathContext, view: DrawView): number;
  /** How many paths lie in the view (their boxes touch it). */
  countInView(view: DrawView): number;
  /**
   * Draws what lies in the view straight into pixels (RGBA as little-endian 32-bit words, `view` in
   * device pixels): no antialiasing, but a small fraction of a canvas stroke's cost, for views holding
   * tens of thousands of lines. `pixelOf` turns a style's colour into its pixel word. It pauses (yields)
   * every few thousand paths, so a caller can spread a whole city over several short tasks; it returns
   * how many paths were drawn.
   */
  rasterize(pixels: Uint32Array, view: DrawView, pixelOf: (color: string) => number): Generator<void, number>;
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
  /** Device pixels per CSS pixel, for line widths when rasterising (the view is then in device pixels). */
  ratio?: number;
}

/**
 * A LineStore's contents as plain typed arrays: made where the layer's answer is parsed (a Web Worker,
 * dashboard/layer-loader.ts), handed to the page without a copy (transferablesOf), and drawn from there.
 */
export interface LineData {
  itemCount: number;
  pathCount: number;
  pointCount: number;
  /** x, y of every point in world pixels, path after path. */
  coords: Float64Array;
  /** Each path's first point; one more entry closes the last path. */
  pathStart: Uint32Array;
  pathItem: Uint32Array;
  /** minX, minY, maxX, maxY of each path (an empty path: +∞, +∞, −∞, −∞). */
  pathBox: Float64Array;
  /** 1 for a proposal, 0 for a work. */
  itemKind: Uint8Array;
  itemId: Float64Array;
  /** Each item's first path; one more entry closes the last item. */
  itemFirstPath: Uint32Array;
  /** The styles in draw order (works first, proposals on top), each with its paths in the items' order. */
  styles: { color: string; weight: number; paths: Uint32Array }[];
  /**
   * Hit-test grid, compacted: the sorted keys of the cells some path's box touches, and for cell i the
   * paths cellPaths[cellStart[i] .. cellStart[i + 1]).
   */
  cellKeys: Float64Array;
  cellStart: Uint32Array;
  cellPaths: Uint32Array;
}

/** The buffers of a LineData, for postMessage's transfer list. */
export function transferablesOf(data: LineData): ArrayBuffer[] {
  const arrays = [
    data.coords,
    data.pathStart,
    data.pathItem,
    data.pathBox,
    data.itemKind,
    data.itemId,
    data.itemFirstPath,
    data.cellKeys,
    data.cellStart,
    data.cellPaths,
    ...data.styles.map((style) => style.paths),
  ];
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}

const cellKey = (column: number, row: number) => column * 65_536 + row;

/** Calls `visit` with the key of every grid cell the box of path p touches. */
function forEachCell(pathBox: Float64Array, p: number, visit: (key: number) => void) {
  const minX = pathBox[p * 4] as number;
  const maxX = pathBox[p * 4 + 2] as number;
  if (!(minX <= maxX)) return;
  const minRow = Math.floor((pathBox[p * 4 + 1] as number) / CELL);
  const maxRow = Math.floor((pathBox[p * 4 + 3] as number) / CELL);
  for (let column = Math.floor(minX / CELL); column <= Math.floor(maxX / CELL); column++) {
    for (let row = minRow; row <= maxRow; row++) visit(cellKey(column, row));
  }
}

/** The hit-test grid of LineData: counted, then filled, so it is three typed arrays and no per-cell array. */
function buildGrid(pathBox: Float64Array, pathCount: number) {
  const counts = new Map<number, number>();
  for (let p = 0; p < pathCount; p++)
    forEachCell(pathBox, p, (key) => counts.set(key, (counts.get(key) ?? 0) + 1));
  const cellKeys = Float64Array.from(counts.keys()).sort();
  const cellStart = new Uint32Array(cellKeys.length + 1);
  const slot = new Map<number, number>();
  let total = 0;
  cellKeys.forEach((key, index) => {
    cellStart[index] = total;
    slot.set(key, total);
    total += counts.get(key) as number;
  });
  cellStart[cellKeys.length] = total;
  const cellPaths = new Uint32Array(total);
  for (let p = 0; p < pathCount; p++) {
    forEachCell(pathBox, p, (key) => {
      const at = slot.get(key) as number;
      cellPaths[at] = p;
      slot.set(key, at + 1);
    });
  }
  return { cellKeys, cellStart, cellPaths };
}

/** Decodes and projects the items' lines once, into LineData (the expensive part: run it off the page). */
export function decodeLineData(items: readonly LineItem[]): LineData {
  let pathTotal = 0;
  let characters = 0;
  for (const item of items) {
    pathTotal += item.lines.length;
    for (const line of item.lines) characters += line.length;
  }
  // A point takes 2 to 12 characters, about 7 in city lines: room for most, grown when short.
  let buffer = new Float64Array(Math.max(16, Math.ceil(characters / 3)));
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
        if (point * 2 + 1 >= buffer.length) {
          const grown = new Float64Array(buffer.length * 2);
          grown.set(buffer);
          buffer = grown;
        }
        buffer[point * 2] = x;
        buffer[point * 2 + 1] = y;
        point++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      pathBox[path * 4] = minX;
      pathBox[path * 4 + 1] = minY;
      pathBox[path * 4 + 2] = maxX;
      pathBox[path * 4 + 3] = maxY;
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
  return {
    itemCount: items.length,
    pathCount: path,
    pointCount: point,
    coords: buffer.subarray(0, point * 2),
    pathStart,
    pathItem,
    pathBox,
    itemKind,
    itemId,
    itemFirstPath,
    styles: styleOrder.map((style) => ({
      color: (styles[style] as (typeof styles)[number]).color,
      weight: (styles[style] as (typeof styles)[number]).weight,
      paths: Uint32Array.from(pathsOfStyle[style] ?? []),
    })),
    ...buildGrid(pathBox, path),
  };
}

/** Decodes the items and makes their store at once (on the page: small layers, tests). */
export const buildLineStore = (items: readonly LineItem[]): LineStore => lineStoreOf(decodeLineData(items));

/** The store over decoded lines: nothing is decoded or allocated per line again. */
export function lineStoreOf(data: LineData): LineStore {
  const {
    coords,
    pathStart,
    pathItem,
    pathBox,
    itemKind,
    itemId,
    itemFirstPath,
    cellKeys,
    cellStart,
    cellPaths,
  } = data;
  const path = data.pathCount;

  /** Index of a grid cell's key, or -1 (binary search of the sorted keys). */
  const cellOf = (key: number) => {
    let low = 0;
    let high = cellKeys.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = cellKeys[middle] as number;
      if (found === key) return middle;
      if (found < key) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  };

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

  /** The view's box in world pixels, widened by half a line's width so a line just outside still shows. */
  const viewBox = (view: DrawView, weight: number) => {
    const margin = weight / view.scale;
    return [
      view.left / view.scale - margin,
      view.top / view.scale - margin,
      (view.left + view.width) / view.scale + margin,
      (view.top + view.height) / view.scale + margin,
    ] as const;
  };
  const inBox = (p: number, [minX, minY, maxX, maxY]: readonly [number, number, number, number]) =>
    (pathBox[p * 4 + 2] as number) >= minX &&
    (pathBox[p * 4] as number) <= maxX &&
    (pathBox[p * 4 + 3] as number) >= minY &&
    (pathBox[p * 4 + 1] as number) <= maxY;

  /** Item by kind and id, made on first use (tests and fitting to one line need it, drawing does not). */
  let indexMade: Map<string, number> | null = null;
  const kindOf = (item: number): LineKind => (itemKind[item] === 1 ? 'proposal' : 'work');
  const index = () => {
    if (!indexMade) {
      indexMade = new Map();
      for (let item = 0; item < data.itemCount; item++)
        indexMade.set(`${kindOf(item)}:${itemId[item]}`, item);
    }
    return indexMade;
  };

  return {
    itemCount: data.itemCount,
    pathCount: path,
    pointCount: data.pointCount,
    bounds: boxOfPaths(0, path),
    kindOf,
    idOf: (item) => itemId[item] as number,
    find: (kind, id) => index().get(`${kind}:${id}`) ?? -1,
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
    idsOf(kind) {
      const ids: number[] = [];
      for (let item = 0; item < data.itemCount; item++)
        if (kindOf(item) === kind) ids.push(itemId[item] as number);
      return ids;
    },
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
          const cell = cellOf(cellKey(column, row));
          if (cell < 0) continue;
          for (let at = cellStart[cell] as number; at < (cellStart[cell + 1] as number); at++) {
            const p = cellPaths[at] as number;
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
      const { scale, left, top } = view;
      let drawn = 0;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.globalAlpha = view.opacity;
      for (const style of data.styles) {
        const box = viewBox(view, style.weight);
        context.beginPath();
        context.strokeStyle = style.color;
        context.lineWidth = style.weight;
        for (const p of style.paths) {
          if (!inBox(p, box)) continue;
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
    countInView(view) {
      const box = viewBox(view, 0);
      let count = 0;
      for (let p = 0; p < path; p++) if (inBox(p, box)) count++;
      return count;
    },
    *rasterize(pixels, view, pixelOf) {
      const { scale, left, top, width, height } = view;
      let drawn = 0;
      const ratio = view.ratio ?? 1;
      for (const style of data.styles) {
        const box = viewBox(view, style.weight * ratio);
        const colour = pixelOf(style.color);
        const half = (style.weight * ratio) / 2;
        /** One segment as spans across its main axis, each as wide as the line (no allocation: hot). */
        const segment = (x0: number, y0: number, x1: number, y1: number) => {
          const dx = x1 - x0;
          const dy = y1 - y0;
          if (Math.abs(dx) >= Math.abs(dy)) {
            // Along x; the vertical span grows as the line leans, keeping its width.
            const slope = dx === 0 ? 0 : dy / dx;
            const spread = half * Math.sqrt(1 + slope * slope);
            const pad = dx === 0 ? half : 0;
            const from = Math.max(0, Math.round(Math.min(x0, x1) - pad));
            const to = Math.min(width - 1, Math.round(Math.max(x0, x1) + pad));
            for (let x = from; x <= to; x++) {
              const y = y0 + (x - x0) * slope;
              const low = Math.max(0, Math.round(y - spread));
              const high = Math.min(height - 1, Math.round(y + spread) - 1);
              for (let row = low; row <= high; row++) pixels[row * width + x] = colour;
            }
          } else {
            const slope = dx / dy;
            const spread = half * Math.sqrt(1 + slope * slope);
            const from = Math.max(0, Math.round(Math.min(y0, y1)));
            const to = Math.min(height - 1, Math.round(Math.max(y0, y1)));
            for (let y = from; y <= to; y++) {
              const x = x0 + (y - y0) * slope;
              const low = Math.max(0, Math.round(x - spread));
              const high = Math.min(width - 1, Math.round(x + spread) - 1);
              pixels.fill(colour, y * width + low, y * width + high + 1);
            }
          }
        };
        for (const p of style.paths) {
          if (!inBox(p, box)) continue;
          const start = pathStart[p] as number;
          const end = pathStart[p + 1] as number;
          if (end - start < 2) continue;
          let lastX = (coords[start * 2] as number) * scale - left;
          let lastY = (coords[start * 2 + 1] as number) * scale - top;
          for (let q = start + 1; q < end; q++) {
            const px = (coords[q * 2] as number) * scale - left;
            const py = (coords[q * 2 + 1] as number) * scale - top;
            if (q < end - 1 && Math.abs(px - lastX) < 1 && Math.abs(py - lastY) < 1) continue;
            segment(lastX, lastY, px, py);
            lastX = px;
            lastY = py;
          }
          drawn++;
          if (drawn % RASTER_SLICE_PATHS === 0) yield;
        }
      }
      return drawn;
    },
  };
}

/**
 * Several stores as one, drawn in order (the last on top) and hit from the top: each layer of the map keeps
 * its own store, built once when its data arrives, and a new answer for one layer leaves the other alone.
 */
export function combineStores(stores: readonly LineStore[]): LineStore {
  const offsets: number[] = [];
  let itemCount = 0;
  for (const store of stores) {
    offsets.push(itemCount);
    itemCount += store.itemCount;
  }
  /** The store holding a combined item index, and the item's index in it. */
  const locate = (item: number): [LineStore, number] | null => {
    for (let index = stores.length - 1; index >= 0; index--) {
      const offset = offsets[index] as number;
      if (item >= offset) {
        const store = stores[index] as LineStore;
        return item - offset < store.itemCount ? [store, item - offset] : null;
      }
    }
    return null;
  };
  const boxes = stores.map((store) => store.bounds).filter((box): box is WorldBox => box !== null);
  const sum = (count: (store: LineStore) => number) =>
    stores.reduce((total, store) => total + count(store), 0);

  return {
    itemCount,
    pathCount: sum((store) => store.pathCount),
    pointCount: sum((store) => store.pointCount),
    bounds: boxes.length
      ? [
          Math.min(...boxes.map((box) => box[0])),
          Math.min(...boxes.map((box) => box[1])),
          Math.max(...boxes.map((box) => box[2])),
          Math.max(...boxes.map((box) => box[3])),
        ]
      : null,
    kindOf(item) {
      const found = locate(item);
      return found ? found[0].kindOf(found[1]) : 'work';
    },
    idOf(item) {
      const found = locate(item);
      return found ? found[0].idOf(found[1]) : -1;
    },
    find(kind, id) {
      for (const [index, store] of stores.entries()) {
        const item = store.find(kind, id);
        if (item >= 0) return (offsets[index] as number) + item;
      }
      return -1;
    },
    itemBox(item) {
      const found = locate(item);
      return found ? found[0].itemBox(found[1]) : null;
    },
    firstSegmentMiddle(item) {
      const found = locate(item);
      return found ? found[0].firstSegmentMiddle(found[1]) : null;
    },
    idsOf: (kind) => stores.flatMap((store) => store.idsOf(kind)),
    hit(x, y, tolerance) {
      for (let index = stores.length - 1; index >= 0; index--) {
        const item = (stores[index] as LineStore).hit(x, y, tolerance);
        if (item >= 0) return (offsets[index] as number) + item;
      }
      return -1;
    },
    draw: (context, view) => sum((store) => store.draw(context, view)),
    countInView: (view) => sum((store) => store.countInView(view)),
    *rasterize(pixels, view, pixelOf) {
      let drawn = 0;
      for (const store of stores) drawn += yield* store.rasterize(pixels, view, pixelOf);
      return drawn;
    },
  };
}
