// The part of the proposal import that runs in its worker thread (lib/worker-task.ts): exceljs loads the
// whole workbook, which a hostile file can make enormous, and only the cells the import reads come back.
// It imports exceljs alone, so the thread starts small; the checks of those cells run in proposal-import.ts.
import ExcelJS from 'exceljs';

/** Sheet and header names compare trimmed, spaces collapsed, in any case. */
export const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export interface ImportCellsRequest {
  sheetName: string;
  guideSheetName: string;
  /** An A1-style address on the guide sheet. */
  guideCell: string;
  columns: number;
}

export interface ImportCells {
  /** The guide sheet's type cell (undefined without a guide sheet). */
  guideType: ExcelJS.CellValue | undefined;
  /** The data sheet's header and the rows holding a value, first `columns` cells each; null without it. */
  sheet: {
    header: ExcelJS.CellValue[];
    rows: { rowNumber: number; cells: ExcelJS.CellValue[] }[];
  } | null;
}

/**
 * The cells an import reads (plain values: they cross to the main thread), or null when exceljs cannot read
 * the file. (exceljs's streaming reader would need a third of the memory, but it parks sheets that come
 * before their shared strings in temporary files and then loses a workbook.xml that comes last, as exceljs
 * itself writes it: it fails on our own template.)
 */
export async function readImportCells(
  filePath: string,
  request: ImportCellsRequest,
): Promise<ImportCells | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(filePath);
  } catch {
    return null;
  }
  const named = (name: string) =>
    workbook.worksheets.find((sheet) => normalise(sheet.name) === normalise(name));
  const cellsOf = (row: ExcelJS.Row) =>
    Array.from({ length: request.columns }, (_, index) => row.getCell(index + 1).value);
  const sheet = named(request.sheetName);
  const rows: { rowNumber: number; cells: ExcelJS.CellValue[] }[] = [];
  sheet?.eachRow((row, rowNumber) => {
    if (rowNumber > 1) rows.push({ rowNumber, cells: cellsOf(row) });
  });
  return {
    guideType: named(request.guideSheetName)?.getCell(request.guideCell).value,
    sheet: sheet ? { header: cellsOf(sheet.getRow(1)), rows } : null,
  };
}
