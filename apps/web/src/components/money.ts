/**
 * The money input rules of spec §5, as pure functions so they can be tested without a DOM:
 * - decimal, thousands, prefix and suffix may not contain digits or plus/minus signs (rejected);
 * - defaults: precision 2, thousands ',', decimal '.', negatives allowed, rounding on, no min/max;
 * - precision is clamped to 0..1000; values outside min/max are clamped;
 * - typed text keeps only its digits (the last `precision` digits are the fraction);
 * - with allowBlank an empty value, or zero, shows as empty.
 */
export interface MoneyOptions {
  prefix: string;
  suffix: string;
  thousands: string;
  decimal: string;
  precision: number;
  allowNegative: boolean;
  shouldRound: boolean;
  min: number | null;
  max: number | null;
  allowBlank: boolean;
}

export const MONEY_DEFAULTS: MoneyOptions = {
  prefix: '',
  suffix: '',
  thousands: ',',
  decimal: '.',
  precision: 2,
  allowNegative: true,
  shouldRound: true,
  min: null,
  max: null,
  allowBlank: false,
};

/** Spec §9: ASB prices in Rupiah, 'Rp' prefix, dot thousands, comma decimal, precision 0, no negatives. */
export const RUPIAH_INPUT: Partial<MoneyOptions> = {
  prefix: 'Rp ',
  thousands: '.',
  decimal: ',',
  precision: 0,
  allowNegative: false,
};

const RESTRICTED = /[\d+-]/;
const TEXT_OPTIONS = ['decimal', 'thousands', 'prefix', 'suffix'] as const;

export const clampPrecision = (precision: number): number =>
  Math.max(0, Math.min(Number.isFinite(precision) ? Math.trunc(precision) : 0, 1000));

/** The full options; throws when a text option contains a digit or a plus/minus sign. */
export function moneyOptions(overrides: Partial<MoneyOptions> = {}): MoneyOptions {
  const options = { ...MONEY_DEFAULTS, ...overrides };
  for (const name of TEXT_OPTIONS) {
    if (RESTRICTED.test(options[name])) {
      throw new TypeError(`Money input option "${name}" may not contain digits or + / - signs.`);
    }
  }
  return { ...options, precision: clampPrecision(options.precision) };
}

/** Only the digits of a text; '0' when there are none. */
export const onlyDigits = (text: string): string => text.replace(/\D+/g, '') || '0';

/** A plain decimal string ('-1234.50') of a number, rounded or cut to `precision` digits. */
function numberToPlain(value: number, precision: number, shouldRound: boolean): string {
  const sign = value < 0 ? '-' : '';
  // toFixed handles up to 100 digits; a double has no meaningful digits beyond that anyway.
  const digits = Math.min(precision, 100);
  let text: string;
  if (shouldRound) {
    text = Math.abs(value).toFixed(digits);
  } else {
    const [integer = '0', fraction = ''] = Math.abs(value)
      .toFixed(Math.min(digits + 6, 100))
      .split('.');
    text = digits === 0 ? integer : `${integer}.${fraction.slice(0, digits)}`;
  }
  return `${sign}${text}${'0'.repeat(precision - digits)}`;
}

/** Digits with the last `precision` of them as the fraction: ('12345', 2) -> { integer '123', fraction '45' }. */
function splitDigits(digits: string, precision: number) {
  const padded = digits.padStart(precision + 1, '0');
  const integer = padded.slice(0, padded.length - precision).replace(/^0+(?=\d)/, '');
  const fraction = precision === 0 ? '' : padded.slice(-precision);
  return { integer, fraction };
}

const groupThousands = (integer: string, separator: string) =>
  integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

function clampToLimits(value: number, options: MoneyOptions): number {
  if (options.max !== null && value > options.max) return options.max;
  if (options.min !== null && value < options.min) return options.min;
  return value;
}

/**
 * The text the input shows for a value: a number (from the form) or what was typed. Typed text keeps only
 * its digits, so '1.234,5' typed with precision 2 becomes '123.45' in the default format.
 */
export function formatMoney(
  input: number | string | null | undefined,
  overrides: Partial<MoneyOptions> = {},
): string {
  const options = moneyOptions(overrides);
  const { precision } = options;
  if ((input === null || input === undefined || input === '') && options.allowBlank) return '';
  let text: string;
  if (typeof input === 'number') {
    text = Number.isFinite(input) ? numberToPlain(input, precision, options.shouldRound) : '0';
  } else {
    text = input ?? '';
    // A lone minus is someone starting to type a negative amount.
    if (options.allowNegative && text.trim() === '-') return '-';
    // Without decimals a plain fraction ('12.7') is rounded, unless '.' is the thousands separator.
    if (precision === 0 && options.thousands !== '.' && /^-?\d+\.\d+$/.test(text.trim())) {
      text = numberToPlain(Number(text), 0, options.shouldRound);
    }
  }
  const isNegative = options.allowNegative && text.includes('-');
  const withoutAffixes = text.replace(options.prefix, '').replace(options.suffix, '');
  let { integer, fraction } = splitDigits(onlyDigits(withoutAffixes), precision);

  const numeric = Number(`${isNegative ? '-' : ''}${integer}.${fraction || '0'}`);
  const clamped = clampToLimits(numeric, options);
  if (clamped !== numeric) {
    ({ integer, fraction } = splitDigits(
      onlyDigits(numberToPlain(clamped, precision, options.shouldRound)),
      precision,
    ));
  }
  const isZero = /^0*$/.test(integer) && /^0*$/.test(fraction);
  if (isZero && options.allowBlank) return '';
  const sign = (clamped !== numeric ? clamped < 0 : isNegative) && !isZero ? '-' : '';
  const body = fraction
    ? `${groupThousands(integer, options.thousands)}${options.decimal}${fraction}`
    : groupThousands(integer, options.thousands);
  return `${options.prefix}${sign}${body}${options.suffix}`;
}

/** The number a shown text stands for; null when it is blank (allowBlank) or only a minus sign. */
export function parseMoney(text: string, overrides: Partial<MoneyOptions> = {}): number | null {
  const options = moneyOptions(overrides);
  if (text.trim() === '' || text.trim() === '-') return options.allowBlank ? null : 0;
  const isNegative = options.allowNegative && text.includes('-');
  const { integer, fraction } = splitDigits(
    onlyDigits(text.replace(options.prefix, '').replace(options.suffix, '')),
    options.precision,
  );
  const value = Number(`${integer}.${fraction || '0'}`);
  return isNegative && value !== 0 ? -value : value;
}

/** The number-key check: only digit keys and Backspace count as number keys. */
export const isNumberKey = (key: string): boolean => /^\d$/.test(key) || key === 'Backspace';

/**
 * Whether a text carries a fraction a field without decimals would silently fold into its digits
 * ('125000,75' would become 12.500.075): the decimal sign followed by a digit.
 */
export function hasUnwantedFraction(text: string, overrides: Partial<MoneyOptions> = {}): boolean {
  const options = moneyOptions(overrides);
  if (options.precision > 0 || options.decimal === '' || options.decimal === options.thousands) return false;
  const at = text.indexOf(options.decimal);
  return at >= 0 && /\d/.test(text.slice(at + options.decimal.length, at + options.decimal.length + 1));
}

/** Said under a field without decimals when its decimal sign is typed or a fraction pasted. */
export const noDecimalsHint = (decimal: string) =>
  `Tanpa desimal: tanda "${decimal}" tidak dipakai di sini. Ketik angka bulat, misalnya 125000.`;
