// The completed-work bench's file: a UTM 49S line shapefile of N features (default 50,000 of 64 points,
// about 40 MB zipped) written record by record into buffers (shp-write joins every point of a layer into
// one array, which is quadratic at this size), with the template's .prj and the DESIGN §4 columns.
import JSZip from 'jszip';
import { UTM49S_PRJ } from '../src/modules/completed-work/completed-work-shapefile-writer.ts';
import { SURABAYA_ROADS } from './bench-data.ts';

/** A small deterministic generator, so every run imports the same file. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIELDS = [
  { name: 'NAMA', type: 'C', size: 80, decimals: 0 },
  { name: 'LOKASI', type: 'C', size: 80, decimals: 0 },
  { name: 'PJG_LOKASI', type: 'N', size: 18, decimals: 2 },
  { name: 'PJG_PAKET', type: 'N', size: 18, decimals: 2 },
  { name: 'NILAI_LOK', type: 'N', size: 18, decimals: 0 },
  { name: 'NILAI_PAKE', type: 'N', size: 18, decimals: 0 },
] as const;

export interface BenchZip {
  zip: Buffer;
  features: number;
  points: number;
  uncompressedBytes: number;
}

export async function buildBenchZip(features: number, pointsPerLine = 64): Promise<BenchZip> {
  const random = seededRandom(7);
  const contentBytes = 44 + 4 + 16 * pointsPerLine;
  const shp = Buffer.alloc(100 + features * (8 + contentBytes));
  const shx = Buffer.alloc(100 + features * 8);
  const recordBytes = 1 + FIELDS.reduce((sum, field) => sum + field.size, 0);
  const headerBytes = 32 + 32 * FIELDS.length + 1;
  const dbf = Buffer.alloc(headerBytes + features * recordBytes + 1, 0x20);

  // Surabaya in UTM 49S: easting 680-705 km, northing 9,175-9,208 km.
  const extent = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  let offset = 100;
  let dbfOffset = headerBytes;
  let packageLength = 0;
  for (let n = 0; n < features; n++) {
    let x = 680_000 + random() * 25_000;
    let y = 9_175_000 + random() * 33_000;
    const heading = random() * Math.PI * 2;
    const xs: number[] = [];
    const ys: number[] = [];
    let length = 0;
    for (let p = 0; p < pointsPerLine; p++) {
      if (p) {
        const step = 8 + random() * 4;
        const turn = heading + (random() - 0.5) * 0.4;
        const dx = Math.cos(turn) * step;
        const dy = Math.sin(turn) * step;
        x += dx;
        y += dy;
        length += Math.hypot(dx, dy);
      }
      // Full doubles, as GIS software writes them (rounded ones would compress to half the size).
      xs.push(x);
      ys.push(y);
    }
    const bbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const;
    extent[0] = Math.min(extent[0] ?? 0, bbox[0]);
    extent[1] = Math.min(extent[1] ?? 0, bbox[1]);
    extent[2] = Math.max(extent[2] ?? 0, bbox[2]);
    extent[3] = Math.max(extent[3] ?? 0, bbox[3]);

    shx.writeInt32BE(offset / 2, 100 + n * 8);
    shx.writeInt32BE(contentBytes / 2, 104 + n * 8);
    shp.writeInt32BE(n + 1, offset);
    shp.writeInt32BE(contentBytes / 2, offset + 4);
    shp.writeInt32LE(3, offset + 8);
    bbox.forEach((value, i) => {
      shp.writeDoubleLE(value, offset + 12 + i * 8);
    });
    shp.writeInt32LE(1, offset + 44);
    shp.writeInt32LE(pointsPerLine, offset + 48);
    shp.writeInt32LE(0, offset + 52);
    for (let p = 0; p < pointsPerLine; p++) {
      shp.writeDoubleLE(xs[p] ?? 0, offset + 56 + p * 16);
      shp.writeDoubleLE(ys[p] ?? 0, offset + 64 + p * 16);
    }
    offset += 8 + contentBytes;

    // Two locations per package; every hundredth PJG_LOKASI is a quarter off (a warning, not a failure).
    const isFirst = n % 2 === 0;
    if (isFirst) packageLength = 0;
    const stated = n % 100 === 99 ? length * 1.25 : length;
    packageLength += length;
    const road = SURABAYA_ROADS[n % SURABAYA_ROADS.length] ?? 'Jalan';
    const values = [
      `Paket Pekerjaan Jalan ${Math.floor(n / 2) + 1}`,
      `${road} Segmen ${(n % 7) + 1}`,
      stated.toFixed(2),
      (isFirst ? length * 2 : packageLength).toFixed(2),
      String(Math.round(length * 1_150) * 1000),
      String(Math.round(length * 2 * 1_150) * 1000),
    ];
    dbf.writeUInt8(0x20, dbfOffset);
    let column = dbfOffset + 1;
    FIELDS.forEach((field, i) => {
      const text = (values[i] ?? '').slice(0, field.size);
      const start = field.type === 'N' ? column + field.size - text.length : column;
      dbf.write(text, start, 'latin1');
      column += field.size;
    });
    dbfOffset += recordBytes;
  }

  for (const [file, words] of [
    [shp, shp.length / 2],
    [shx, shx.length / 2],
  ] as const) {
    file.writeInt32BE(9994, 0);
    file.writeInt32BE(words, 24);
    file.writeInt32LE(1000, 28);
    file.writeInt32LE(3, 32);
    extent.forEach((value, i) => {
      file.writeDoubleLE(value, 36 + i * 8);
    });
  }
  dbf.fill(0, 0, headerBytes);
  dbf.writeUInt8(0x03, 0);
  dbf.writeUInt8(126, 1);
  dbf.writeUInt8(1, 2);
  dbf.writeUInt8(1, 3);
  dbf.writeUInt32LE(features, 4);
  dbf.writeUInt16LE(headerBytes, 8);
  dbf.writeUInt16LE(recordBytes, 10);
  FIELDS.forEach((field, i) => {
    const at = 32 + i * 32;
    dbf.write(field.name, at, 'latin1');
    dbf.write(field.type, at + 11, 'latin1');
    dbf.writeUInt8(field.size, at + 16);
    dbf.writeUInt8(field.decimals, at + 17);
  });
  dbf.writeUInt8(0x0d, headerBytes - 1);
  dbf.writeUInt8(0x1a, dbf.length - 1);

  const zip = new JSZip();
  zip.file('pekerjaan-selesai-bench.shp', shp);
  zip.file('pekerjaan-selesai-bench.shx', shx);
  zip.file('pekerjaan-selesai-bench.dbf', dbf);
  zip.file('pekerjaan-selesai-bench.prj', UTM49S_PRJ);
  const buffer = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
  return {
    zip: buffer,
    features,
    points: features * pointsPerLine,
    uncompressedBytes: shp.length + shx.length + dbf.length + UTM49S_PRJ.length,
  };
}

/**
 * The zip with `comment` as its archive comment (the end record's own field): the same works in a file of
 * its own, as an import refuses a file it stored before. Takes a zip without a comment, as buildBenchZip makes.
 */
export function withZipComment(zip: Buffer, comment: string): Buffer {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50 || zip.readUInt16LE(end + 20) !== 0) {
    throw new Error('expected a zip ending in an end record without a comment');
  }
  const text = Buffer.from(comment, 'latin1');
  const tagged = Buffer.concat([zip, text]);
  tagged.writeUInt16LE(text.length, end + 20);
  return tagged;
}
