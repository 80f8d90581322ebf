import { PAGE_SIZES, TABLE_SEARCH_DEBOUNCE_MS } from '@eusulan/shared';
import { Button, Input, Select, Table, type TableColumnsType } from 'antd';
import { type Dispatch, type ReactNode, useEffect, useReducer, useState } from 'react';
import { useDebouncedValue } from '../use-debounced-value.ts';
import {
  INITIAL_TABLE_STATE,
  lastPageOf,
  pageWindow,
  rowNumber,
  type TableAction,
  type TableState,
  tableReducer,
} from './table-state.ts';

export const EMPTY_TABLE_TEXT = 'Tidak ditemukan data apapun disini.';

/** What a list query gives the table; spec §8: a failed list empties the table and sets total 0. */
export function tablePageOf<TRow>(query: {
  isError: boolean;
  isFetching: boolean;
  data?: { rows: readonly TRow[]; total: number };
}) {
  return {
    rows: query.isError ? [] : (query.data?.rows ?? []),
    total: query.isError ? 0 : (query.data?.total ?? 0),
    isLoading: query.isFetching,
  };
}

export interface DataTableColumn<TRow> {
  key: string;
  title: ReactNode;
  /** The server's sort_by key; columns without one cannot be sorted. */
  sortKey?: string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  render(row: TRow, index: number): ReactNode;
}

export interface DataTableProps<TRow> {
  columns: readonly DataTableColumn<TRow>[];
  rows: readonly TRow[];
  total: number;
  isLoading: boolean;
  state: TableState;
  dispatch: Dispatch<TableAction>;
  rowKey(row: TRow): string | number;
  /** A class for rows that must stand out (the process list's surveyed rows). */
  rowClassName?(row: TRow): string;
  testId?: string;
}

/** The table state of one screen: page, page size, search and sort, changed only by the spec's rules. */
export function useTableState(initial: Partial<TableState> = {}) {
  return useReducer(tableReducer, { ...INITIAL_TABLE_STATE, ...initial });
}

/** The 'Cari' box: the table searches once typing has paused for 1000 ms (spec §9). */
function SearchBox({ value, dispatch }: { value: string; dispatch: Dispatch<TableAction> }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, TABLE_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    dispatch({ type: 'search', search: debounced.trim() });
  }, [debounced, dispatch]);
  return (
    <Input
      className="data-table__search"
      placeholder="Cari"
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      data-testid="table-search"
    />
  );
}

interface PagerProps {
  page: number;
  lastPage: number;
  isDisabled: boolean;
  onPage(page: number): void;
}

/** First, previous, a window of 5 page buttons, next, last (spec §9). */
function Pager({ page, lastPage, isDisabled, onPage }: PagerProps) {
  const button = (label: string, target: number, isOff: boolean, ariaLabel: string) => (
    <Button size="small" aria-label={ariaLabel} disabled={isOff || isDisabled} onClick={() => onPage(target)}>
      {label}
    </Button>
  );
  return (
    <nav className="data-table__pager" aria-label="Halaman" data-testid="table-pager">
      {button('«', 1, page <= 1, 'Halaman pertama')}
      {button('‹', page - 1, page <= 1, 'Halaman sebelumnya')}
      {pageWindow(page, lastPage).map((number) => (
        <Button
          key={number}
          size="small"
          type={number === page ? 'primary' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          disabled={isDisabled && number !== page}
          onClick={() => onPage(number)}
        >
          {number}
        </Button>
      ))}
      {button('›', page + 1, page >= lastPage, 'Halaman berikutnya')}
      {button('»', lastPage, page >= lastPage, 'Halaman terakhir')}
    </nav>
  );
}

/**
 * The master data table (spec §2, §4, §9): Cari search, page size 10/25/50/100, server-side sorting, the
 * pager and the row number column. It shows what it is given; the screen's query loads the rows.
 */
export function DataTable<TRow>({
  columns,
  rows,
  total,
  isLoading,
  state,
  dispatch,
  rowKey,
  rowClassName,
  testId = 'data-table',
}: DataTableProps<TRow>) {
  const lastPage = lastPageOf(total, state.pageSize);
  const first = total === 0 ? 0 : rowNumber(0, state.pageSize, state.page);
  const last = total === 0 ? 0 : Math.min(total, first + rows.length - 1);
  const isFirstLoad = isLoading && rows.length === 0 && total === 0;

  const tableColumns: TableColumnsType<TRow> = [
    {
      key: 'no',
      title: 'No',
      width: 64,
      align: 'center',
      render: (_value, _row, index) => rowNumber(index, state.pageSize, state.page),
    },
    ...columns.map((column) => ({
      key: column.sortKey ?? column.key,
      title: column.title,
      width: column.width,
      align: column.align,
      render: (_value: unknown, row: TRow, index: number) => column.render(row, index),
      ...(column.sortKey
        ? {
            sorter: true,
            showSorterTooltip: false,
            sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
            sortOrder:
              state.sortBy === column.sortKey
                ? state.orderBy === 'asc'
                  ? ('ascend' as const)
                  : ('descend' as const)
                : null,
            onHeaderCell: () => ({ 'data-testid': `sort-${column.sortKey}` }) as object,
          }
        : {}),
    })),
  ];

  return (
    <div className="data-table" data-testid={testId}>
      <div className="data-table__toolbar">
        <div className="data-table__page-size">
          Tampilkan
          <Select
            size="middle"
            value={state.pageSize}
            options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
            onChange={(pageSize: number) => dispatch({ type: 'page-size', pageSize })}
            data-testid="table-page-size"
            aria-label="Jumlah data per halaman"
          />
          data
        </div>
        <SearchBox value={state.search} dispatch={dispatch} />
      </div>
      <Table<TRow>
        columns={tableColumns}
        dataSource={rows as TRow[]}
        rowKey={rowKey}
        rowClassName={rowClassName ? (row) => rowClassName(row) : undefined}
        loading={isLoading}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: isLoading ? ' ' : EMPTY_TABLE_TEXT }}
        // antd reports its own next order; the spec's rules (new column asc, current toggles) decide instead.
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter) || !sorter.columnKey) return;
          dispatch({ type: 'sort', column: String(sorter.columnKey), isLoading });
        }}
      />
      {/* Not while the first rows load: "0 - 0 dari 0" would be wrong, and the rows would push it down the
          screen as they arrive (the page's one layout shift). A later load keeps the rows shown. */}
      {isFirstLoad ? null : (
        <div className="data-table__footer">
          <span className="data-table__summary" data-testid="table-summary">
            Menampilkan {first} - {last} dari {total} data
          </span>
          <Pager
            page={state.page}
            lastPage={lastPage}
            isDisabled={isLoading}
            onPage={(page) => dispatch({ type: 'page', page })}
          />
        </div>
      )}
    </div>
  );
}
