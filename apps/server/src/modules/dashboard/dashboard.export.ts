import { PassThrough, type Readable } from 'node:stream';
import {
  DASHBOARD_EXPORT_SHEETS,
  formatDate,
  PROCESS_TYPE_NAMES,
  PROPOSAL_TYPE_NAMES,
  statusLabel,
} from '@eusulan/shared';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import {
  DAY_FORMAT,
  FROZEN_HEADER,
  filterFromHeader,
  RUPIAH_FORMAT,
  spreadsheetDay,
  spreadsheetDayIn,
} from '../../lib/spreadsheet.ts';
import type { CompletedWorkExportRow, ProposalExportRow } from './dashboard.queries.ts';

/** What both files show: the rows, whether nominal values may be shown, and the filters as words. */
export interface DashboardExport {
  proposals: ProposalExportRow[];
  completedWorks: CompletedWorkExportRow[];
  /** False for umum (spec §6): the nominal columns are left out, not blanked. */
  showNominal: boolean;
  /** [label, value] lines describing the current filters. */
  filters: [string, string][];
  generatedAt: Date;
  timeZone: string;
}

/** The PDF lists at most this many rows per table; the Excel file always has every row. */
export const PDF_MAX_ROWS = 2000;

const RUPIAH_NUMBER = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const METRE_NUMBER = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const rupiah = (value: number | string | null) =>
  value === null || value === '' ? '-' : `Rp ${RUPIAH_NUMBER.format(Number(value))}`;
const metres = (value: number | string | null) =>
  value === null || value === '' ? '-' : `${METRE_NUMBER.format(Number(value))} m`;
const numberOrNull = (value: number | string | null) =>
  value === null || value === '' ? null : Number(value);
/** Text as typed: an xlsx string cell is data, never a formula (see the survey export's `text`). */
const text = (value: string | null | undefined) => value || null;
const rtRw = (rt: string | null, rw: string | null) => `${rt ?? '-'}/${rw ?? '-'}`;

function dayOf(instant: Date | string | null, timeZone: string) {
  if (!instant) return '';
  const date = instant instanceof Date ? instant : new Date(instant);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return formatDate(`${parts.year}-${parts.month}-${parts.day}`);
}

interface Column<TRow> {
  header: string;
  width: number;
  /** The cell of the workbook (numbers stay numbers, days are dates). */
  cell: (row: TRow, index: number) => string | number | Date | null;
  /** The text of the PDF table. */
  text: (row: TRow, index: number) => string;
  /** Relative width in the PDF; 0 leaves the column out of the PDF. */
  pdf: number;
  /** Printed only: the workbook has the column's facts in columns of their own. */
  isPdfOnly?: boolean;
  nominal?: boolean;
  numFmt?: string;
}

function proposalColumns(timeZone: string): Column<ProposalExportRow>[] {
  const surveyDay = spreadsheetDayIn(timeZone);
  return [
    { header: 'No', width: 6, cell: (_r, i) => i + 1, text: (_r, i) => String(i + 1), pdf: 3 },
    { header: 'ID Usulan', width: 10, cell: (r) => r.id, text: (r) => String(r.id), pdf: 0 },
    {
      header: 'Tanggal Usulan',
      width: 14,
      cell: (r) => spreadsheetDay(r.proposalDate),
      text: (r) => formatDate(r.proposalDate),
      pdf: 7,
      numFmt: DAY_FORMAT,
    },
    {
      header: 'Jenis Usulan',
      width: 13,
      cell: (r) => PROPOSAL_TYPE_NAMES[r.proposalType],
      text: (r) => PROPOSAL_TYPE_NAMES[r.proposalType],
      pdf: 6,
    },
    {
      header: 'Pengusul',
      width: 24,
      cell: (r) => text(r.proposerName),
      text: (r) => r.proposerName,
      pdf: 10,
    },
    { header: 'Jalan', width: 26, cell: (r) => text(r.road), text: (r) => r.road ?? '-', pdf: 11 },
    {
      header: 'RT/RW',
      width: 8,
      cell: (r) => rtRw(r.rtNumber, r.rwNumber),
      text: (r) => rtRw(r.rtNumber, r.rwNumber),
      pdf: 4,
      isPdfOnly: true,
    },
    // Apart in the workbook, so an analyst can filter one RW or sort by RT.
    { header: 'RT', width: 5, cell: (r) => r.rtNumber ?? '-', text: (r) => r.rtNumber ?? '-', pdf: 0 },
    { header: 'RW', width: 5, cell: (r) => r.rwNumber ?? '-', text: (r) => r.rwNumber ?? '-', pdf: 0 },
    { header: 'Kelurahan', width: 18, cell: (r) => text(r.village), text: (r) => r.village, pdf: 8 },
    { header: 'Kecamatan', width: 18, cell: (r) => text(r.subdistrict), text: (r) => r.subdistrict, pdf: 8 },
    { header: 'Alamat', width: 30, cell: (r) => text(r.address), text: (r) => r.address, pdf: 0 },
    { header: 'Konsultan', width: 24, cell: (r) => text(r.consultant), text: (r) => r.consultant, pdf: 9 },
    {
      header: 'Status',
      width: 16,
      cell: (r) => statusText(r),
      text: (r) => statusText(r),
      pdf: 8,
    },
    {
      header: 'Tanggal Survey',
      width: 14,
      cell: (r) => surveyDay(r.submittedAt),
      text: (r) => dayOf(r.submittedAt, timeZone),
      pdf: 7,
      numFmt: DAY_FORMAT,
    },
    {
      header: 'Estimasi Biaya',
      width: 18,
      cell: (r) => numberOrNull(r.total),
      text: (r) => rupiah(r.total),
      pdf: 9,
      nominal: true,
      numFmt: RUPIAH_FORMAT,
    },
  ];
}

const statusText = (row: ProposalExportRow) => {
  const label = statusLabel(row.statusType, 'history');
  return row.processType ? `${label} (${PROCESS_TYPE_NAMES[row.processType]})` : label;
};

const completedWorkColumns: Column<CompletedWorkExportRow>[] = [
  { header: 'No', width: 6, cell: (_r, i) => i + 1, text: (_r, i) => String(i + 1), pdf: 3 },
  {
    header: 'Nama Pekerjaan',
    width: 34,
    cell: (r) => text(r.packageName),
    text: (r) => r.packageName,
    pdf: 16,
  },
  { header: 'Lokasi', width: 28, cell: (r) => text(r.location), text: (r) => r.location || '-', pdf: 13 },
  { header: 'Jenis Pekerjaan', width: 20, cell: (r) => text(r.typeWork), text: (r) => r.typeWork, pdf: 9 },
  { header: 'Tahun Pelaksana', width: 10, cell: (r) => r.year, text: (r) => String(r.year), pdf: 5 },
  {
    header: 'Panjang Lokasi (m)',
    width: 14,
    cell: (r) => numberOrNull(r.locationLength),
    text: (r) => metres(r.locationLength),
    pdf: 7,
    numFmt: '#,##0.00',
  },
  {
    header: 'Total Panjang Paket (m)',
    width: 14,
    cell: (r) => numberOrNull(r.packageLength),
    text: (r) => metres(r.packageLength),
    pdf: 7,
    numFmt: '#,##0.00',
  },
  {
    header: 'Nominal Lokasi',
    width: 18,
    cell: (r) => r.locationValue,
    text: (r) => rupiah(r.locationValue),
    pdf: 9,
    nominal: true,
    numFmt: RUPIAH_FORMAT,
  },
  {
    header: 'Total Nominal Paket',
    width: 18,
    cell: (r) => r.packageValue,
    text: (r) => rupiah(r.packageValue),
    pdf: 9,
    nominal: true,
    numFmt: RUPIAH_FORMAT,
  },
];

const visible = <T>(columns: Column<T>[], showNominal: boolean) =>
  columns.filter((column) => showNominal || !column.nominal);

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

const MARGIN = 36;
const FONT_SIZE = 7.5;
const CELL_PADDING = 3;

/**
 * 'Export Dashboard.pdf' (DESIGN §4): title, the filters, the summary counts, then both tables on
 * landscape A4 pages, the header row repeated on each page. Standard PDF fonts (no files to ship).
 */
export function dashboardPdf(data: DashboardExport, options: { compress?: boolean } = {}): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: 'Export Dashboard', Author: 'e-Usulan Jalan', CreationDate: data.generatedAt },
    bufferPages: false,
  });
  const width = doc.page.width - MARGIN * 2;

  doc.font('Helvetica-Bold').fontSize(16).text('Export Dashboard', { align: 'left' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Dibuat ${dayOf(data.generatedAt, data.timeZone)}`);
  doc.moveDown(0.6).fillColor('#000000');

  doc.font('Helvetica-Bold').fontSize(11).text('Filter');
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of data.filters) doc.text(`${label}: ${value}`);
  doc.moveDown(0.6);

  doc.font('Helvetica-Bold').fontSize(11).text('Ringkasan');
  doc.font('Helvetica').fontSize(9);
  doc.text(`Jumlah Usulan: ${RUPIAH_NUMBER.format(data.proposals.length)}`);
  doc.text(`Jumlah Pekerjaan Selesai: ${RUPIAH_NUMBER.format(data.completedWorks.length)}`);
  const byType = new Map<string, number>();
  for (const row of data.completedWorks) byType.set(row.typeWork, (byType.get(row.typeWork) ?? 0) + 1);
  for (const [typeWork, count] of [...byType].sort(([a], [b]) => a.localeCompare(b, 'id'))) {
    doc.text(`    ${typeWork}: ${RUPIAH_NUMBER.format(count)}`);
  }
  if (data.showNominal) {
    const proposalTotal = data.proposals.reduce((sum, row) => sum + Number(row.total ?? 0), 0);
    doc.text(`Total Estimasi Biaya Usulan: ${rupiah(proposalTotal)}`);
    const workTotal = data.completedWorks.reduce((sum, row) => sum + Number(row.locationValue ?? 0), 0);
    doc.text(`Total Nominal Lokasi Pekerjaan Selesai: ${rupiah(workTotal)}`);
  }

  function table<T>(title: string, columns: Column<T>[], rows: T[]) {
    const shown = columns.filter((column) => column.pdf > 0);
    const weight = shown.reduce((sum, column) => sum + column.pdf, 0);
    const widths = shown.map((column) => (column.pdf / weight) * width);
    const bottom = () => doc.page.height - MARGIN;

    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(title, MARGIN, MARGIN);
    doc.font('Helvetica').fontSize(8);
    if (rows.length > PDF_MAX_ROWS) {
      doc.text(
        `Menampilkan ${RUPIAH_NUMBER.format(PDF_MAX_ROWS)} dari ${RUPIAH_NUMBER.format(rows.length)} baris; ` +
          'file Excel memuat semua baris.',
      );
    }
    doc.moveDown(0.4);
    if (!rows.length) {
      doc.fontSize(9).text('Tidak ditemukan data apapun disini.');
      return;
    }

    const rowHeight = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
      return (
        Math.max(
          ...cells.map((cell, index) =>
            doc.heightOfString(cell, { width: (widths[index] ?? 0) - CELL_PADDING * 2 }),
          ),
        ) +
        CELL_PADDING * 2
      );
    };
    const drawRow = (cells: string[], y: number, height: number, bold: boolean, shade: boolean) => {
      if (shade) doc.rect(MARGIN, y, width, height).fill(bold ? '#e8e8e8' : '#f7f7f7');
      doc
        .fillColor('#000000')
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(FONT_SIZE);
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const cellWidth = widths[index] ?? 0;
        doc.text(cell, x + CELL_PADDING, y + CELL_PADDING, { width: cellWidth - CELL_PADDING * 2 });
        x += cellWidth;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width, y + height)
        .lineWidth(0.3)
        .strokeColor('#bbbbbb')
        .stroke();
    };

    const headers = shown.map((column) => column.header);
    const headerHeight = rowHeight(headers, true);
    let y = doc.y;
    drawRow(headers, y, headerHeight, true, true);
    y += headerHeight;
    rows.slice(0, PDF_MAX_ROWS).forEach((row, index) => {
      const cells = shown.map((column) => column.text(row, index));
      const height = rowHeight(cells, false);
      if (y + height > bottom()) {
        doc.addPage();
        y = MARGIN;
        drawRow(headers, y, headerHeight, true, true);
        y += headerHeight;
      }
      drawRow(cells, y, height, false, index % 2 === 1);
      y += height;
    });
  }

  table(
    `Usulan (${RUPIAH_NUMBER.format(data.proposals.length)})`,
    visible(proposalColumns(data.timeZone), data.showNominal),
    data.proposals,
  );
  table(
    `Pekerjaan Selesai (${RUPIAH_NUMBER.format(data.completedWorks.length)})`,
    visible(completedWorkColumns, data.showNominal),
    data.completedWorks,
  );
  doc.end();
  return doc as unknown as Readable;
}
