import { describe, expect, it } from 'vitest';
import {
  INITIAL_TABLE_STATE,
  lastPageOf,
  listQuery,
  pageWindow,
  rowNumber,
  type TableState,
  tableReducer,
} from './table-state.ts';

const on = (overrides: Partial<TableState>): TableState => ({ ...INITIAL_TABLE_STATE, ...overrides });

describe('table state (spec §4 data-table rules)', () => {
  it('starts on page 1, 10 rows, id descending', () => {
    expect(INITIAL_TABLE_STATE).toEqual({ page: 1, pageSize: 10, search: '', sortBy: 'id', orderBy: 'desc' });
  });

  it('sorts a column that is not the current one ascending and goes back to page 1', () => {
    const next = tableReducer(on({ page: 3, sortBy: 'id', orderBy: 'desc' }), {
      type: 'sort',
      column: 'name',
      isLoading: false,
    });
    expect(next).toMatchObject({ sortBy: 'name', orderBy: 'asc', page: 1 });
  });

  it('toggles the current column between ascending and descending', () => {
    const asc = on({ sortBy: 'name', orderBy: 'asc', page: 2 });
    const desc = tableReducer(asc, { type: 'sort', column: 'name', isLoading: false });
    expect(desc).toMatchObject({ sortBy: 'name', orderBy: 'desc', page: 1 });
    expect(tableReducer(desc, { type: 'sort', column: 'name', isLoading: false }).orderBy).toBe('asc');
    // The default id descending toggles to ascending.
    expect(tableReducer(INITIAL_TABLE_STATE, { type: 'sort', column: 'id', isLoading: false }).orderBy).toBe(
      'asc',
    );
  });

  it('ignores sorting while loading', () => {
    const state = on({ page: 4, sortBy: 'name', orderBy: 'asc' });
    expect(tableReducer(state, { type: 'sort', column: 'name', isLoading: true })).toBe(state);
    expect(tableReducer(state, { type: 'sort', column: 'isActive', isLoading: true })).toBe(state);
  });

  it('goes back to page 1 when the page size or the search changes', () => {
    expect(tableReducer(on({ page: 5 }), { type: 'page-size', pageSize: 50 })).toMatchObject({
      pageSize: 50,
      page: 1,
    });
    expect(tableReducer(on({ page: 5 }), { type: 'search', search: 'mawar' })).toMatchObject({
      search: 'mawar',
      page: 1,
    });
  });

  it('keeps the page when the search did not change, and refuses page sizes outside 10/25/50/100', () => {
    const state = on({ page: 5, search: 'mawar' });
    expect(tableReducer(state, { type: 'search', search: 'mawar' })).toBe(state);
    expect(tableReducer(state, { type: 'page-size', pageSize: 7 }).pageSize).toBe(10);
  });

  it('moves between pages and back to the first after an add', () => {
    expect(tableReducer(INITIAL_TABLE_STATE, { type: 'page', page: 3 }).page).toBe(3);
    expect(tableReducer(on({ page: 3 }), { type: 'first-page' }).page).toBe(1);
    expect(tableReducer(on({ page: 3 }), { type: 'page', page: 0 }).page).toBe(3);
  });

  it('sets a sort chosen outright and goes back to page 1; the same sort changes nothing', () => {
    const state = on({ page: 4, sortBy: 'total_proposals', orderBy: 'asc' });
    expect(tableReducer(state, { type: 'set-sort', sortBy: 'name', orderBy: 'desc' })).toMatchObject({
      sortBy: 'name',
      orderBy: 'desc',
      page: 1,
    });
    expect(tableReducer(state, { type: 'set-sort', sortBy: 'total_proposals', orderBy: 'asc' })).toBe(state);
  });
});

describe('row numbers and the pager', () => {
  it('numbers rows as index + page size * (page - 1) + 1', () => {
    expect(rowNumber(0, 10, 1)).toBe(1);
    expect(rowNumber(9, 10, 1)).toBe(10);
    expect(rowNumber(0, 10, 3)).toBe(21);
    expect(rowNumber(4, 25, 2)).toBe(30);
    expect(rowNumber(99, 100, 4)).toBe(400);
  });

  it('counts the last page, at least 1', () => {
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
    expect(lastPageOf(1001, 100)).toBe(11);
  });

  it('shows a window of 5 page buttons around the current page, shifted at the ends', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('builds the list query, with perPage for the user list', () => {
    const state = on({ page: 2, pageSize: 25, search: 'x', sortBy: 'name', orderBy: 'asc' });
    expect(listQuery(state)).toEqual({ page: 2, limit: 25, search: 'x', sort_by: 'name', order_by: 'asc' });
    expect(listQuery(state, 'perPage')).toEqual({
      page: 2,
      perPage: 25,
      search: 'x',
      sort_by: 'name',
      order_by: 'asc',
    });
  });
});
