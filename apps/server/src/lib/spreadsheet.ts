import type ExcelJS from 'exceljs';

/** The exports' day cells show the app's DD-MM-YYYY whatever the reader's locale. */
export const DAY_FORMAT = 'dd-mm-yyyy';
/** Whole Rupiah: the spreadsheet program puts in its locale's thousands separator (1.250.000 in Indonesian). */
export const RUPIAH_FORMAT = '"Rp" #,##0';

/**
 * A calendar day ('YYYY-MM-DD') as the Date that exceljs writes as that day's serial number. A spreadsheet day
 * has no time zone and exceljs counts from UTC, so the day is midnight UTC: any other hour could show the day
 * before or after.
 */
export function spreadsheetDay(isoDate: string): Date | null {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return ymd ? new Date(Date.UTC(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3]))) : null;
}

/**
 * The day an instant falls on in the office's time zone, as a spreadsheet day. One formatter per export:
 * building an Intl.DateTimeFormat per call cost seconds over 100,000 rows.
 */
export function spreadsheetDayIn(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (instant: Date | string | null): Date | null => {
    if (!instant) return null;
    const parts = Object.fromEntries(
      format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
    );
    return spreadsheetDay(`${parts.year}-${parts.month}-${parts.day}`);
  };
}

/** The header row stays in view while scrolling (a streamed sheet takes its views when it is added). */
export const FROZEN_HEADER: Partial<ExcelJS.AddWorksheetOptions> = {
  views: [{ state: 'frozen', ySplit: 1 }],
};

/**
 * Filter buttons on the header row over every written row, so a sort or a filter takes the whole table. Set
 * before the sheet is committed: a streamed sheet writes its filter after its rows, so the last row is known.
 */
export function filterFromHeader(sheet: ExcelJS.Worksheet, columnCount: number, lastRow: number) {
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(lastRow, 1), column: columnCount } };
}

/** The colour and underline Excel gives a link: exceljs writes a link with no look of its own. */
export const LINK_STYLE: Partial<ExcelJS.Style> = { font: { color: { argb: 'FF0563C1' }, underline: true } };

/**
 * A link from the workbook to a path beside it ('Foto/12 - Budi/...'): relative, so it holds wherever the zip is
 * extracted, and each segment percent-encoded, as a link target is a URI (a '#' would start a cell reference,
 * a '%' an escape).
 */
export function relativeLink(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
