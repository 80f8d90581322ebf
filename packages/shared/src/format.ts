/** Formatters of spec §9, shared so the web, the print report and exports agree. */

const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * id-ID number formatting with at most `maximumFractionDigits` decimals ('1.234,5'). Each formatter is made
 * on first use and kept: making one is costly (lists and exports format thousands of amounts), and the
 * first one of a page loads the locale's data (70 ms of a list page's first render on a slow machine), which
 * a page that only formats dates should not pay.
 */
export function idNumberFormat(maximumFractionDigits: number): Intl.NumberFormat {
  let format = numberFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('id-ID', { maximumFractionDigits });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format;
}

/** Rupiah for display: id-ID grouping, up to 5 fraction digits; '-' when there is no value. */
export function formatRupiah(value: number | string | null | undefined, withPrefix = true): string {
  if (value === null || value === undefined || value === '') return '-';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return '-';
  const text = idNumberFormat(5).format(amount);
  return withPrefix ? `Rp ${text}` : text;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' or an ISO instant -> 'DD-MM-YYYY'; '-' when empty or unreadable. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  if (typeof value === 'string') {
    const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (ymd) return `${ymd[3]}-${ymd[2]}-${ymd[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${pad2(date.getDate())}-${pad2(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** An instant as 'DD-MM-YYYY HH:mm' in the viewer's time zone; '-' when empty or unreadable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${formatDate(date)} ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Bytes with base 1024 and 2 decimals: 1536 -> '1.5 KB'. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!bytes || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const scaled = bytes / 1024 ** exponent;
  return `${Number.parseFloat(scaled.toFixed(decimals))} ${BYTE_UNITS[exponent]}`;
}

/** RT/RW numbers are two-digit strings 00-99, shown as a dash when empty. */
export function formatRtRw(value: string | null | undefined): string {
  return value ? value : '-';
}

/**
 * A phone number with its middle hidden, for readers who may see a proposal but not reach its proposer
 * (UU 27/2022 on personal data): '0812****7890'. At least four digits stay hidden, so a number is never one
 * short guess away; a mobile number of twelve or more keeps its first and last four, which lets the office
 * tell two callers apart, and shorter ones keep less of the end.
 */
export function maskPhoneNumber(value: string): string {
  const phone = value.trim();
  // Digits are counted and hidden, not characters: '(031) 8291234' keeps its brackets and space.
  const digits = phone.replace(/\D/g, '').length;
  const hidden = Math.min(digits, Math.max(4, digits - 8));
  const head = Math.min(4, digits - hidden);
  let seen = 0;
  return phone.replace(/\d/g, (digit) => {
    seen += 1;
    return seen > head && seen <= head + hidden ? '*' : digit;
  });
}
