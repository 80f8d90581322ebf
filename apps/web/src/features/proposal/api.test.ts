import { describe, expect, it } from 'vitest';
import { INITIAL_TABLE_STATE } from '../../components/data-table/table-state.ts';
import { ApiError } from '../../lib/http.ts';
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
  const envelope = (data: unknown) => ({ status: { code: 400, message: 'Import gagal' }, data });

  it('reads data.errorList of a 400', () => {
    const rows = [{ excelRow: 3, errors: ['Nama Pengusul (B3): Nama pengusul tidak boleh kosong!'] }];
    expect(importErrorsOf(new ApiError(400, envelope({ errorList: rows })))).toEqual(rows);
  });

  it('is null for any other failure, which the common handler takes', () => {
    expect(importErrorsOf(new ApiError(400, envelope(null)))).toBeNull();
    expect(importErrorsOf(new ApiError(422, envelope({ errorList: [] })))).toBeNull();
    expect(importErrorsOf(new ApiError(null, null))).toBeNull();
    expect(importErrorsOf(new Error('x'))).toBeNull();
  });
});
