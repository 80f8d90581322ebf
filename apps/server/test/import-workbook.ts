import ExcelJS from 'exceljs';
import type { TestApp } from './helpers.ts';

export type ImportRow = (string | number | Date | null)[];

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
