import { type GeoProjection, geoBounds, geoMercator, geoPath } from 'd3-geo';
import geodesic from 'geographiclib-geodesic';
import type { Feature, MultiLineString, MultiPoint } from 'geojson';
import { decodeLine } from '../../lib/map-lines.ts';

/** One colour of the picture: its legend text and its lines as encoded polylines. */
export interface MapPictureLayer {
  label: string;
  color: string;
  lines: string[];
}

/** A rectangle on the page, in PDF points. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The drawing surface the picture needs; pdfkit's document is one. Kept this narrow so the picture can be
 * tested without a PDF.
 */
export interface PictureCanvas {
  save(): unknown;
  restore(): unknown;
  rect(x: number, y: number, width: number, height: number): unknown;
  clip(): unknown;
  moveTo(x: number, y: number): unknown;
  lineTo(x: number, y: number): unknown;
  closePath(): unknown;
  lineWidth(width: number): unknown;
  strokeColor(color: string): unknown;
  fillColor(color: string): unknown;
  stroke(): unknown;
  fill(): unknown;
  font(name: string): unknown;
  fontSize(size: number): unknown;
  text(text: string, x: number, y: number, options?: { width?: number; align?: string }): unknown;
}

/** Room around the lines inside the frame, so a line on the edge stays readable. */
const INSET = 14;
/**
 * The least ground the frame shows, in degrees (about 440 m at Surabaya's latitude): a single short line
 * fitted to the frame alone would fill the page at a scale no map reader expects.
 */
const LEAST_SPAN_DEGREES = 0.004;
/** The scale bar is at most this share of the frame's width. */
const SCALE_BAR_SHARE = 0.25;
const WGS84 = geodesic.Geodesic.WGS84;

const asFeature = (layer: MapPictureLayer): Feature<MultiLineString> => ({
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'MultiLineString',
    coordinates: layer.lines.map((line) => decodeLine(line).map(([lat, lon]) => [lon, lat])),
  },
});

/** A frame of at least LEAST_SPAN_DEGREES around the lines' own extent, as a feature to fit the map to. */
function extentToFit(features: Feature<MultiLineString>[]): Feature<MultiPoint> | null {
  if (!features.some((feature) => feature.geometry.coordinates.length)) return null;
  const [[west, south], [east, north]] = geoBounds({ type: 'FeatureCollection', features });
  const lonPad = Math.max(0, LEAST_SPAN_DEGREES - (east - west)) / 2;
  const latPad = Math.max(0, LEAST_SPAN_DEGREES - (north - south)) / 2;
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'MultiPoint',
      coordinates: [
        [west - lonPad, south - latPad],
        [east + lonPad, north + latPad],
      ],
    },
  };
}

/** Metres on the ground per PDF point, measured geodesically across the frame's middle. */
function metresPerPoint(projection: GeoProjection, box: Box) {
  const y = box.y + box.height / 2;
  const left = projection.invert?.([box.x + box.width * 0.25, y]);
  const right = projection.invert?.([box.x + box.width * 0.75, y]);
  if (!left || !right) return null;
  const { s12 } = WGS84.Inverse(left[1], left[0], right[1], right[0]);
  return s12 === undefined ? null : s12 / (box.width * 0.5);
}

/** The longest round length (1, 2 or 5 times a power of ten metres) that fits `maxPoints`. */
export function scaleBarLength(metresPerPt: number, maxPoints: number) {
  const most = metresPerPt * maxPoints;
  const power = 10 ** Math.floor(Math.log10(most));
  const metres = [5, 2, 1].map((step) => step * power).find((length) => length <= most) ?? power;
  return {
    metres,
    points: metres / metresPerPt,
    label: metres >= 1000 ? `${metres / 1000} km` : `${metres} m`,
  };
}

/** How the lines sit in the frame: the fitted projection and the scale, or null when there are none. */
export function frameLines(layers: MapPictureLayer[], box: Box) {
  const drawn = layers
    .filter((layer) => layer.lines.length)
    .map((layer) => ({ layer, feature: asFeature(layer) }));
  const extent = extentToFit(drawn.map(({ feature }) => feature));
  if (!extent) return null;
  const projection = geoMercator()
    .fitExtent(
      [
        [box.x + INSET, box.y + INSET],
        [box.x + box.width - INSET, box.y + box.height - INSET],
      ],
      extent,
    )
    .clipExtent([
      [box.x, box.y],
      [box.x + box.width, box.y + box.height],
    ]);
  return { drawn, projection, metresPerPoint: metresPerPoint(projection, box) };
}

/**
 * Draws the lines of every layer in `box` (Web Mercator, north up, as the maps dashboard shows them),
 * with a north arrow and a scale bar; no tile service is asked for anything. Later layers draw on top.
 */
export function drawMapPicture(canvas: PictureCanvas, layers: MapPictureLayer[], box: Box) {
  canvas.save();
  canvas.rect(box.x, box.y, box.width, box.height);
  canvas.fillColor('#f4f6f8');
  canvas.fill();
  canvas.restore();

  const frame = frameLines(layers, box);
  if (!frame) {
    canvas.fillColor('#555555');
    canvas.font('Helvetica');
    canvas.fontSize(9);
    canvas.text('Tidak ada garis untuk filter ini.', box.x, box.y + box.height / 2 - 5, {
      width: box.width,
      align: 'center',
    });
  } else {
    canvas.save();
    canvas.rect(box.x, box.y, box.width, box.height);
    canvas.clip();
    const pathOn = geoPath(frame.projection, {
      beginPath: () => {},
      moveTo: (x, y) => canvas.moveTo(x, y),
      lineTo: (x, y) => canvas.lineTo(x, y),
      closePath: () => canvas.closePath(),
      arc: () => {},
    });
    for (const { layer, feature } of frame.drawn) {
      pathOn(feature);
      canvas.lineWidth(2);
      canvas.strokeColor(layer.color);
      canvas.stroke();
    }
    canvas.restore();
    drawNorthArrow(canvas, box);
    if (frame.metresPerPoint) drawScaleBar(canvas, box, frame.metresPerPoint);
  }

  canvas.lineWidth(0.6);
  canvas.strokeColor('#555555');
  canvas.rect(box.x, box.y, box.width, box.height);
  canvas.stroke();
}

function drawNorthArrow(canvas: PictureCanvas, box: Box) {
  const x = box.x + box.width - 22;
  const y = box.y + 12;
  canvas.fillColor('#222222');
  canvas.moveTo(x, y);
  canvas.lineTo(x + 7, y + 20);
  canvas.lineTo(x, y + 15);
  canvas.lineTo(x - 7, y + 20);
  canvas.closePath();
  canvas.fill();
  canvas.font('Helvetica-Bold');
  canvas.fontSize(9);
  canvas.text('U', x - 10, y + 22, { width: 20, align: 'center' });
}

function drawScaleBar(canvas: PictureCanvas, box: Box, metresPerPt: number) {
  const bar = scaleBarLength(metresPerPt, box.width * SCALE_BAR_SHARE);
  const x = box.x + 12;
  const y = box.y + box.height - 16;
  canvas.fillColor('#ffffff');
  canvas.rect(x - 4, y - 14, bar.points + 8, 24);
  canvas.fill();
  canvas.fillColor('#222222');
  canvas.rect(x, y, bar.points / 2, 4);
  canvas.fill();
  canvas.lineWidth(0.8);
  canvas.strokeColor('#222222');
  canvas.rect(x, y, bar.points, 4);
  canvas.stroke();
  canvas.font('Helvetica');
  canvas.fontSize(8);
  canvas.text('0', x - 2, y - 11);
  canvas.text(bar.label, x + bar.points - 30, y - 11, { width: 32, align: 'right' });
}
