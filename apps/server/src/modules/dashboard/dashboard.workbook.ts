import { PassThrough, type Readable } from 'node:stream';
import { DASHBOARD_EXPORT_SHEETS } from '@eusulan/shared';
import ExcelJS from 'exceljs';
import { FROZEN_HEADER, filterFromHeader } from '../../lib/spreadsheet.ts';
import {
  type Column,
  completedWorkColumns,
  type DashboardExport,
  proposalColumns,
  visible,
} from './dashboard.export-columns.ts';

/** 'Export Dashboard.xlsx': sheets Usulan and Pekerjaan Selesai, streamed as it is written. */
export function dashboardWorkbook(data: DashboardExport): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'e-Usulan Jalan';
  workbook.created = data.generatedAt;
  function sheet<T>(name: string, allColumns: Column<T>[], rows: T[]) {
    const columns = allColumns.filter((column) => !column.isPdfOnly);
    const worksheet = workbook.addWorksheet(name, FROZEN_HEADER);
    worksheet.columns = columns.map((column, index) => ({
      header: column.header,
      key: `c${index}`,
      width: column.width,
      ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
    }));
    worksheet.getRow(1).font = { bold: true };
    rows.forEach((row, index) => {
      worksheet.addRow(columns.map((column) => column.cell(row, index))).commit();
    });
    filterFromHeader(worksheet, columns.length, rows.length + 1);
    worksheet.commit();
  }
  sheet(
    DASHBOARD_EXPORT_SHEETS.proposals,
    visible(proposalColumns(data.timeZone), data.showNominal),
    data.proposals,
  );
  sheet(
    DASHBOARD_EXPORT_SHEETS.completedWorks,
    visible(completedWorkColumns, data.showNominal),
    data.completedWorks,
  );
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
