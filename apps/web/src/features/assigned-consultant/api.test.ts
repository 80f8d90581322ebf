import { describe, expect, it } from 'vitest';
import { INITIAL_TABLE_STATE } from '../../components/data-table/table-state.ts';
import { ASSIGNED_CONSULTANT_SORT_OPTIONS, choiceOfSort, sortOfChoice } from './api.ts';

describe('Tugas Survey sort choices (spec §2, §7)', () => {
  it('maps each choice to sort_by and order_by', () => {
    expect(ASSIGNED_CONSULTANT_SORT_OPTIONS.map(({ label }) => label)).toEqual([
      'Tugas Aktif Paling Sedikit',
      'Tugas Aktif Paling Banyak',
      'Alphabet A-Z',
      'Alphabet Z-A',
    ]);
    expect(sortOfChoice('fewest')).toEqual({ sortBy: 'total_proposals', orderBy: 'asc' });
    expect(sortOfChoice('most')).toEqual({ sortBy: 'total_proposals', orderBy: 'desc' });
    expect(sortOfChoice('name-asc')).toEqual({ sortBy: 'name', orderBy: 'asc' });
    expect(sortOfChoice('name-desc')).toEqual({ sortBy: 'name', orderBy: 'desc' });
  });

  it('reads the choice back from a table state; fewest tasks first otherwise', () => {
    for (const option of ASSIGNED_CONSULTANT_SORT_OPTIONS) {
      expect(choiceOfSort(sortOfChoice(option.value))).toBe(option.value);
    }
    expect(choiceOfSort(INITIAL_TABLE_STATE)).toBe('fewest');
  });
});
