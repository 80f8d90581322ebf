import { describe, expect, it } from 'vitest';
import { exportQuery, INITIAL_FILTERS, proposalLayerQuery, workLayerQuery } from './api.ts';
import { choiceParam, dashboardQuery, isChosen, selectAllState, toggleAll, toggleOne } from './filters.ts';

const YEARS = [2026, 2025, 2024] as const;

describe('select-all of a checkbox group', () => {
  it('starts with every option ticked and select-all ticked', () => {
    expect(selectAllState(null, YEARS)).toEqual({ checked: true, indeterminate: false });
    expect(YEARS.every((year) => isChosen(null, year))).toBe(true);
  });

  it('clears itself when one option is unticked, and ticks itself when the last one is ticked again', () => {
    const without2025 = toggleOne(null, YEARS, 2025);
    expect(without2025).toEqual([2026, 2024]);
    expect(selectAllState(without2025, YEARS)).toEqual({ checked: false, indeterminate: true });
    const back = toggleOne(without2025, YEARS, 2025);
    expect(back).toBeNull();
    expect(selectAllState(back, YEARS).checked).toBe(true);
  });

  it('ticks itself when every option is chosen one by one', () => {
    let choice = toggleAll(null, YEARS);
    expect(choice).toEqual([]);
    expect(selectAllState(choice, YEARS)).toEqual({ checked: false, indeterminate: false });
    for (const year of YEARS) choice = toggleOne(choice, YEARS, year);
    expect(choice).toBeNull();
  });

  it('select-all chooses everything from a partial choice and nothing from a full one', () => {
    expect(toggleAll([2024], YEARS)).toBeNull();
    expect(toggleAll(null, YEARS)).toEqual([]);
    expect(toggleAll([2026, 2025, 2024], YEARS)).toEqual([]);
  });

  it('is neither ticked nor dashed without options', () => {
    expect(selectAllState(null, [])).toEqual({ checked: false, indeterminate: false });
  });
});

describe('dashboard queries', () => {
  it('leaves a group that is all out, sends chosen values repeated, and an empty choice as key=', () => {
    expect(choiceParam(null)).toBeUndefined();
    expect(dashboardQuery({ year: undefined })).toBe('');
    expect(dashboardQuery({ year: [2024, 2025] })).toBe('?year=2024&year=2025');
    expect(dashboardQuery({ year: [] })).toBe('?year=');
    // The map's layers always ask for the compact form (the server's default is the spec's shape).
    expect(proposalLayerQuery(INITIAL_FILTERS)).toBe('?format=encoded');
  });

  it('builds the layer and export queries from the same filters (spec §7 names)', () => {
    const filters = {
      proposalYears: [2025],
      workYears: [],
      workTypes: [3, 4],
      locations: ['Jalan Tunjungan', 'Jalan A, B'],
    };
    expect(workLayerQuery(filters)).toBe(
      '?year=&location=Jalan+Tunjungan&location=Jalan+A%2C+B&type_work=3&type_work=4&format=encoded',
    );
    expect(exportQuery('excel', filters)).toBe(
      '?type=excel&proposal_year=2025&completed_work_year=&completed_work_location=Jalan+Tunjungan' +
        '&completed_work_location=Jalan+A%2C+B&completed_work_type_work=3&completed_work_type_work=4',
    );
    expect(exportQuery('pdf', INITIAL_FILTERS)).toBe('?type=pdf');
  });
});
