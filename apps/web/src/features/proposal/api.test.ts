import { describe, expect, it } from 'vitest';
import { INITIAL_TABLE_STATE } from '../../components/data-table/table-state.ts';
import { importErrorsOf, placeHistoryQuery, proposalListQuery } from './api.ts';

describe('proposal list queries (spec §7)', () => {
  it('asks the main list for one type with isHistory=0; years only when set', () => {
    expect(proposalListQuery({ proposalType: 'pokir' }, INITIAL_TABLE_STATE)).toEqual({
      page: 1,
      limit: 10,
      search: '',
      sort_by: 'id',
      order_by: 'desc',
      proposalType: 'pokir',
      isHistory: 0,
      startYear: undefined,
      endYear: undefined,
    });
    expect(
      proposalListQuery({ proposalType: 'taruna', startYear: 2024, endYear: 2026 }, INITIAL_TABLE_STATE),
    ).toMatchObject({ startYear: 2024, endYear: 2026 });
  });

  it('asks the place history with isHistory=1, the place and every excluded id', () => {
    expect(
      placeHistoryQuery(
        { villageId: 12, roadId: 4, rtNumber: '03', rwNumber: '05' },
        [41, 42],
        INITIAL_TABLE_STATE,
      ),
    ).toMatchObject({
      isHistory: 1,
      villageId: 12,
      roadId: 4,
      rtNumber: '03',
      rwNumber: '05',
      excludeId: [41, 42],
    });
    const withoutPlaceDetails = placeHistoryQuery(
      { villageId: 12, rtNumber: '-', rwNumber: '-' },
      [],
      INITIAL_TABLE_STATE,
    );
    expect(withoutPlaceDetails.roadId).toBeUndefined();
    expect(withoutPlaceDetails.rtNumber).toBeUndefined();
    expect(withoutPlaceDetails.rwNumber).toBeUndefined();
  });
});

describe('importErrorsOf', () => {
  const failed = (result: unknown) => ({ status: 'failed' as const, result });

  it("reads a failed job's result.errorList (the old 400's data.errorList)", () => {
    const rows = [{ excelRow: 3, errors: ['Nama Pengusul (B3): Nama pengusul tidak boleh kosong!'] }];
    expect(importErrorsOf(failed({ errorList: rows }))).toEqual(rows);
  });

  it('is null for a job that failed otherwise, or did not fail', () => {
    expect(importErrorsOf(failed(null))).toBeNull();
    expect(importErrorsOf(failed({ errorList: 'x' }))).toBeNull();
    expect(importErrorsOf({ status: 'done', result: { errorList: [] } })).toBeNull();
  });
});
