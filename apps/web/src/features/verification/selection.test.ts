import { describe, expect, it } from 'vitest';
import {
  chosenIds,
  isAllVisibleChecked,
  isRecentlyCreated,
  matchesSearch,
  precheckedIds,
  toggleAllVisible,
  toggleOne,
  type VerificationRow,
  visibleRows,
} from './selection.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

const row = (id: number, overrides: Partial<VerificationRow> = {}): VerificationRow => ({
  id,
  createdAt: ago(24 * 30),
  proposerName: `Pengusul ${id}`,
  phoneNumber: `08123456780${id}`,
  road: { id: 1, name: 'Jalan Tunjungan' },
  rtNumber: '03',
  rwNumber: '05',
  ...overrides,
});

describe('isRecentlyCreated (spec §9: created within the last 2 days)', () => {
  it('counts up to 48 hours back, and a time ahead of the clock', () => {
    expect(isRecentlyCreated(ago(0), NOW)).toBe(true);
    expect(isRecentlyCreated(ago(47.9), NOW)).toBe(true);
    expect(isRecentlyCreated(ago(48), NOW)).toBe(true);
    expect(isRecentlyCreated(ago(-1), NOW)).toBe(true);
  });

  it('leaves out older proposals and unreadable instants', () => {
    expect(isRecentlyCreated(ago(48.1), NOW)).toBe(false);
    expect(isRecentlyCreated(ago(24 * 39), NOW)).toBe(false);
    expect(isRecentlyCreated('bukan tanggal', NOW)).toBe(false);
  });
});

describe('precheckedIds', () => {
  it('checks the recently created proposals when the list loads', () => {
    const rows = [row(1, { createdAt: ago(2) }), row(2), row(3, { createdAt: ago(30) }), row(4)];
    expect([...precheckedIds(rows, NOW)]).toEqual([1, 3]);
  });
});

describe('matchesSearch (spec §5: proposer, phone, road, RT or RW, any case)', () => {
  const target = row(7, {
    proposerName: 'Dewi Lestari',
    phoneNumber: '081298765432',
    road: { id: 2, name: 'Jalan Darmo' },
    rtNumber: '11',
    rwNumber: '04',
  });

  it('matches each searchable field, ignoring case and surrounding spaces', () => {
    expect(matchesSearch(target, 'dewi')).toBe(true);
    expect(matchesSearch(target, '  LESTARI ')).toBe(true);
    expect(matchesSearch(target, '98765')).toBe(true);
    expect(matchesSearch(target, 'jalan DARMO')).toBe(true);
    expect(matchesSearch(target, '11')).toBe(true);
    expect(matchesSearch(target, '04')).toBe(true);
  });

  it('matches everything for an empty search and nothing for other text', () => {
    expect(matchesSearch(target, '')).toBe(true);
    expect(matchesSearch(target, '   ')).toBe(true);
    expect(matchesSearch(target, 'tunjungan')).toBe(false);
    expect(matchesSearch(target, '99')).toBe(false);
  });

  it('copes with a proposal without road, RT or RW (a dash is not searchable)', () => {
    const bare = row(8, { road: null, rtNumber: '-', rwNumber: '-' });
    expect(matchesSearch(bare, '-')).toBe(false);
    expect(matchesSearch(bare, 'pengusul 8')).toBe(true);
  });
});

describe('visibleRows (spec §4)', () => {
  const rows = [row(1), row(2), row(3), row(4, { proposerName: 'Budi Wijaya' })];
  const checked = new Set([1, 4]);

  it('shows only checked proposals by default', () => {
    expect(visibleRows(rows, checked, { showUnchecked: false, search: '' }).map((r) => r.id)).toEqual([1, 4]);
  });

  it("shows only unchecked ones with 'Tampilkan usulan tidak di survey' ticked", () => {
    expect(visibleRows(rows, checked, { showUnchecked: true, search: '' }).map((r) => r.id)).toEqual([2, 3]);
  });

  it('narrows either view by the search', () => {
    expect(visibleRows(rows, checked, { showUnchecked: false, search: 'budi' }).map((r) => r.id)).toEqual([
      4,
    ]);
    expect(visibleRows(rows, checked, { showUnchecked: true, search: 'budi' })).toEqual([]);
  });
});

describe('select-all', () => {
  const rows = [row(1), row(2), row(3)];

  it('is on only when the visible list is non-empty and every visible row is checked', () => {
    expect(isAllVisibleChecked([], new Set())).toBe(false);
    expect(isAllVisibleChecked(rows, new Set([1, 2, 3]))).toBe(true);
    expect(isAllVisibleChecked(rows, new Set([1, 3]))).toBe(false);
    expect(isAllVisibleChecked(rows.slice(0, 2), new Set([1, 2]))).toBe(true);
  });

  it('checks every visible row when not all are, and touches no hidden row', () => {
    const next = toggleAllVisible(new Set([1, 9]), rows.slice(0, 2));
    expect([...next].sort()).toEqual([1, 2, 9]);
  });

  it('unchecks every visible row when all are checked, keeping hidden ones', () => {
    const next = toggleAllVisible(new Set([1, 2, 9]), rows.slice(0, 2));
    expect([...next]).toEqual([9]);
  });

  it('does not change the set it was given', () => {
    const before = new Set([1]);
    toggleAllVisible(before, rows);
    toggleOne(before, 2, true);
    expect([...before]).toEqual([1]);
  });
});

describe('toggleOne and chosenIds', () => {
  it('checks and unchecks one row', () => {
    expect([...toggleOne(new Set([1]), 2, true)]).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 1, false)]).toEqual([2]);
  });

  it('sends every checked proposal of the list in list order, ignoring ids no longer listed', () => {
    const rows = [row(5), row(3), row(8)];
    expect(chosenIds(rows, new Set([8, 5, 42]))).toEqual([5, 8]);
    expect(chosenIds(rows, new Set())).toEqual([]);
  });
});
