import {
  IMPORTABLE_PROPOSAL_TYPES,
  PROPOSAL_IMPORT_COLUMNS,
  PROPOSAL_IMPORT_SHEET,
  PROPOSAL_MESSAGES,
  PROPOSAL_TYPE_NAMES,
  type TConsultantType,
  type TImportError,
  ZProposalForm,
} from '@eusulan/shared';
import type ExcelJS from 'exceljs';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../../lib/worker-task.ts';
import { scanWorkbook } from '../../lib/xlsx-scan.ts';
import { consultantServesVillage } from './proposal.policy.ts';
import { type ProposalValues, toProposalValues } from './proposal.queries.ts';
import { type ImportCells, normalise } from './proposal-import-cells.ts';

export type ImportType = (typeof IMPORTABLE_PROPOSAL_TYPES)[number];
type ColumnKey = (typeof PROPOSAL_IMPORT_COLUMNS)[number]['key'];

/** The sheet that carries the instructions and the proposal type of a template. */
export const GUIDE_SHEET = 'Petunjuk';
/** Guide cell holding the proposal type name ('Pokir' or 'Musrenbang'). */
export const GUIDE_TYPE_CELL = 'B2';
/** More rows than this in one file is refused: split the file. */
export const MAX_IMPORT_ROWS = 20_000;
/**
 * What an import workbook may hold before exceljs loads it (a 20,000-row template inflates to ~10 MB), and
 * what its loading thread may take (20,000 rows need 100-128 MB of heap and 6-15 s on this 2-core machine).
 */
export const IMPORT_FILE_LIMITS = {
  maxEntries: 1000,
  maxUncompressedBytes: 100 * 1024 * 1024,
  worker: { memoryMb: 256, timeoutMs: 60_000 } satisfies WorkerLimits,
};

export interface ImportLookups {
  roads: { id: number; name: string }[];
  villages: { id: number; name: string; subdistrict: string; districtId: number }[];
  consultants: {
    id: number;
    code: string;
    name: string;
    consultantType: TConsultantType;
    districtId: number | null;
  }[];
}

/** How the template writes a village and a consultant, so a dropdown choice reads back unambiguously. */
export const villageLabel = (village: { name: string; subdistrict: string }) =>
  `${village.name} - ${village.subdistrict}`;
export const consultantLabel = (consultant: { code: string; name: string }) =>
  `${consultant.code} - ${consultant.name}`;

const IMPORT_DATE_FORMAT = 'Tanggal harus berformat DD-MM-YYYY dan merupakan tanggal yang ada.';
const UNREADABLE_FILE =
  'File tidak dapat dibaca sebagai .xlsx. Gunakan template dari tombol Download Template.';
const TOO_MANY_ROWS = `Maksimal ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris per file. Bagi file menjadi beberapa bagian.`;
const FILE_TOO_LARGE = `Isi file .xlsx melebihi ${IMPORT_FILE_LIMITS.maxUncompressedBytes / 1024 / 1024} MB setelah diekstrak. Bagi file menjadi beberapa bagian.`;
const fileError = (message: string): TImportError[] => [{ excelRow: null, errors: [message] }];

/** A cell as plain text: rich text flattened, formulas by their result, dates as YYYY-MM-DD. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDateOf(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDateOf = (date: Date) =>
  `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;

/** A date cell: a real date, an Excel serial number, DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD. */
function readDate(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return isoDateOf(value);
  if (typeof value === 'number' && value > 0 && value < 2_958_466) {
    return isoDateOf(new Date(Math.round((value - 25_569) * 86_400_000)));
  }
  const text = cellText(value);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${pad2(Number(dmy[2]))}-${pad2(Number(dmy[1]))}`;
  return text;
}

/** RT/RW: 1, '1' and '01' are all '01'. */
function readRtRw(value: ExcelJS.CellValue): string {
  const text = cellText(value);
  return /^\d$/.test(text) ? `0${text}` : text;
}

/** Name -> ids, for matching a cell against a master list case-insensitively. */
function indexBy<T extends { id: number }>(items: T[], keys: (item: T) => string[]) {
  const index = new Map<string, number[]>();
  for (const item of items) {
    for (const key of new Set(keys(item).map(normalise))) {
      index.set(key, [...(index.get(key) ?? []), item.id]);
    }
  }
  return (text: string) => index.get(normalise(text)) ?? [];
}

export interface ParsedImport {
  values: ProposalValues[];
  errors: TImportError[];
}

type ImportResult = ParsedImport & { proposalType?: ImportType };

/**
 * Reads and checks an import workbook. Its size and rows are checked first (scanWorkbook: streamed, bounded
 * by design); then exceljs loads it whole in a thread of its own with memory and time limits
 * (readImportCells), and only the cells come back: a file that exhausts the thread is refused like any other
 * bad file, and the server keeps answering. Every bad cell is named (column and cell) in Indonesian; nothing
 * is returned to store unless every row is good (all-or-nothing, spec §7 and the issue).
 */
export async function parseImportWorkbook(
  filePath: string,
  requestedType: ImportType | undefined,
  lookups: ImportLookups,
): Promise<ImportResult> {
  const scan = await scanWorkbook(filePath, {
    maxEntries: IMPORT_FILE_LIMITS.maxEntries,
    maxUncompressedBytes: IMPORT_FILE_LIMITS.maxUncompressedBytes,
    isCountedSheet: (name) => normalise(name) === normalise(PROPOSAL_IMPORT_SHEET),
    // the header row besides the data rows
    maxValuedRows: MAX_IMPORT_ROWS + 1,
  });
  if (scan === 'unreadable') return { values: [], errors: fileError(UNREADABLE_FILE) };
  if (scan === 'too-large') return { values: [], errors: fileError(FILE_TOO_LARGE) };
  if (scan === 'too-many-rows') return { values: [], errors: fileError(TOO_MANY_ROWS) };
  let cells: ImportCells | null;
  try {
    cells = await runInWorker<ImportCells | null>(
      new URL('./proposal-import-cells.ts', import.meta.url),
      'readImportCells',
      [
        filePath,
        {
          sheetName: PROPOSAL_IMPORT_SHEET,
          guideSheetName: GUIDE_SHEET,
          guideCell: GUIDE_TYPE_CELL,
          columns: PROPOSAL_IMPORT_COLUMNS.length,
        },
      ],
      IMPORT_FILE_LIMITS.worker,
    );
  } catch (error) {
    if (error instanceof WorkerLimitError) return { values: [], errors: fileError(error.message) };
    throw error;
  }
  if (!cells) return { values: [], errors: fileError(UNREADABLE_FILE) };

  const templateType = IMPORTABLE_PROPOSAL_TYPES.find(
    (type) => type === normalise(cellText(cells.guideType)),
  );
  if (requestedType && templateType && requestedType !== templateType) {
    return {
      values: [],
      errors: fileError(
        `Template ini untuk usulan ${PROPOSAL_TYPE_NAMES[templateType]}, bukan ${PROPOSAL_TYPE_NAMES[requestedType]}.`,
      ),
    };
  }
  const proposalType = requestedType ?? templateType;
  if (!proposalType) {
    return {
      values: [],
      errors: fileError('Jenis usulan tidak diketahui. Gunakan template pokir atau musrenbang.'),
    };
  }

  const { sheet } = cells;
  if (!sheet) {
    return {
      values: [],
      errors: fileError(
        `Sheet "${PROPOSAL_IMPORT_SHEET}" tidak ditemukan. Gunakan template dari tombol Download Template.`,
      ),
    };
  }
  const headerErrors = checkHeaders(sheet.header);
  if (headerErrors.length) return { values: [], errors: [{ excelRow: 1, errors: headerErrors }] };

  const findRoad = indexBy(lookups.roads, (road) => [road.name]);
  const findVillage = indexBy(lookups.villages, (village) => [villageLabel(village), village.name]);
  const findConsultant = indexBy(lookups.consultants, (consultant) => [
    consultantLabel(consultant),
    consultant.code,
    consultant.name,
  ]);

  const villagesById = new Map(lookups.villages.map((village) => [village.id, village]));
  const consultantsById = new Map(lookups.consultants.map((consultant) => [consultant.id, consultant]));

  const values: ProposalValues[] = [];
  const errors: TImportError[] = [];
  let dataRows = 0;
  for (const { rowNumber, cells: rowCells } of sheet.rows) {
    const cells = Object.fromEntries(
      PROPOSAL_IMPORT_COLUMNS.map((column, index) => [column.key, rowCells[index]]),
    ) as Record<ColumnKey, ExcelJS.CellValue>;
    if (Object.values(cells).every((value) => cellText(value) === '')) continue;
    dataRows++;
    if (dataRows > MAX_IMPORT_ROWS) return { values: [], errors: fileError(TOO_MANY_ROWS) };

    const rowErrors: string[] = [];
    const cellError = (key: ColumnKey, message: string) => {
      const index = PROPOSAL_IMPORT_COLUMNS.findIndex((column) => column.key === key);
      const column = PROPOSAL_IMPORT_COLUMNS[index]!;
      rowErrors.push(`${column.header} (${columnLetter(index + 1)}${rowNumber}): ${message}`);
    };
    const lookupFailed = new Set<ColumnKey>();
    const resolve = (
      key: 'road' | 'village' | 'consultant',
      find: (text: string) => number[],
      what: string,
    ) => {
      const text = cellText(cells[key]);
      if (!text) return undefined;
      const ids = find(text);
      if (ids.length === 1) return ids[0];
      lookupFailed.add(key);
      cellError(
        key,
        ids.length
          ? `${what} "${text}" lebih dari satu, pilih dari daftar pada template.`
          : `${what} "${text}" tidak ditemukan atau tidak aktif.`,
      );
      return undefined;
    };
    const roadId = resolve('road', findRoad, 'Jalan');
    const villageId = resolve('village', findVillage, 'Kelurahan');
    const consultantId = resolve('consultant', findConsultant, 'Konsultan');
    const consultant = consultantsById.get(consultantId ?? 0);
    const village = villagesById.get(villageId ?? 0);
    if (consultant && village && !consultantServesVillage(consultant, village.districtId)) {
      cellError('consultant', PROPOSAL_MESSAGES.consultantOutsideVillage);
    }
    const rtNumber = readRtRw(cells.rtNumber);
    const rwNumber = readRtRw(cells.rwNumber);
    if (rwNumber && !rtNumber) cellError('rwNumber', 'RW hanya boleh diisi jika RT diisi.');

    const parsed = ZProposalForm.safeParse({
      proposalType,
      proposalDate: readDate(cells.proposalDate),
      proposerName: cellText(cells.proposerName),
      phoneNumber: cellText(cells.phoneNumber),
      roadId,
      villageId,
      consultantId,
      rtNumber,
      rwNumber,
      address: cellText(cells.address),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = FIELD_COLUMNS[String(issue.path[0])];
        // The sheet asks for DD-MM-YYYY, so its date error says so (the form's text names the wire format).
        const message = issue.message === PROPOSAL_MESSAGES.dateFormat ? IMPORT_DATE_FORMAT : issue.message;
        if (key && !lookupFailed.has(key)) cellError(key, message);
      }
    }
    if (rowErrors.length || !parsed.success) {
      errors.push({ excelRow: rowNumber, errors: rowErrors });
      continue;
    }
    values.push(toProposalValues(parsed.data));
  }
  if (dataRows === 0) return { values: [], errors: fileError('File tidak berisi data usulan.') };
  return { values: errors.length ? [] : values, errors, proposalType };
}

/** Which spreadsheet column a form field comes from. */
const FIELD_COLUMNS: Record<string, ColumnKey> = {
  proposalDate: 'proposalDate',
  proposerName: 'proposerName',
  phoneNumber: 'phoneNumber',
  roadId: 'road',
  villageId: 'village',
  consultantId: 'consultant',
  rtNumber: 'rtNumber',
  rwNumber: 'rwNumber',
  address: 'address',
};

function checkHeaders(header: ExcelJS.CellValue[]): string[] {
  return PROPOSAL_IMPORT_COLUMNS.flatMap((column, index) => {
    const found = cellText(header[index]);
    return normalise(found) === normalise(column.header)
      ? []
      : [`Kolom ${columnLetter(index + 1)}1 harus "${column.header}"${found ? `, bukan "${found}"` : ''}.`];
  });
}

/** 1 -> A, 27 -> AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
