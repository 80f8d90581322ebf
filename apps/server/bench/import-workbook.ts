// The import measurement's file: the template GET /api-web/proposal/export-template returns, filled with N
// valid rows the way an admin fills it (choices taken from the template's own Jalan, Kelurahan and
// Konsultan lists; dates typed as DD-MM-YYYY).
import { PROPOSAL_IMPORT_SHEET } from '@eusulan/shared';
import ExcelJS from 'exceljs';
import { DAMAGE, FIRST_NAMES, LANDMARKS, LAST_NAMES, PHONE_PREFIXES } from './bench-data.ts';

/** A small deterministic generator, so every run imports the same rows. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function listValues(workbook: ExcelJS.Workbook, sheetName: string): string[] {
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`template has no ${sheetName} sheet`);
  const values: string[] = [];
  for (let row = 2; row <= sheet.rowCount; row++) {
    const value = sheet.getCell(`A${row}`).value;
    if (typeof value === 'string' && value) values.push(value);
  }
  if (!values.length) throw new Error(`the ${sheetName} list of the template is empty`);
  return values;
}

/** `tag`, when given, ends every row's address, so the rows of one import can be found again. */
export async function buildImportWorkbook(
  template: ArrayBuffer,
  rows: number,
  tag?: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template);
  const roads = listValues(workbook, 'Jalan');
  const villages = listValues(workbook, 'Kelurahan');
  const consultants = listValues(workbook, 'Konsultan');
  const sheet = workbook.getWorksheet(PROPOSAL_IMPORT_SHEET);
  if (!sheet) throw new Error(`template has no ${PROPOSAL_IMPORT_SHEET} sheet`);

  const random = seededRandom(2026);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const two = (n: number) => String(n).padStart(2, '0');
  // Dates within the past year: the import refuses a proposal dated after the office's today.
  const now = Date.now();
  const pastDay = () => {
    const day = new Date(now - (1 + Math.floor(random() * 364)) * 86_400_000);
    return `${two(day.getUTCDate())}-${two(day.getUTCMonth() + 1)}-${day.getUTCFullYear()}`;
  };
  for (let index = 0; index < rows; index++) {
    const hasRt = random() > 0.1;
    sheet.getRow(index + 2).values = [
      pastDay(),
      `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      `${pick(PHONE_PREFIXES)}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      random() < 0.9 ? pick(roads) : '',
      pick(villages),
      hasRt ? two(1 + Math.floor(random() * 12)) : '',
      hasRt ? two(1 + Math.floor(random() * 8)) : '',
      `${pick(DAMAGE)}, dekat ${pick(LANDMARKS)} No. ${1 + Math.floor(random() * 150)}${tag ? ` ${tag}` : ''}`,
      pick(consultants),
    ];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
