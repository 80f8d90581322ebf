import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatRtRw,
  formatRupiah,
  maskPhoneNumber,
} from './format.ts';

describe('formatRupiah', () => {
  it('groups thousands with dots and prefixes Rp', () => {
    expect(formatRupiah(1250000)).toBe('Rp 1.250.000');
    expect(formatRupiah('2500.5', false)).toBe('2.500,5');
  });
  it('shows a dash for an empty value and 0 for zero', () => {
    expect(formatRupiah(null)).toBe('-');
    expect(formatRupiah('')).toBe('-');
    expect(formatRupiah(0)).toBe('Rp 0');
  });
});

describe('formatDate', () => {
  it('turns the wire date into DD-MM-YYYY', () => {
    expect(formatDate('2026-03-09')).toBe('09-03-2026');
    expect(formatDate(new Date(2026, 0, 5))).toBe('05-01-2026');
  });
  it('shows a dash for missing or unreadable input', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('bukan tanggal')).toBe('-');
  });
});

describe('formatDateTime', () => {
  it('shows an instant as DD-MM-YYYY HH:mm in local time', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 9, 5))).toBe('22-11-2026 09:05');
    expect(formatDateTime(new Date(2026, 10, 22, 9, 5).toISOString())).toBe('22-11-2026 09:05');
  });
  it('shows a dash for missing or unreadable input', () => {
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('kemarin')).toBe('-');
  });
});

describe('formatBytes', () => {
  it('uses base 1024 and two decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
  });
});

describe('formatRtRw', () => {
  it('shows a dash for an empty RT or RW', () => {
    expect(formatRtRw(null)).toBe('-');
    expect(formatRtRw('07')).toBe('07');
  });
});

describe('maskPhoneNumber', () => {
  it('keeps the first and last four digits of a mobile number of twelve or more', () => {
    expect(maskPhoneNumber('081234567890')).toBe('0812****7890');
    expect(maskPhoneNumber('+6281234567890')).toBe('+6281*****7890');
  });
  it('hides digits, not the brackets, spaces and dashes of a landline', () => {
    expect(maskPhoneNumber('(031) 8291234')).toBe('(031) 8****34');
    expect(maskPhoneNumber('0812-3456-7890')).toBe('0812-****-7890');
  });
  it('always hides at least four digits, keeping less of the end of a shorter number', () => {
    expect(maskPhoneNumber('0812345678')).toBe('0812****78');
    expect(maskPhoneNumber('081300000')).toBe('0813****0');
    expect(maskPhoneNumber('03155512')).toBe('0315****');
    expect(maskPhoneNumber('031555')).toBe('03****');
    expect(maskPhoneNumber('7')).toBe('*');
  });
});
