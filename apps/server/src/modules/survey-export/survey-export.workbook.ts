import type { Writable } from 'node:stream';
import { asbItemCost, PROCESS_TYPE_NAMES, PROPOSAL_TYPE_NAMES, statusLabel } from '@eusulan/shared';
import ExcelJS from 'exceljs';
import { richTextToPlain } from '../../lib/rich-text.ts';
import {
  DAY_FORMAT,
  FROZEN_HEADER,
  filterFromHeader,
  LINK_STYLE,
  RUPIAH_FORMAT,
  relativeLink,
  spreadsheetDay,
  spreadsheetDayIn,
} from '../../lib/spreadsheet.ts';
import { photoFolderOf, photoPathsOf } from './survey-export.files.ts';
import { exportPacer, zipInputOf } from './survey-export.pacing.ts';
import type { ExportPart, ExportRow } from './survey-export.queries.ts';

const METRES = '#,##0.00';

/**
 * A citizen's or a consultant's text as typed. An xlsx string cell is data that no spreadsheet program runs as
 * a formula, so `=1+1` or `+62 812...` need no apostrophe (which would show, being part of the text); nothing
 * typed is an empty cell, which a filter lists as blank.
 */
const text = (value: string | null | undefined) => value || null;

/**
 * Rupiah as formatRupiah (@eusulan/shared) writes it, with one formatter for the whole export: building an
 * Intl.NumberFormat per call cost seconds over 100,000 rows.
 */
const RUPIAH_NUMBER = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 5 });
const rupiahText = (amount: number) => (Number.isFinite(amount) ? `Rp ${RUPIAH_NUMBER.format(amount)}` : '-');

const SURVEY_COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'No', key: 'no', width: 6 },
  { header: 'ID Usulan', key: 'id', width: 10 },
  { header: 'Tanggal Survey', key: 'surveyDate', width: 14, style: { numFmt: DAY_FORMAT } },
  { header: 'Jenis Usulan', key: 'type', width: 13 },
  { header: 'Tanggal Usulan', key: 'proposalDate', width: 14, style: { numFmt: DAY_FORMAT } },
  { header: 'Pengusul', key: 'proposer', width: 24 },
  { header: 'No HP', key: 'phone', width: 16 },
  { header: 'Jalan', key: 'road', width: 26 },
  { header: 'RT', key: 'rt', width: 5 },
  { header: 'RW', key: 'rw', width: 5 },
  { header: 'Kelurahan', key: 'village', width: 18 },
  { header: 'Kecamatan', key: 'subdistrict', width: 18 },
  { header: 'Rayon', key: 'district', width: 18 },
  { header: 'Alamat', key: 'address', width: 30 },
  { header: 'Konsultan', key: 'consultant', width: 24 },
  { header: 'Status', key: 'status', width: 16 },
  { header: 'Proses', key: 'process', width: 12 },
  { header: 'Jenis Pekerjaan', key: 'workTypes', width: 24 },
  { header: 'Kondisi Jalan', key: 'roadCondition', width: 28 },
  { header: 'Saluran Eksisting', key: 'canalExisting', width: 20 },
  { header: 'Kondisi Saluran', key: 'canalCondition', width: 24 },
  { header: 'Identifikasi Kerusakan', key: 'damage', width: 40 },
  { header: 'Saran dan Masukan', key: 'suggestion', width: 40 },
  { header: 'Item ASB (Panjang × Lebar × Harga Satuan = Biaya)', key: 'items', width: 60 },
  { header: 'Total Biaya', key: 'total', width: 20, style: { numFmt: RUPIAH_FORMAT } },
  { header: 'Foto', key: 'photos', width: 50, style: LINK_STYLE },
];

const ITEM_COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'No', key: 'no', width: 6 },
  { header: 'ID Usulan', key: 'id', width: 10 },
  { header: 'Tanggal Survey', key: 'surveyDate', width: 14, style: { numFmt: DAY_FORMAT } },
  { header: 'Pengusul', key: 'proposer', width: 24 },
  { header: 'Jalan', key: 'road', width: 26 },
  { header: 'Kelurahan', key: 'village', width: 18 },
  { header: 'Ruas', key: 'section', width: 7 },
  { header: 'Item ASB', key: 'item', width: 40 },
  { header: 'Panjang (m)', key: 'long', width: 12, style: { numFmt: METRES } },
  { header: 'Lebar (m)', key: 'wide', width: 12, style: { numFmt: METRES } },
  { header: 'Harga Satuan', key: 'unitPrice', width: 18, style: { numFmt: RUPIAH_FORMAT } },
  { header: 'Biaya', key: 'cost', width: 20, style: { numFmt: RUPIAH_FORMAT } },
];

/** Every ASB item of a survey with its road number and cost (spec §9: length × width × unit price). */
function itemsOf(row: ExportRow) {
  return row.survey.roads.flatMap((road, index) =>
    road.items.map((item) => {
      const long = Number(item.long);
      const wide = Number(item.wide);
      return {
        section: index + 1,
        name: item.name,
        long,
        wide,
        unitPrice: item.unitPrice,
        cost: asbItemCost(long, wide, item.unitPrice),
      };
    }),
  );
}

function surveyRow(row: ExportRow, no: number, surveyDate: Date | null) {
  const { proposal, survey } = row;
  const items = itemsOf(row);
  return {
    no,
    id: proposal.id,
    surveyDate,
    type: PROPOSAL_TYPE_NAMES[proposal.proposalType],
    proposalDate: spreadsheetDay(proposal.proposalDate),
    proposer: text(proposal.proposerName),
    phone: text(proposal.phoneNumber),
    road: text(proposal.roadName),
    rt: proposal.rtNumber ?? '-',
    rw: proposal.rwNumber ?? '-',
    village: text(proposal.villageName),
    subdistrict: text(proposal.subdistrictName),
    district: text(proposal.districtName),
    address: text(proposal.address),
    consultant: text(proposal.consultantName),
    status: statusLabel(proposal.statusType),
    process: proposal.processType ? PROCESS_TYPE_NAMES[proposal.processType] : '-',
    workTypes: text(survey.roadTypes.map((type) => type.name).join(', ')),
    roadCondition: text(survey.roadCondition),
    canalExisting: text(survey.canalExisting),
    canalCondition: text(survey.canalCondition),
    damage: text(richTextToPlain(survey.damageIdentification)),
    suggestion: text(richTextToPlain(survey.suggestion)),
    items: text(
      items
        .map(
          (item) =>
            `Ruas ${item.section} - ${item.name}: ${item.long} m × ${item.wide} m × ${rupiahText(item.unitPrice)} = ${rupiahText(item.cost)}`,
        )
        .join('\n'),
    ),
    total: Math.round(items.reduce((sum, item) => sum + item.cost, 0) * 100) / 100,
    photos: photosCell(row),
  };
}

/**
 * The row's photo paths, linked to their folder: a cell holds one link, and the folder opens on all of them.
 * The link is relative to the workbook, so it leads to the photos in the 'all' zip once extracted, and in a
 * '.xlsx' saved beside an extracted 'foto' zip (the same Foto/ folders).
 */
function photosCell(row: ExportRow): ExcelJS.CellHyperlinkValue | null {
  const paths = photoPathsOf(row).map((entry) => entry.path);
  return paths.length ? { text: paths.join('\n'), hyperlink: relativeLink(photoFolderOf(row)) } : null;
}

function headerStyle(sheet: ExcelJS.Worksheet) {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
}

/**
 * Adds and commits rows whose cells share one style object per column. exceljs gives every cell a style
 * object of its own and turns each into XML to find its style id, unless it has seen that very object
 * before: sharing them took a third of the export's time.
 */
function rowWriter(sheet: ExcelJS.Worksheet, columns: Partial<ExcelJS.Column>[]) {
  sheet.columns = columns;
  headerStyle(sheet);
  const styles = columns.map((column) => ({ ...(column.style ?? {}) }) as Partial<ExcelJS.Style>);
  let lastRow = 1;
  return {
    add(values: Record<string, unknown>) {
      const row = sheet.addRow(values);
      lastRow = row.number;
      row.eachCell((cell, column) => {
        cell.style = styles[column - 1] ?? {};
      });
      row.commit();
    },
    /** Where written XML waits for the zip; the writer pauses when it grows (a slow zip or a slow client). */
    zipInput: () => zipInputOf(sheet),
    commit() {
      filterFromHeader(sheet, columns.length, lastRow);
      sheet.commit();
    },
  };
}

/**
 * 'Hasil Survey.xlsx' written as a stream: sheet 'Hasil Survey' with one row per surveyed
 * proposal, then sheet 'Item ASB' with one row per ASB item. Each sheet is a pass over `rows(part)` (the
 * database read in batches), committed row by row and paced (exportPacer), so the download starts at once,
 * memory stays flat and other requests are still answered meanwhile.
 */
export async function writeSurveyWorkbook(
  rows: (part: ExportPart) => AsyncIterable<ExportRow[]>,
  output: Writable,
  timeZone: string,
  /** True while other requests wait for the event loop: the writer then gives way (see exportPacer). */
  othersWaiting: () => boolean = () => false,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'e-Usulan Jalan';
  const pace = exportPacer(output, othersWaiting);
  const dayOf = spreadsheetDayIn(timeZone);

  const surveySheet = rowWriter(workbook.addWorksheet('Hasil Survey', FROZEN_HEADER), SURVEY_COLUMNS);
  let no = 0;
  for await (const batch of rows('surveys')) {
    for (const row of batch) {
      surveySheet.add(surveyRow(row, ++no, dayOf(row.survey.submittedAt)));
      await pace(surveySheet.zipInput());
    }
  }
  surveySheet.commit();

  const itemSheet = rowWriter(workbook.addWorksheet('Item ASB', FROZEN_HEADER), ITEM_COLUMNS);
  let itemNo = 0;
  for await (const batch of rows('items')) {
    for (const row of batch) {
      const surveyDate = dayOf(row.survey.submittedAt);
      for (const item of itemsOf(row)) {
        itemSheet.add({
          no: ++itemNo,
          id: row.proposal.id,
          surveyDate,
          proposer: text(row.proposal.proposerName),
          road: text(row.proposal.roadName),
          village: text(row.proposal.villageName),
          section: item.section,
          item: text(item.name),
          long: item.long,
          wide: item.wide,
          unitPrice: item.unitPrice,
          cost: item.cost,
        });
      }
      await pace(itemSheet.zipInput());
    }
  }
  itemSheet.commit();
  await workbook.commit();
}
