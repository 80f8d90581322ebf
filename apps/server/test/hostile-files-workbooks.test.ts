import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MB } from '@eusulan/shared';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInWorker, WORKER_LIMIT_MESSAGE, WorkerLimitError } from '../src/lib/worker-task.ts';
import { scanWorkbook } from '../src/lib/xlsx-scan.ts';
import { IMPORT_FILE_LIMITS, MAX_IMPORT_ROWS } from '../src/modules/proposal/proposal-import.ts';
import { lieAboutSize } from './completed-work-zips.ts';
import { type Content, expectRefused, openHostileOffice, REFUSAL_MESSAGES } from './hostile-files.ts';
import { describeUploadLimits } from './hostile-upload-limits.ts';
import { upload, uploadRoutes } from './hostile-upload-routes.ts';
import { rezip, sheetPath, workbookWithRows } from './hostile-workbooks.ts';
import { filledImportTemplate } from './import-workbook.ts';

/**
 * Hostile proposal import workbooks (the setting is hostile-files.ts): spoofed content and
 * sizes at and over the limit, corrupt workbooks, and huge ones. The 1,000,000-row workbook is generated once
 * per run (HOSTILE_ROWS sets another size).
 */
const HUGE_ROWS = Number(process.env.HOSTILE_ROWS ?? 1_000_000);

const office = openHostileOffice();
/** A filled import template with fifty good rows. */
let variedWorkbook: Buffer;
beforeAll(async () => {
  variedWorkbook = await filledImportTemplate(
    office.t,
    office.headersOf.admin,
    'pokir',
    Array.from({ length: 50 }, (_, index) => office.importRow(index)),
  );
});
const importRoute = uploadRoutes(office).find((route) => route.kind === 'xlsx')!;
const importWorkbook = async (content: Content) =>
  upload(office, importRoute, await importRoute.target(), { name: 'usulan.xlsx', content });
const refusedImport = (texts: string[]) => ({ status: 400, message: REFUSAL_MESSAGES.xlsx, texts });
const UNREADABLE = 'File tidak dapat dibaca sebagai .xlsx. Gunakan template dari tombol Download Template.';
const TOO_MANY_ROWS = `Maksimal ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris per file. Bagi file menjadi beberapa bagian.`;
const TOO_LARGE = `Isi file .xlsx melebihi ${IMPORT_FILE_LIMITS.maxUncompressedBytes / MB} MB setelah diekstrak. Bagi file menjadi beberapa bagian.`;

/** A generated file, read back. */
async function generatedFile(name: string, write: (target: string) => Promise<void>) {
  const target = path.join(office.generated, name);
  await write(target);
  return readFileSync(target);
}

async function* spaces(bytes: number) {
  const chunk = ' '.repeat(MB);
  for (let left = bytes; left > 0; left -= MB) yield left >= MB ? chunk : chunk.slice(0, left);
}

describeUploadLimits(office, [importRoute]);

// ---------------------------------------------------------------------------------------------------------
// Corrupt and huge workbooks

describe('corrupt and huge workbooks', () => {
  let usulanSheet: string;
  beforeAll(async () => {
    usulanSheet = await sheetPath(office.goodWorkbook, 'Usulan');
  });

  it.each([
    {
      label: 'cut in half',
      texts: [UNREADABLE],
      file: async () => office.goodWorkbook.subarray(0, office.goodWorkbook.length / 2),
    },
    {
      label: 'a sheet that is no XML',
      texts: [UNREADABLE],
      file: () =>
        generatedFile('no-xml.xlsx', (target) =>
          rezip(office.goodWorkbook, { [usulanSheet]: '<<< bukan xml' }, target),
        ),
    },
    {
      label: 'entities in workbook.xml (a billion laughs)',
      texts: [UNREADABLE],
      file: async () => {
        const zip = await JSZip.loadAsync(office.goodWorkbook);
        const workbookXml = (await zip.file('xl/workbook.xml')!.async('string'))
          .replace(
            '<workbook ',
            '<!DOCTYPE workbook [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><workbook ',
          )
          .replace('name="Petunjuk"', 'name="&c;"');
        return generatedFile('laughs.xlsx', (target) =>
          rezip(office.goodWorkbook, { 'xl/workbook.xml': workbookXml }, target),
        );
      },
    },
    {
      label: 'a sheet that inflates to more than it declares',
      texts: [UNREADABLE],
      file: async () => {
        const grown = await generatedFile('liar-source.xlsx', (target) =>
          workbookWithRows(office.goodWorkbook, 'Usulan', 5000, target),
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
            office.goodWorkbook,
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
          workbookWithRows(office.goodWorkbook, 'Usulan', MAX_IMPORT_ROWS + 1, target, { references: true }),
        ),
    },
  ])('refuses a workbook $label, writing nothing', async ({ file, texts }) => {
    const content = await file();
    await expectRefused(office, () => importWorkbook(content), refusedImport(texts));
  });

  it('counts the cap right: a sheet of exactly 20,000 rows passes the scan', async () => {
    const atCap = path.join(office.generated, 'at-cap.xlsx');
    await workbookWithRows(office.goodWorkbook, 'Usulan', MAX_IMPORT_ROWS, atCap, { references: true });
    const limits = {
      maxEntries: IMPORT_FILE_LIMITS.maxEntries,
      maxUncompressedBytes: IMPORT_FILE_LIMITS.maxUncompressedBytes,
      isCountedSheet: (name: string) => name === 'Usulan',
      maxValuedRows: MAX_IMPORT_ROWS + 1,
    };
    expect(await scanWorkbook(atCap, limits)).toBe('ok');
  });

  it(`refuses ${HUGE_ROWS.toLocaleString('id-ID')} rows for their number, quickly, without loading them`, async () => {
    const huge = path.join(office.generated, 'huge.xlsx');
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
      await expectRefused(office, () => importWorkbook(upload), refusedImport([TOO_MANY_ROWS]));
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
    const zip = await JSZip.loadAsync(office.goodWorkbook);
    const sheet = (await zip.file(usulanSheet)!.async('string')).replace(
      '</sheetData>',
      '</sheetData><mergeCells count="1"><mergeCell ref="A3:XFD1048576"/></mergeCells>',
    );
    return generatedFile('merge-bomb.xlsx', (target) =>
      rezip(office.goodWorkbook, { [usulanSheet]: sheet }, target),
    );
  }

  it('refuses a workbook that exhausts the parsing thread (one merged range over the sheet), and keeps serving', async () => {
    const bomb = await mergeBomb();
    await expectRefused(office, () => importWorkbook(bomb), refusedImport([WORKER_LIMIT_MESSAGE]));
    const good = await importWorkbook(office.goodWorkbook);
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
        path.join(office.generated, 'merge-bomb.xlsx'),
        { sheetName: 'Usulan', guideSheetName: 'Petunjuk', guideCell: 'B2', columns: 9 },
      ],
      { memoryMb: IMPORT_FILE_LIMITS.worker.memoryMb, timeoutMs: 500 },
    );
    await expect(stopped).rejects.toBeInstanceOf(WorkerLimitError);
    await expect(stopped).rejects.toMatchObject({ limit: 'time', message: WORKER_LIMIT_MESSAGE });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
