import { describe, expect, it } from 'vitest';
import { allDistrictsState } from './all-districts.ts';

const NORTH = { id: 1, name: 'Rayon Utara' };
const SOUTH = { id: 2, name: 'Rayon Selatan' };

describe('allDistrictsState', () => {
  it('is empty before anything is chosen', () => {
    expect(allDistrictsState([], null)).toEqual({ checked: false, indeterminate: false });
    expect(allDistrictsState([], [NORTH, SOUTH])).toEqual({ checked: false, indeterminate: false });
  });

  it('is half ticked while only some Rayon are chosen, or before the full list is known', () => {
    expect(allDistrictsState([NORTH], [NORTH, SOUTH])).toEqual({ checked: false, indeterminate: true });
    expect(allDistrictsState([NORTH], null)).toEqual({ checked: false, indeterminate: true });
  });

  it('is ticked when every Rayon is chosen, in any order', () => {
    expect(allDistrictsState([SOUTH, NORTH], [NORTH, SOUTH])).toEqual({
      checked: true,
      indeterminate: false,
    });
  });

  it('is not ticked for an empty list of Rayon', () => {
    expect(allDistrictsState([], [])).toEqual({ checked: false, indeterminate: false });
  });
});
