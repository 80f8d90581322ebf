import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { FileStorage } from '../../storage/file-storage.ts';

/** CRC-32 as PNG chunks need it. */
function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A small real PNG for demo proposals: an asphalt-grey road with a lane line and a pothole, so the
 * detail dialog's preview shows something recognisable without shipping binary files.
 */
export function demoRoadPhoto(seed: number, width = 160, height = 100): Buffer {
  const rows: Buffer[] = [];
  const potholeX = 30 + ((seed * 37) % 100);
  const potholeY = 20 + ((seed * 23) % 60);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const isVerge = y < 12 || y >= height - 12;
      const isLane = Math.abs(y - height / 2) < 2 && x % 24 < 14;
      const isPothole = (x - potholeX) ** 2 / 196 + (y - potholeY) ** 2 / 64 < 1;
      const grain = ((x * 7 + y * 13 + seed) % 9) - 4;
      const [r, g, b] = isVerge
        ? [70, 120, 60]
        : isLane
          ? [235, 235, 225]
          : isPothole
            ? [45 + grain, 38 + grain, 30 + grain]
            : [95 + grain, 97 + grain, 100 + grain];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF letter with the proposal's words on it (Helvetica, ASCII text). */
export function demoProposalLetter(lines: string[]): Buffer {
  const text = lines
    .map(
      (line, index) =>
        `BT /F1 12 Tf 50 ${780 - index * 20} Td (${line.replace(/[()\\]/g, '').replace(/[^\x20-\x7e]/g, '?')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Puts generated demo content into storage the way an upload gets there: staged, then moved. */
export async function storeDemoFile(storage: FileStorage, key: string, content: Buffer) {
  await mkdir(storage.stagingDir, { recursive: true });
  const staged = path.join(storage.stagingDir, randomUUID());
  await writeFile(staged, content);
  await storage.putFile(key, staged);
}
