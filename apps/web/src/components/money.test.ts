import { formatRupiah } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import {
  clampPrecision,
  formatMoney,
  hasUnwantedFraction,
  isNumberKey,
  MONEY_DEFAULTS,
  moneyOptions,
  onlyDigits,
  parseMoney,
  RUPIAH_INPUT,
} from './money.ts';

describe('money input options (spec §5)', () => {
  it('defaults to precision 2, thousands comma, decimal point, negatives and rounding on, no limits', () => {
    expect(MONEY_DEFAULTS).toMatchObject({
      precision: 2,
      thousands: ',',
      decimal: '.',
      allowNegative: true,
      shouldRound: true,
      min: null,
      max: null,
      allowBlank: false,
    });
  });

  it.each([
    ['decimal', '1'],
    ['thousands', '+'],
    ['prefix', 'Rp1'],
    ['suffix', '-'],
  ])('rejects a %s containing digits or plus/minus signs (%s)', (name, value) => {
    expect(() => moneyOptions({ [name]: value })).toThrow(TypeError);
  });

  it('clamps the precision to 0..1000', () => {
    expect(clampPrecision(-3)).toBe(0);
    expect(clampPrecision(5000)).toBe(1000);
    expect(clampPrecision(3)).toBe(3);
    expect(moneyOptions({ precision: 2000 }).precision).toBe(1000);
  });
});

describe('formatMoney', () => {
  it('formats numbers with the defaults', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-1500)).toBe('-1,500.00');
  });

  it('rounds by default and cuts when rounding is off', () => {
    expect(formatMoney(1.005 + 0.001)).toBe('1.01');
    expect(formatMoney(2.999, { shouldRound: false })).toBe('2.99');
    expect(formatMoney(12.7, { precision: 0 })).toBe('13');
    expect(formatMoney('12.7', { precision: 0 })).toBe('13');
  });

  it('keeps only the digits of typed text; the last digits are the fraction', () => {
    expect(formatMoney('12345')).toBe('123.45');
    expect(formatMoney('1a2b3')).toBe('1.23');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatMoney('1,234.567')).toBe('12,345.67');
    expect(onlyDigits('Rp 1.500,-')).toBe('1500');
    expect(onlyDigits('')).toBe('0');
  });

  it('keeps a minus sign only when negatives are allowed', () => {
    expect(formatMoney('-12345')).toBe('-123.45');
    expect(formatMoney('-')).toBe('-');
    expect(formatMoney('-12345', { allowNegative: false })).toBe('123.45');
  });

  it('clamps to min and max', () => {
    expect(formatMoney(150, { max: 100 })).toBe('100.00');
    expect(formatMoney(-50, { min: 0 })).toBe('0.00');
    expect(formatMoney('99999', { precision: 0, max: 5000 })).toBe('5,000');
    expect(formatMoney('-9', { precision: 0, min: -5 })).toBe('-5');
  });

  it('yields empty for blank or zero only with allow-blank', () => {
    expect(formatMoney(null, { allowBlank: true })).toBe('');
    expect(formatMoney('', { allowBlank: true })).toBe('');
    expect(formatMoney(0, { allowBlank: true })).toBe('');
    expect(formatMoney('000', { allowBlank: true })).toBe('');
    expect(formatMoney(null)).toBe('0.00');
  });

  it('formats the ASB price in Rupiah: Rp prefix, dot thousands, precision 0, no negatives', () => {
    expect(formatMoney(1500000, RUPIAH_INPUT)).toBe('Rp 1.500.000');
    expect(formatMoney('Rp 1.500.0007', RUPIAH_INPUT)).toBe('Rp 15.000.007');
    expect(formatMoney('-2500', RUPIAH_INPUT)).toBe('Rp 2.500');
    expect(formatMoney('Rp 1.50', RUPIAH_INPUT)).toBe('Rp 150');
  });

  it('adds prefix and suffix and uses the decimal separator', () => {
    expect(formatMoney(1234.5, { prefix: '$ ', suffix: ' USD', thousands: '.', decimal: ',' })).toBe(
      '$ 1.234,50 USD',
    );
  });
});

describe('parseMoney', () => {
  it('reads the number a shown text stands for', () => {
    expect(parseMoney('1,234.56')).toBe(1234.56);
    expect(parseMoney('-1,234.56')).toBe(-1234.56);
    expect(parseMoney('Rp 1.500.000', RUPIAH_INPUT)).toBe(1500000);
    expect(parseMoney('$ 1.234,50 USD', { prefix: '$ ', suffix: ' USD', thousands: '.', decimal: ',' })).toBe(
      1234.5,
    );
  });

  it('gives null for blank with allow-blank, else 0', () => {
    expect(parseMoney('', { allowBlank: true })).toBeNull();
    expect(parseMoney('')).toBe(0);
    expect(parseMoney('-')).toBe(0);
  });

  it('round-trips what formatMoney shows', () => {
    for (const value of [0, 1, 12.5, 999.99, 1234567.89, -42.1]) {
      expect(parseMoney(formatMoney(value))).toBeCloseTo(value, 2);
    }
  });
});

describe('number keys and Rupiah display', () => {
  it('accepts only digit keys or Backspace', () => {
    for (const key of ['0', '5', '9', 'Backspace']) expect(isNumberKey(key)).toBe(true);
    for (const key of ['a', '-', '+', '.', ',', 'Enter', 'Tab', '10']) expect(isNumberKey(key)).toBe(false);
  });

  it('shows Rupiah with id-ID grouping, up to 5 fraction digits, and a dash when empty', () => {
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000');
    expect(formatRupiah('2500.123456')).toBe('Rp 2.500,12346');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(null)).toBe('-');
    expect(formatRupiah('')).toBe('-');
  });
});

describe('a fraction in a field without decimals (a 100x amount otherwise)', () => {
  it.each([
    ['125000,75', true],
    ['Rp 125.000,7', true],
    ['125.000', false],
    ['125000', false],
    ['125000,', false],
  ])('%s in a Rupiah field: %s', (text, expected) => {
    expect(hasUnwantedFraction(text, RUPIAH_INPUT)).toBe(expected);
  });

  it('is no concern where decimals are allowed', () => {
    expect(hasUnwantedFraction('125000.75', MONEY_DEFAULTS)).toBe(false);
  });
});
