import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import {
  type Column,
  completedWorkColumns,
  type DashboardExport,
  dayOf,
  proposalColumns,
  RUPIAH_NUMBER,
  rupiah,
  visible,
} from './dashboard.export-columns.ts';
import { drawMapPicture } from './dashboard.map-picture.ts';

/** The PDF lists at most this many rows per table; the Excel file always has every row. */
export const PDF_MAX_ROWS = 2000;

const MARGIN = 36;
const FONT_SIZE = 7.5;
const CELL_PADDING = 3;
/** The first page's left column (filters, summary, legend); the map takes the rest of the width. */
const SIDE_WIDTH = 230;
const GAP = 14;

/**
 * 'Export Dashboard.pdf' (DESIGN §4): on the first page the office's letterhead, the filters, the summary
 * counts, the legend and a map picture of the filtered lines; then both tables on landscape A4 pages, the
 * header row repeated on each page. Standard PDF fonts (no files to ship).
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
  // The map picture takes turns with other requests: the stream is handed back at once and filled as
  // the document is drawn.
  writePages(doc, data).catch((error: unknown) => doc.destroy(error as Error));
  return doc as unknown as Readable;
}

async function writePages(doc: PDFKit.PDFDocument, data: DashboardExport) {
  const width = doc.page.width - MARGIN * 2;

  drawLetterhead(doc, data.letterhead, width);
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000').text('Export Dashboard', MARGIN, top);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Dibuat ${dayOf(data.generatedAt, data.timeZone)}`);
  doc.moveDown(0.6).fillColor('#000000');

  const side = { width: SIDE_WIDTH };
  doc.font('Helvetica-Bold').fontSize(11).text('Filter', side);
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of data.filters) doc.text(`${label}: ${value}`, side);
  doc.moveDown(0.6);

  doc.font('Helvetica-Bold').fontSize(11).text('Ringkasan', side);
  doc.font('Helvetica').fontSize(9);
  doc.text(`Jumlah Usulan: ${RUPIAH_NUMBER.format(data.proposals.length)}`, side);
  doc.text(`Jumlah Pekerjaan Selesai: ${RUPIAH_NUMBER.format(data.completedWorks.length)}`, side);
  const byType = new Map<string, number>();
  for (const row of data.completedWorks) byType.set(row.typeWork, (byType.get(row.typeWork) ?? 0) + 1);
  for (const [typeWork, count] of [...byType].sort(([a], [b]) => a.localeCompare(b, 'id'))) {
    doc.text(`    ${typeWork}: ${RUPIAH_NUMBER.format(count)}`, side);
  }
  if (data.showNominal) {
    const proposalTotal = data.proposals.reduce((sum, row) => sum + Number(row.total ?? 0), 0);
    doc.text(`Total Estimasi Biaya Usulan: ${rupiah(proposalTotal)}`, side);
    const workTotal = data.completedWorks.reduce((sum, row) => sum + Number(row.locationValue ?? 0), 0);
    doc.text(`Total Nominal Lokasi Pekerjaan Selesai: ${rupiah(workTotal)}`, side);
  }
  doc.moveDown(0.6);
  drawLegend(doc, data);

  const mapLeft = MARGIN + SIDE_WIDTH + GAP;
  await drawMapPicture(doc, data.map, {
    x: mapLeft,
    y: top,
    width: MARGIN + width - mapLeft,
    height: doc.page.height - MARGIN - top,
  });

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
}

/** The office's letterhead (kop surat): its lines centred, the first two in capitals' weight, a double rule. */
function drawLetterhead(doc: PDFKit.PDFDocument, lines: string[], width: number) {
  lines.forEach((line, index) => {
    const size = index === 0 ? 12 : index === 1 ? 14 : 9;
    doc
      .font(index < 2 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor('#000000')
      .text(line, MARGIN, doc.y, { width, align: 'center' });
  });
  const y = doc.y + 4;
  doc
    .lineWidth(1.6)
    .strokeColor('#000000')
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .stroke();
  doc
    .lineWidth(0.5)
    .moveTo(MARGIN, y + 3)
    .lineTo(MARGIN + width, y + 3)
    .stroke();
  doc.y = y + 12;
}

/** One line swatch and name per colour of the map picture, in the order the legend of /maps lists them. */
function drawLegend(doc: PDFKit.PDFDocument, data: DashboardExport) {
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text('Legenda', MARGIN, doc.y);
  doc.font('Helvetica').fontSize(9);
  for (const layer of [...data.map].reverse()) {
    const y = doc.y + 5;
    doc
      .lineWidth(2.5)
      .strokeColor(layer.color)
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + 22, y)
      .stroke();
    doc.fillColor('#000000').text(layer.label, MARGIN + 30, doc.y, { width: SIDE_WIDTH - 30 });
  }
}
