// The import measurement's file: the template GET /api-web/proposal/export-template returns, filled with N
// valid rows the way an admin fills it (choices taken from the template's own Jalan, Kelurahan and
// Konsultan lists, each row's consultant one that serves its kelurahan; dates typed as DD-MM-YYYY).
import { PROPOSAL_IMPORT_SHEET, type TConsultantType } from '@eusulan/shared';
import ExcelJS from 'exceljs';
import { consultantServesVillage } from '../src/modules/proposal/proposal.policy.ts';
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

/** The consultant labels of the template that may take a proposal in the kelurahan of this label. */
export type ServingConsultants = (villageLabel: string) => readonly string[];

/**
 * The consultants serving each kelurahan, as the template labels them, by the registration's own rule
 * (consultantServesVillage).
 */
export async function servingConsultantsOf(pool: {
  query<R>(text: string): Promise<{ rows: R[] }>;
}): Promise<ServingConsultants> {
  const { rows: villages } = await pool.query<{ label: string; districtId: number | null }>(
    `select v.name || ' - ' || s.name as label, s.district_id as "districtId"
     from villages v join subdistricts s on s.id = v.subdistrict_id`,
  );
  const { rows: consultants } = await pool.query<{
    label: string;
    districtId: number | null;
    consultantType: TConsultantType;
  }>(
    `select code || ' - ' || name as label, district_id as "districtId", consultant_type as "consultantType"
     from consultants where is_active`,
  );
  const districtOf = new Map(villages.map((village) => [village.label, village.districtId]));
  return (villageLabel) =>
    consultants
      .filter((consultant) => consultantServesVillage(consultant, districtOf.get(villageLabel) ?? null))
      .map((consultant) => consultant.label);
}

/**
 * `servingConsultants` as servingConsultantsOf finds them; without it every consultant of the template is
 * taken, for a data set whose consultants serve every kelurahan. `tag`, when given, ends every row's address,
 * so the rows of one import can be found again.
 */
export async function buildImportWorkbook(
  template: ArrayBuffer,
  rows: number,
  options: { servingConsultants?: ServingConsultants; tag?: string } = {},
): Promise<Buffer> {
  const { tag } = options;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template);
  const roads = listValues(workbook, 'Jalan');
  const villages = listValues(workbook, 'Kelurahan');
  const listed = new Set(listValues(workbook, 'Konsultan'));
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
    const village = pick(villages);
    const consultants = options.servingConsultants
      ? options.servingConsultants(village).filter((label) => listed.has(label))
      : [...listed];
    if (!consultants.length) throw new Error(`no consultant of the template serves ${village}`);
    sheet.getRow(index + 2).values = [
      pastDay(),
      `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      `${pick(PHONE_PREFIXES)}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      random() < 0.9 ? pick(roads) : '',
      village,
      hasRt ? two(1 + Math.floor(random() * 12)) : '',
      hasRt ? two(1 + Math.floor(random() * 8)) : '',
      `${pick(DAMAGE)}, dekat ${pick(LANDMARKS)} No. ${1 + Math.floor(random() * 150)}${tag ? ` ${tag}` : ''}`,
      pick(consultants),
    ];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
