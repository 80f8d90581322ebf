// The setting the hostile-files-*.test.ts files share: a test app whose every refusal is
// checked to leave every table's row count, DATA_DIR (stored files and staging) and the server's temp
// directory as they were, a place and a consultant to upload for, real files the routes take, and multipart
// bodies written byte by byte, as a hostile client writes them.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { COMPLETED_WORK_MESSAGES, MB } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { consultants, photoCategories } from '../src/db/schema/index.ts';
import { VALIDATION_MESSAGE } from '../src/lib/http-error.ts';
import { SAMPLE_FEATURES, shapefileZip } from './completed-work-zips.ts';
import { buildPlace, buildWorkType } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { filledImportTemplate } from './import-workbook.ts';
import { tableRowCounts } from './row-counts.ts';

export type Role = 'admin' | 'consultan' | 'structural';
export type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

/** What a test file's upload tests run against, filled in by its beforeAll. */
export interface HostileOffice {
  t: TestApp;
  headersOf: Record<Role, Record<string, string>>;
  ids: { village: number; road: number; consultant: number; photoCategory: number; typeWork: number };
  /** Files a test generates, apart from the temp directory the server is watched in. */
  generated: string;
  /** The server's temp directory (TMPDIR) while these tests run: anything a library leaves there shows. */
  serverTemp: string;
  /** A filled import template with one good row (importRow(0)), and a good completed-work zip. */
  goodWorkbook: Buffer;
  goodZip: Buffer;
  /** The index-th row of a varied, valid import: the office's road, village and consultant. */
  importRow(index: number): string[];
}

const PROPOSERS = [
  'Budi Santoso',
  'Siti Aminah',
  'Agus Salim',
  'Dewi Lestari',
  'Rudi Hartono',
  'Nur Hidayah',
  'Joko Susilo',
];
const LANDMARKS = ['masjid', 'balai RW', 'pasar', 'SD negeri', 'puskesmas'];

/**
 * Registers the file's hooks: a fresh office before its tests, the check that no test logged a server error
 * (level 50: a refusal must never be one), and the clean-up. Answers the office, filled in once beforeAll ran.
 */
export function openHostileOffice(): HostileOffice {
  const office = {
    headersOf: { admin: {}, consultan: {}, structural: {} },
    generated: mkdtempSync(path.join(tmpdir(), 'eusulan-hostile-files-')),
    serverTemp: mkdtempSync(path.join(tmpdir(), 'eusulan-hostile-tmp-')),
  } as HostileOffice;
  const originalTmpdir = process.env.TMPDIR;
  const serverErrors: string[] = [];
  const errorLog = new Writable({
    write(line, _encoding, done) {
      if (String(line).includes('"level":50')) serverErrors.push(String(line));
      done();
    },
  });

  beforeAll(async () => {
    const t = await createTestApp({}, { logStream: errorLog });
    office.t = t;
    process.env.TMPDIR = office.serverTemp;
    // Made by the first upload and kept: only what appears in it counts.
    mkdirSync(t.app.ctx.storage.stagingDir, { recursive: true });
    office.headersOf.admin = (await t.signIn('admin')).headers;
    office.headersOf.structural = (await t.signIn('structural')).headers;
    const place = await buildPlace(t.db, {
      subdistrict: 'Wonokromo',
      village: 'Darmo',
      road: 'Jalan Raya Darmo',
    });
    const surveyor = await t.signIn('consultan', { districtId: place.districtId });
    office.headersOf.consultan = surveyor.headers;
    const [consultant] = await t.db
      .select()
      .from(consultants)
      .where(eq(consultants.id, surveyor.user.consultantId!));
    const [category] = await t.db.insert(photoCategories).values({ name: 'Kondisi Eksisting' }).returning();
    office.ids = {
      village: place.villageId,
      road: place.roadId,
      consultant: consultant!.id,
      photoCategory: category!.id,
      typeWork: (await buildWorkType(t.db, { typeWork: 'Pengaspalan' })).id,
    };
    office.importRow = (index: number) => [
      `${String((index % 28) + 1).padStart(2, '0')}-08-2026`,
      PROPOSERS[index % PROPOSERS.length]!,
      `0812${String(34_567_890 + index * 7919).padStart(8, '0')}`,
      'Jalan Raya Darmo',
      'Darmo - Wonokromo',
      String((index % 12) + 1).padStart(2, '0'),
      String((index % 7) + 1).padStart(2, '0'),
      `Jl. Raya Darmo No. ${index + 10}, dekat ${LANDMARKS[index % LANDMARKS.length]}`,
      `${consultant!.code} - ${consultant!.name}`,
    ];
    office.goodWorkbook = await filledImportTemplate(t, office.headersOf.admin, 'pokir', [
      office.importRow(0),
    ]);
    office.goodZip = await shapefileZip(SAMPLE_FEATURES);
  });
  afterEach(() => {
    expect(serverErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    if (originalTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmpdir;
    await office.t?.close();
    rmSync(office.generated, { recursive: true, force: true });
    rmSync(office.serverTemp, { recursive: true, force: true });
  });
  return office;
}

// ---------------------------------------------------------------------------------------------------------
// What "nothing written" means, and how a refusal reads

/** Every file and folder under root ('folder/'), relative; none when root is missing. */
export function entriesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const relative = path.relative(root, path.join(entry.parentPath, entry.name));
      return entry.isDirectory() ? `${relative}/` : relative;
    })
    .sort();
}

export const snapshot = async (office: HostileOffice) => ({
  rows: await tableRowCounts(office.t.db),
  dataDir: entriesUnder(office.t.config.DATA_DIR),
  // tsx's transform cache, which a parsing thread may start, is the one thing allowed to appear here.
  temp: entriesUnder(office.serverTemp).filter((entry) => !entry.startsWith('tsx-')),
});

/** What a refusal tells the user: the field errors, or an import's list of problems. */
export function refusalTexts(response: Reply): string[] {
  const body = response.json();
  if (body.errors) return Object.values(body.errors as Record<string, string[]>).flat();
  const list = (body.data?.errorList ?? []) as (string | { errors: string[] })[];
  return list.flatMap((item) => (typeof item === 'string' ? [item] : item.errors));
}

/** The envelope message of a refusal on each kind of upload. */
export const REFUSAL_MESSAGES = {
  form: VALIDATION_MESSAGE,
  xlsx: 'Import gagal, tidak ada data yang disimpan. Perbaiki baris yang disebutkan.',
  zip: COMPLETED_WORK_MESSAGES.importFailed,
};

/** Sends, and checks the answer is a refusal with exactly these texts, having written nothing anywhere. */
export async function expectRefused(
  office: HostileOffice,
  send: () => Promise<Reply>,
  expected: { status: number; message: string; texts: string[] },
) {
  const before = await snapshot(office);
  const response = await send();
  expect(response.statusCode, response.body).toBe(expected.status);
  expect(response.json().status.message).toBe(expected.message);
  expect(refusalTexts(response)).toEqual(expected.texts);
  expect(await snapshot(office)).toEqual(before);
  return response;
}

// ---------------------------------------------------------------------------------------------------------
// Multipart bodies byte by byte: names exactly as a hostile client writes them, sizes never held in memory

const BOUNDARY = '----eusulan-hostile-files';

/** File bytes: a buffer, or a real file's head followed by zeros up to `size` (streamed, never allocated). */
export type Content = Buffer | { head: Buffer; size: number };

export interface FilePart {
  /** The file name as sent: raw UTF-8 in filename="...". */
  name: string;
  content: Content;
  type?: string;
  /** The Content-Disposition parameters instead of filename="name" (RFC 5987 filename*). */
  parameters?: string;
}

function* fileBytes(content: Content) {
  if (Buffer.isBuffer(content)) {
    yield content;
    return;
  }
  yield content.head;
  const zeros = Buffer.alloc(MB);
  for (let left = content.size - content.head.length; left > 0; left -= zeros.length) {
    yield left >= zeros.length ? zeros : zeros.subarray(0, left);
  }
}

export function* multipartChunks(fields: Record<string, string | number>, field: string, file: FilePart) {
  for (const [name, value] of Object.entries(fields)) {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  const parameters = file.parameters ?? `filename="${file.name}"`;
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; ${parameters}\r\n` +
      `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  yield* fileBytes(file.content);
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
