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

export interface LinesCanvasOptions {
  /** Click and hover tolerance around a line, in screen pixels. */
  tolerance: number;
  opacity: number;
  onClick(kind: LineKind, id: number): void;
  /** After each full redraw, with the number of paths drawn. */
  onDrawn?(paths: number): void;
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
    const size = map.getSize();
    const padding = size.multiplyBy(PADDING).round();
    const topLeft = map.containerPointToLayerPoint(padding.multiplyBy(-1)).round();
    const width = size.x + 2 * padding.x;
    const height = size.y + 2 * padding.y;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    DomUtil.setPosition(canvas, topLeft);
    this.covered = latLngBounds(
      map.layerPointToLatLng(topLeft),
      map.layerPointToLatLng(topLeft.add([width, height])),
    );
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    if (!this.store) return;
    const origin = map.getPixelOrigin().add(topLeft);
    const drawn = this.store.draw(context, {
      scale: this.scale(),
      left: origin.x,
      top: origin.y,
      width,
      height,
      opacity: this.settings.opacity,
    });
    this.settings.onDrawn?.(drawn);
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
