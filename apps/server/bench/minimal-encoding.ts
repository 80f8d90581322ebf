// "The bytes a minimal encoding needs" for a map layer: the floor its wire size is printed next to. Every
// point of the layer's lines at the precision the layer sends, as binary zig-zag varint deltas (the first
// point of a line from the previous line's last, as a stream), nothing else — no ids, colours or JSON —
// compressed with brotli at its highest quality and largest window. What the layer sends above this is
// the price of its JSON shape, its text encoding and the fast compression setting.
import { brotliCompressSync, constants } from 'node:zlib';
import { DASHBOARD_POLYLINE_PRECISION } from '@eusulan/shared';
import polyline from '@mapbox/polyline';

function writeVarint(bytes: number[], value: number) {
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
}

const zigZag = (value: number) => (value < 0 ? -2 * value - 1 : 2 * value);

/** The points of every encoded line as varint deltas, brotli 11: bytes and the number of points. */
export function minimalLayerBytes(lines: Iterable<string>) {
  const scale = 10 ** DASHBOARD_POLYLINE_PRECISION;
  const bytes: number[] = [];
  let points = 0;
  let lastLat = 0;
  let lastLon = 0;
  for (const line of lines) {
    const decoded = polyline.decode(line, DASHBOARD_POLYLINE_PRECISION);
    writeVarint(bytes, decoded.length);
    for (const [lat, lon] of decoded) {
      const latUnits = Math.round(lat * scale);
      const lonUnits = Math.round(lon * scale);
      writeVarint(bytes, zigZag(latUnits - lastLat));
      writeVarint(bytes, zigZag(lonUnits - lastLon));
      lastLat = latUnits;
      lastLon = lonUnits;
      points++;
    }
  }
  const packed = brotliCompressSync(Buffer.from(bytes), {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_LARGE_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_LARGE_WINDOW]: 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  return { bytes: packed.length, rawBytes: bytes.length, points };
}
