import {
  formatDate,
  IMPORTABLE_PROPOSAL_TYPES,
  isPhoneNumber,
  isRealDate,
  PROPOSAL_IMPORT_COLUMNS,
  PROPOSAL_IMPORT_SHEET,
  PROPOSAL_TYPE_NAMES,
  type TConsultantType,
  type TImportError,
  ZProposalForm,
} from '@eusulan/shared';
import type ExcelJS from 'exceljs';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../../lib/worker-task.ts';
import { scanWorkbook } from '../../lib/xlsx-scan.ts';
import { consultantServesVillage } from './proposal.policy.ts';
import { type ImportCells, normalise } from './proposal-import-cells.ts';
import {
  type NameKind,
  nameMatchers,
  nameMessage,
  nameSuggester,
  quoted,
  villageLabel,
} from './proposal-import-names.ts';
import { type ProposalValues, toProposalValues } from './proposal-write.queries.ts';

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

/** What the checks of a workbook need besides its cells and the master lists. */
export interface ImportChecks {
  /** The office's calendar day (YYYY-MM-DD, config TIME_ZONE): a proposal dated after it is refused. */
  today: string;
}

/** A contract's message about a cell's value, with the value as the cell holds it. */
const withWritten = (message: string, written: string) =>
  `${message.replace(/[.!]$/, '')} (tertulis ${quoted(written)}).`;

const EMPTY_DATE = 'Tanggal usulan tidak boleh kosong.';
const badDate = (written: string) => `Tanggal ${quoted(written)} tidak ada atau tidak berformat DD-MM-YYYY.`;
const futureDate = (written: string, today: string) =>
  `Tanggal ${quoted(written)} setelah hari ini (${formatDate(today)}); tanggal usulan tidak boleh melewati hari ini.`;
const UNREADABLE_FILE =
  'File tidak dapat dibaca sebagai .xlsx. Gunakan template dari tombol Download Template.';
const TOO_MANY_ROWS = `Maksimal ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris per file. Bagi file menjadi beberapa bagian.`;
const FILE_TOO_LARGE = `Isi file .xlsx melebihi ${IMPORT_FILE_LIMITS.maxUncompressedBytes / 1024 / 1024} MB setelah diekstrak. Bagi file menjadi beberapa bagian.`;
const fileError = (message: string): TImportError[] => [{ excelRow: null, errors: [message] }];

/** A cell as plain text, as the sheet shows it: rich text flattened, formulas by their result, dates DD-MM-YYYY. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(isoDateOf(value));
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

/** A formula's cached result in place of the formula; any other value as it is. */
function plainValue(value: ExcelJS.CellValue): ExcelJS.CellValue {
  return value !== null && typeof value === 'object' && 'result' in value
    ? plainValue(value.result as ExcelJS.CellValue)
    : value;
}

/**
 * A date cell as YYYY-MM-DD: a real date, an Excel serial number, DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD;
 * null when it holds no date that exists.
 */
function readDate(value: ExcelJS.CellValue): string | null {
  const plain = plainValue(value);
  let iso: string | null = null;
  if (plain instanceof Date) iso = isoDateOf(plain);
  else if (typeof plain === 'number') {
    if (plain > 0 && plain < 2_958_466) iso = isoDateOf(new Date(Math.round((plain - 25_569) * 86_400_000)));
  } else {
    const text = cellText(plain);
    const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
    const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
    if (dmy) iso = `${dmy[3]}-${pad2(Number(dmy[2]))}-${pad2(Number(dmy[1]))}`;
    else if (ymd) iso = `${ymd[1]}-${pad2(Number(ymd[2]))}-${pad2(Number(ymd[3]))}`;
  }
  return iso && isRealDate(iso) ? iso : null;
}

/**
 * A phone cell as the person wrote it. A number typed into a cell that Excel kept as a number has lost its
 * leading zero (8123456789 for 08123456789, 318291234 for 031 8291234): it gets it back, unless the digits
 * are already a whole number in the 62 form.
 */
function readPhone(value: ExcelJS.CellValue): string {
  const plain = plainValue(value);
  if (typeof plain === 'number' && Number.isSafeInteger(plain) && plain > 0) {
    const digits = String(plain);
    return digits.startsWith('62') && isPhoneNumber(digits) ? digits : `0${digits}`;
  }
  return cellText(value);
}

/** RT/RW: 1, '1' and '01' are all '01'. */
function readRtRw(value: ExcelJS.CellValue): string {
  const text = cellText(value);
  return /^\d$/.test(text) ? `0${text}` : text;
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
 * bad file, and the server keeps answering. Every bad cell is named (column and cell) in Indonesian, once,
 * with the value it holds and what to write instead; nothing is returned to store unless every row is good
 * (all-or-nothing, spec §7).
 */
export async function parseImportWorkbook(
  filePath: string,
  requestedType: ImportType | undefined,
  lookups: ImportLookups,
  checks: ImportChecks,
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

  const matchers = nameMatchers(lookups);
  const closestTo = nameSuggester(lookups);
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
    // One message per cell: its first fault, so a cell refused by one check is not refused again by the next.
    const refused = new Set<ColumnKey>();
    const cellError = (key: ColumnKey, message: string) => {
      if (refused.has(key)) return;
      refused.add(key);
      const index = PROPOSAL_IMPORT_COLUMNS.findIndex((column) => column.key === key);
      const column = PROPOSAL_IMPORT_COLUMNS[index]!;
      rowErrors.push(`${column.header} (${columnLetter(index + 1)}${rowNumber}): ${message}`);
    };
    const resolve = (kind: NameKind) => {
      const text = cellText(cells[kind]);
      if (!text) return undefined;
      const match = matchers[kind](text);
      if (match.found === 'one') return match.id;
      cellError(kind, nameMessage(kind, text, match, match.found === 'none' ? closestTo(kind, text) : []));
      return undefined;
    };
    const roadId = resolve('road');
    const villageId = resolve('village');
    const consultantId = resolve('consultant');
    const consultant = consultantsById.get(consultantId ?? 0);
    const village = villagesById.get(villageId ?? 0);
    if (consultant && village && !consultantServesVillage(consultant, village.districtId)) {
      cellError(
        'consultant',
        `Konsultan internal ${quoted(cellText(cells.consultant))} tidak melayani wilayah kelurahan ${quoted(villageLabel(village))}.`,
      );
    }

    const dateText = cellText(cells.proposalDate);
    const proposalDate = readDate(cells.proposalDate);
    if (!dateText) cellError('proposalDate', EMPTY_DATE);
    else if (!proposalDate) cellError('proposalDate', badDate(dateText));
    else if (proposalDate > checks.today) cellError('proposalDate', futureDate(dateText, checks.today));

    const rtNumber = readRtRw(cells.rtNumber);
    const rwNumber = readRtRw(cells.rwNumber);
    if (rwNumber && !rtNumber) {
      cellError('rwNumber', `RW ${quoted(cellText(cells.rwNumber))} hanya boleh diisi jika RT diisi.`);
    }

    const parsed = ZProposalForm.safeParse({
      proposalType,
      proposalDate: proposalDate ?? '',
      proposerName: cellText(cells.proposerName),
      phoneNumber: readPhone(cells.phoneNumber),
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
        if (!key) continue;
        // The value as the cell shows it (a phone typed as a number without the zero given back).
        const written = cellText(cells[key]);
        cellError(key, written ? withWritten(issue.message, written) : issue.message);
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
