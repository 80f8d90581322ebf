import ExcelJS from 'exceljs';
import type { Db } from '../src/db/client.ts';
import { buildConsultant, buildPlace } from './factories.ts';
import type { TestApp } from './helpers.ts';

export type ImportRow = (string | number | Date | null)[];

/** A row of the Usulan sheet the import takes, at the place buildImportPlace writes. */
export const GOOD_ROW: ImportRow = [
  '17-08-2026',
  'Budi Santoso',
  '081234567890',
  'Jalan Dharmawangsa',
  'Airlangga - Gubeng',
  '01',
  '02',
  'Jl. Dharmawangsa 10',
  'RYN-01 - Rayon Timur',
];

/**
 * What GOOD_ROW names: Kelurahan Airlangga of Kecamatan Gubeng (Surabaya Timur), Jalan Dharmawangsa, and
 * the district's Rayon RYN-01.
 */
export async function buildImportPlace(db: Db) {
  const place = await buildPlace(db, {
    district: 'Surabaya Timur',
    subdistrict: 'Gubeng',
    village: 'Airlangga',
    road: 'Jalan Dharmawangsa',
  });
  await buildConsultant(db, { code: 'RYN-01', name: 'Rayon Timur', districtId: place.districtId });
  return place;
}

/** The workbook as the server answers it, opened with exceljs. */
export async function openWorkbook(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

/** The downloaded proposal import template with rows typed into its Usulan sheet, as an admin fills it. */
export async function filledImportTemplate(
  t: TestApp,
  headers: Record<string, string>,
  proposalType: string,
  rows: ImportRow[],
) {
  const template = await t.app.inject({
    method: 'GET',
    url: `/api-web/proposal/export-template?proposalType=${proposalType}`,
    headers,
  });
  const workbook = await openWorkbook(template.rawPayload);
  const sheet = workbook.getWorksheet('Usulan')!;
  rows.forEach((row, index) => {
    sheet.getRow(index + 2).values = row;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
