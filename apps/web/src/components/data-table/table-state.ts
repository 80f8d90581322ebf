import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@eusulan/shared';

export type SortOrder = 'asc' | 'desc';

/** What a paged list asks the server for (spec §7 page, limit, search, sort_by, order_by). */
export interface TableState {
  page: number;
  pageSize: number;
  search: string;
  sortBy: string;
  orderBy: SortOrder;
}

/** Spec §9: page 1, 10 rows, sorted by id descending. */
export const INITIAL_TABLE_STATE: TableState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  sortBy: 'id',
  orderBy: 'desc',
};

export type TableAction =
  | { type: 'sort'; column: string; isLoading: boolean }
  | { type: 'page'; page: number }
  | { type: 'page-size'; pageSize: number }
  | { type: 'search'; search: string }
  /** A sort chosen outright (e.g. from a sort select rather than a column header); back to page 1. */
  | { type: 'set-sort'; sortBy: string; orderBy: SortOrder }
  /** After a record is added the table goes back to page 1 (spec §4). */
  | { type: 'first-page' };

/**
 * The data-table rules of spec §4: a new sort column starts ascending, the current one toggles; sorting goes
 * back to page 1 and is ignored while a load runs; a new page size or search goes back to page 1.
 */
export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'sort': {
      if (action.isLoading) return state;
      const orderBy: SortOrder =
        state.sortBy === action.column ? (state.orderBy === 'asc' ? 'desc' : 'asc') : 'asc';
      return { ...state, sortBy: action.column, orderBy, page: 1 };
    }
    case 'page':
      return action.page === state.page || action.page < 1 ? state : { ...state, page: action.page };
    case 'page-size': {
      const pageSize = (PAGE_SIZES as readonly number[]).includes(action.pageSize)
        ? action.pageSize
        : DEFAULT_PAGE_SIZE;
      return { ...state, pageSize, page: 1 };
    }
    case 'search':
      return action.search === state.search ? state : { ...state, search: action.search, page: 1 };
    case 'set-sort':
      return state.sortBy === action.sortBy && state.orderBy === action.orderBy
        ? state
        : { ...state, sortBy: action.sortBy, orderBy: action.orderBy, page: 1 };
    case 'first-page':
      return state.page === 1 ? state : { ...state, page: 1 };
  }
}

/** Spec §2: row number = index + page size * (page - 1) + 1. */
export const rowNumber = (index: number, pageSize: number, page: number): number =>
  index + pageSize * (page - 1) + 1;

/** The last page for a total; at least 1 so an empty table still shows page 1. */
export const lastPageOf = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * The page buttons of the pager (spec §9: a window of 5): centred on the current page where possible,
 * shifted at either end so it always shows `size` pages when there are that many.
 */
export function pageWindow(page: number, lastPage: number, size = 5): number[] {
  const count = Math.min(size, lastPage);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, lastPage - count + 1);
  return Array.from({ length: count }, (_, offset) => start + offset);
}

/** The query string of a list call; the user list names the page size perPage (spec §7). */
export function listQuery(state: TableState, pageSizeParam: 'limit' | 'perPage' = 'limit') {
  return {
    page: state.page,
    [pageSizeParam]: state.pageSize,
    search: state.search,
    sort_by: state.sortBy,
    order_by: state.orderBy,
  };
}
