import {
  type Bounds,
  DomUtil,
  type LatLng,
  type LatLngBounds,
  Layer,
  type Map as LeafletMap,
  type LeafletMouseEvent,
  latLng,
  latLngBounds,
  point,
  type ZoomAnimEvent,
} from 'leaflet';
import { type LineKind, type LineStore, latOf, lonOf, type WorldBox, worldX, worldY } from '../line-store.ts';

/** Extra canvas around the view, as a share of its size, so a short pan shows lines before the redraw. */
const PADDING = 0.3;
/**
 * Above this many paths in view the lines are rasterised by the store rather than stroked: a software
 * canvas strokes about 100,000 short lines a second, far too slow for a whole city (docs/performance.md).
 */
const RASTER_FROM_PATHS = 4000;
/** The longest a slice of rasterising may keep the page busy. */
const RASTER_SLICE_MS = 40;

export interface LinesCanvasOptions {
  /** Click and hover tolerance around a line, in screen pixels. */
  tolerance: number;
  opacity: number;
  onClick(kind: LineKind, id: number): void;
  /** After each full redraw: the paths drawn and the items of the store they were drawn from. */
  onDrawn?(paths: number, items: number): void;
}

/** Leaflet's own zoom-animation helper (used by its image overlays), not in its type definitions. */
type AnimatedMap = LeafletMap & {
  _latLngBoundsToNewLayerBounds(bounds: LatLngBounds, zoom: number, center: LatLng): Bounds;
};

/**
 * One canvas in the overlay pane drawing a whole LineStore: redrawn after each move or zoom (never during a
 * drag, when Leaflet moves the pane), scaled by CSS during the zoom animation, clicks and the pointer
 * cursor found through the store's grid rather than one Leaflet layer per line.
 */
export class LinesCanvasLayer extends Layer {
  private store: LineStore | null = null;
  private canvas: HTMLCanvasElement | null = null;
  /** The map area the canvas covers, for the zoom animation. */
  private covered: LatLngBounds | null = null;
  private hoverFrame = 0;
  private image: ImageData | null = null;
  /** The rasterisation under way; a newer redraw replaces it, and the old one stops at its next slice. */
  private rasterising: Generator<void, number> | null = null;
  private readonly pixelWords = new Map<string, number>();
  private readonly settings: LinesCanvasOptions;

  constructor(settings: LinesCanvasOptions) {
    super();
    this.settings = settings;
  }

  setStore(store: LineStore) {
    this.store = store;
    this.redraw();
  }

  override onAdd(map: LeafletMap) {
    this.canvas = DomUtil.create('canvas', 'leaflet-zoom-animated dashboard-lines-canvas');
    map.getPane('overlayPane')?.appendChild(this.canvas);
    map.on('moveend resize viewreset', this.redraw, this);
    map.on('zoomanim', this.animateZoom, this);
    map.on('click', this.click, this);
    map.on('mousemove', this.hover, this);
    this.redraw();
    return this;
  }

  override onRemove(map: LeafletMap) {
    map.off('moveend resize viewreset', this.redraw, this);
    map.off('zoomanim', this.animateZoom, this);
    map.off('click', this.click, this);
    map.off('mousemove', this.hover, this);
    cancelAnimationFrame(this.hoverFrame);
    this.rasterising = null;
    map.getContainer().style.cursor = '';
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  /** World pixels per screen pixel at the current zoom. */
  private scale() {
    return 2 ** this._map.getZoom();
  }

  /** The world point under a mouse event, and the tolerance in world pixels. */
  private worldOf(event: LeafletMouseEvent) {
    return {
      x: worldX(event.latlng.lng),
      y: worldY(event.latlng.lat),
      tolerance: this.settings.tolerance / this.scale(),
    };
  }

  redraw() {
    const map = this._map as LeafletMap | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    this.rasterising = null;
    const size = map.getSize();
    const padding = size.multiplyBy(PADDING).round();
    const topLeft = map.containerPointToLayerPoint(padding.multiplyBy(-1)).round();
    const width = size.x + 2 * padding.x;
    const height = size.y + 2 * padding.y;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const origin = map.getPixelOrigin().add(topLeft);
    const view = {
      scale: this.scale(),
      left: origin.x,
      top: origin.y,
      width,
      height,
      opacity: this.settings.opacity,
    };
    const context = canvas.getContext('2d');
    if (!context) return;
    /** Sizes and places the canvas for this view (which clears it). */
    const place = () => {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      DomUtil.setPosition(canvas, topLeft);
      this.covered = latLngBounds(
        map.layerPointToLatLng(topLeft),
        map.layerPointToLatLng(topLeft.add([width, height])),
      );
    };
    if (!this.store || this.store.countInView(view) < RASTER_FROM_PATHS) {
      place();
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      this.settings.onDrawn?.(this.store?.draw(context, view) ?? 0, this.store?.itemCount ?? 0);
      return;
    }
    // A whole city: rasterised in slices of a few tens of milliseconds while the old picture stays up
    // (Leaflet keeps it in place as the map moves), then shown at once.
    const image = this.imageOf(context, Math.round(width * ratio), Math.round(height * ratio));
    const pixels = new Uint32Array(image.data.buffer);
    pixels.fill(0);
    const steps = this.store.rasterize(
      pixels,
      {
        ...view,
        scale: view.scale * ratio,
        left: view.left * ratio,
        top: view.top * ratio,
        width: image.width,
        height: image.height,
        ratio,
      },
      (color) => this.pixelWord(context, color),
    );
    this.rasterising = steps;
    const run = () => {
      if (this.rasterising !== steps) return;
      const until = performance.now() + RASTER_SLICE_MS;
      let step = steps.next();
      while (!step.done) {
        if (performance.now() > until) {
          setTimeout(run, 0);
          return;
        }
        step = steps.next();
      }
      this.rasterising = null;
      place();
      context.putImageData(image, 0, 0);
      this.settings.onDrawn?.(step.value, this.store?.itemCount ?? 0);
    };
    run();
  }

  /** One pixel buffer, kept while the canvas keeps its size. */
  private imageOf(context: CanvasRenderingContext2D, width: number, height: number) {
    if (this.image?.width !== width || this.image.height !== height) {
      this.image = context.createImageData(width, height);
    }
    return this.image;
  }

  /** A CSS colour as an RGBA word (little-endian: red in the low byte), at the layer's opacity. */
  private pixelWord(context: CanvasRenderingContext2D, color: string) {
    let word = this.pixelWords.get(color);
    if (word === undefined) {
      context.fillStyle = '#000000';
      context.fillStyle = color;
      const hex = String(context.fillStyle);
      const [red, green, blue] = /^#[0-9a-f]{6}$/i.test(hex)
        ? [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16))
        : [255, 0, 0];
      const alpha = Math.round(255 * this.settings.opacity);
      word = ((alpha << 24) | ((blue ?? 0) << 16) | ((green ?? 0) << 8) | (red ?? 0)) >>> 0;
      this.pixelWords.set(color, word);
    }
    return word;
  }

  private animateZoom(event: ZoomAnimEvent) {
    if (!this.canvas || !this.covered) return;
    const map = this._map as AnimatedMap;
    const offset = map._latLngBoundsToNewLayerBounds(this.covered, event.zoom, event.center).min;
    if (offset) DomUtil.setTransform(this.canvas, offset, map.getZoomScale(event.zoom));
  }

  private click(event: LeafletMouseEvent) {
    if (!this.store) return;
    const { x, y, tolerance } = this.worldOf(event);
    const item = this.store.hit(x, y, tolerance);
    if (item >= 0) this.settings.onClick(this.store.kindOf(item), this.store.idOf(item));
  }

  /** The pointer cursor over a line, checked once per frame at most. */
  private hover(event: LeafletMouseEvent) {
    cancelAnimationFrame(this.hoverFrame);
    this.hoverFrame = requestAnimationFrame(() => {
      if (!this.store || !this._map) return;
      const { x, y, tolerance } = this.worldOf(event);
      this._map.getContainer().style.cursor = this.store.hit(x, y, tolerance) >= 0 ? 'pointer' : '';
    });
  }
}

/** A world box as Leaflet bounds. */
export const boundsOfBox = ([minX, minY, maxX, maxY]: WorldBox) =>
  latLngBounds(latLng(latOf(maxY), lonOf(minX)), latLng(latOf(minY), lonOf(maxX)));

/** Where a world point is on the page (for the e2e hook). */
export function pagePointOf(map: LeafletMap, [x, y]: [number, number]) {
  const container = map.latLngToContainerPoint(latLng(latOf(y), lonOf(x)));
  const box = map.getContainer().getBoundingClientRect();
  return point(box.left + container.x, box.top + container.y);
}
