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
/** The least step of the pen, in PDF points (about 0.1 mm). */
const PEN_STEP = 0.3;

/**
 * Lines are decoded, measured and drawn this many at a time, other requests taking their turn between
 * batches: a whole city's lines would hold the server for seconds in one go.
 */
const LINES_PER_TURN = 2000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Extent = [[number, number], [number, number]];

/** A layer's lines as features of up to LINES_PER_TURN lines each, [lon, lat] as GeoJSON has it. */
async function decodeLayer(layer: MapPictureLayer, grow: (extent: Extent) => void) {
  const batches: Feature<MultiLineString>[] = [];
  for (let from = 0; from < layer.lines.length; from += LINES_PER_TURN) {
    const feature: Feature<MultiLineString> = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'MultiLineString',
        coordinates: layer.lines
          .slice(from, from + LINES_PER_TURN)
          .map((line) => decodeLine(line).map(([lat, lon]) => [lon, lat])),
      },
    };
    grow(geoBounds(feature));
    batches.push(feature);
    await nextTurn();
  }
  return batches;
}

/** A frame of at least LEAST_SPAN_DEGREES around the lines' own extent, as a feature to fit the map to. */
function extentToFit([[west, south], [east, north]]: Extent): Feature<MultiPoint> {
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

/**
 * How the lines sit in the frame: each layer's lines in batches, the fitted projection and the scale; null
 * when there are none. The office's area lies far from the antimeridian, so the batches' extents combine
 * by their least and greatest longitude.
 */
export async function frameLines(layers: MapPictureLayer[], box: Box) {
  let whole: Extent | null = null;
  const grow = ([[west, south], [east, north]]: Extent) => {
    whole = whole
      ? [
          [Math.min(whole[0][0], west), Math.min(whole[0][1], south)],
          [Math.max(whole[1][0], east), Math.max(whole[1][1], north)],
        ]
      : [
          [west, south],
          [east, north],
        ];
  };
  const drawn = [];
  for (const layer of layers) {
    if (layer.lines.length) drawn.push({ layer, batches: await decodeLayer(layer, grow) });
  }
  if (!whole) return null;
  const projection = geoMercator()
    .fitExtent(
      [
        [box.x + INSET, box.y + INSET],
        [box.x + box.width - INSET, box.y + box.height - INSET],
      ],
      extentToFit(whole),
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
export async function drawMapPicture(doc: PDFKit.PDFDocument, layers: MapPictureLayer[], box: Box) {
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height);
  doc.fillColor('#f4f6f8');
  doc.fill();
  doc.restore();

  const frame = await frameLines(layers, box);
  if (!frame) {
    doc.fillColor('#555555');
    doc.font('Helvetica');
    doc.fontSize(9);
    doc.text('Tidak ada garis untuk filter ini.', box.x, box.y + box.height / 2 - 5, {
      width: box.width,
      align: 'center',
    });
  } else {
    doc.save();
    doc.rect(box.x, box.y, box.width, box.height);
    doc.clip();
    // A point closer than PEN_STEP to the last one drawn cannot be seen on paper: leaving it out keeps a
    // city's worth of lines a PDF of a few megabytes.
    let last = { x: Number.NaN, y: Number.NaN };
    const pathOn = geoPath(frame.projection, {
      beginPath: () => {},
      moveTo: (x, y) => {
        doc.moveTo(x, y);
        last = { x, y };
      },
      lineTo: (x, y) => {
        if (Math.abs(x - last.x) + Math.abs(y - last.y) < PEN_STEP) return;
        doc.lineTo(x, y);
        last = { x, y };
      },
      closePath: () => doc.closePath(),
      arc: () => {},
    });
    for (const { layer, batches } of frame.drawn) {
      for (const batch of batches) {
        pathOn(batch);
        doc.lineWidth(2);
        doc.strokeColor(layer.color);
        doc.stroke();
        await nextTurn();
      }
    }
    doc.restore();
    drawNorthArrow(doc, box);
    if (frame.metresPerPoint) drawScaleBar(doc, box, frame.metresPerPoint);
  }

  doc.lineWidth(0.6);
  doc.strokeColor('#555555');
  doc.rect(box.x, box.y, box.width, box.height);
  doc.stroke();
}

function drawNorthArrow(doc: PDFKit.PDFDocument, box: Box) {
  const x = box.x + box.width - 22;
  const y = box.y + 12;
  doc.fillColor('#222222');
  doc.moveTo(x, y);
  doc.lineTo(x + 7, y + 20);
  doc.lineTo(x, y + 15);
  doc.lineTo(x - 7, y + 20);
  doc.closePath();
  doc.fill();
  doc.font('Helvetica-Bold');
  doc.fontSize(9);
  doc.text('U', x - 10, y + 22, { width: 20, align: 'center' });
}

function drawScaleBar(doc: PDFKit.PDFDocument, box: Box, metresPerPt: number) {
  const bar = scaleBarLength(metresPerPt, box.width * SCALE_BAR_SHARE);
  const x = box.x + 12;
  const y = box.y + box.height - 16;
  doc.fillColor('#ffffff');
  doc.rect(x - 4, y - 14, bar.points + 8, 24);
  doc.fill();
  doc.fillColor('#222222');
  doc.rect(x, y, bar.points / 2, 4);
  doc.fill();
  doc.lineWidth(0.8);
  doc.strokeColor('#222222');
  doc.rect(x, y, bar.points, 4);
  doc.stroke();
  doc.font('Helvetica');
  doc.fontSize(8);
  doc.text('0', x - 2, y - 11);
  doc.text(bar.label, x + bar.points - 30, y - 11, { width: 32, align: 'right' });
}
