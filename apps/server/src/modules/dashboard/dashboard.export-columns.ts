import { formatDate, PROCESS_TYPE_NAMES, PROPOSAL_TYPE_NAMES, statusLabel } from '@eusulan/shared';
import { calendarDayIn } from '../../lib/calendar-day.ts';
import { DAY_FORMAT, RUPIAH_FORMAT, spreadsheetDay, spreadsheetDayIn } from '../../lib/spreadsheet.ts';
import type { MapPictureLayer } from './dashboard.map-picture.ts';
import type { CompletedWorkExportRow, ProposalExportRow } from './dashboard.queries.ts';

/**
 * What both files show: the rows, whether nominal values may be shown, and the filters as words; the PDF
 * also the office's letterhead and the filtered lines as a map picture.
 */
export interface DashboardExport {
  proposals: ProposalExportRow[];
  completedWorks: CompletedWorkExportRow[];
  /** False for umum (spec §6): the nominal columns are left out, not blanked. */
  showNominal: boolean;
  /** [label, value] lines describing the current filters. */
  filters: [string, string][];
  generatedAt: Date;
  timeZone: string;
  /** The letterhead's lines, top to bottom (config LETTERHEAD). */
  letterhead: string[];
  /** The map picture's layers, drawn in order: completed works by type, then the proposals on top. */
  map: MapPictureLayer[];
}

export const RUPIAH_NUMBER = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const METRE_NUMBER = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
export const rupiah = (value: number | string | null) =>
  value === null || value === '' ? '-' : `Rp ${RUPIAH_NUMBER.format(Number(value))}`;
const metres = (value: number | string | null) =>
  value === null || value === '' ? '-' : `${METRE_NUMBER.format(Number(value))} m`;
const numberOrNull = (value: number | string | null) =>
  value === null || value === '' ? null : Number(value);
/** Text as typed: an xlsx string cell is data, never a formula (see the survey export's `text`). */
const text = (value: string | null | undefined) => value || null;
const rtRw = (rt: string | null, rw: string | null) => `${rt ?? '-'}/${rw ?? '-'}`;

export function dayOf(instant: Date | string | null, timeZone: string) {
  if (!instant) return '';
  return formatDate(calendarDayIn(timeZone, instant instanceof Date ? instant : new Date(instant)));
}

export interface Column<TRow> {
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

export function proposalColumns(timeZone: string): Column<ProposalExportRow>[] {
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

export const completedWorkColumns: Column<CompletedWorkExportRow>[] = [
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

export const visible = <T>(columns: Column<T>[], showNominal: boolean) =>
  columns.filter((column) => showNominal || !column.nominal);
