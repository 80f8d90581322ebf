import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, EMPTY_TABLE_TEXT } from './DataTable.tsx';
import { INITIAL_TABLE_STATE, type TableState } from './table-state.ts';

interface Row {
  id: number;
  name: string;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'name', title: 'Nama Jalan', sortKey: 'name', render: (row) => row.name },
  { key: 'plain', title: 'Tanpa Urut', render: () => 'x' },
];

const rowsOf = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Jalan ${index + 1}` }));

function renderTable(
  overrides: Partial<Parameters<typeof DataTable<Row>>[0]> = {},
  state?: Partial<TableState>,
) {
  const dispatch = vi.fn();
  const view = render(
    <DataTable<Row>
      columns={COLUMNS}
      rows={rowsOf(10)}
      total={95}
      isLoading={false}
      state={{ ...INITIAL_TABLE_STATE, ...state }}
      dispatch={dispatch}
      rowKey={(row) => row.id}
      {...overrides}
    />,
  );
  return { dispatch, ...view };
}

describe('DataTable', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));

  it('numbers the rows from the page and page size', () => {
    renderTable({}, { page: 3, pageSize: 10 });
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(cells[0]).toBe('21');
    expect(cells[9]).toBe('30');
    expect(screen.getByTestId('table-summary').textContent).toBe('Menampilkan 21 - 30 dari 95 data');
  });

  it('shows the empty text when there are no rows', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText(EMPTY_TABLE_TEXT)).toBeVisible();
    expect(screen.getByTestId('table-summary').textContent).toBe('Menampilkan 0 - 0 dari 0 data');
  });

  it('shows no summary or pager while the first rows load, and keeps them on later loads', () => {
    renderTable({ rows: [], total: 0, isLoading: true });
    expect(screen.queryByTestId('table-summary')).toBeNull();
    expect(screen.queryByTestId('table-pager')).toBeNull();
    cleanup();
    renderTable({ isLoading: true }, { page: 2 });
    expect(screen.getByTestId('table-summary').textContent).toBe('Menampilkan 11 - 20 dari 95 data');
    expect(screen.getByTestId('table-pager')).toBeVisible();
  });

  it('asks to sort by the clicked sortable column, passing whether a load runs', () => {
    const { dispatch } = renderTable({ isLoading: true });
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(dispatch).toHaveBeenCalledWith({ type: 'sort', column: 'name', isLoading: true });
    dispatch.mockClear();
    fireEvent.click(screen.getAllByText('Tanpa Urut')[0] as HTMLElement);
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'sort' }));
  });

  it('searches 1000 ms after typing stops', () => {
    const { dispatch } = renderTable();
    dispatch.mockClear();
    const search = screen.getByPlaceholderText('Cari');
    fireEvent.change(search, { target: { value: 'mawar' } });
    act(() => vi.advanceTimersByTime(999));
    expect(dispatch).not.toHaveBeenCalledWith({ type: 'search', search: 'mawar' });
    act(() => vi.advanceTimersByTime(1));
    expect(dispatch).toHaveBeenCalledWith({ type: 'search', search: 'mawar' });
  });

  it('has first, previous, a window of 5 pages, next and last', () => {
    const { dispatch } = renderTable({}, { page: 5 });
    const pager = screen.getByTestId('table-pager');
    const labels = within(pager)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels).toEqual(['«', '‹', '3', '4', '5', '6', '7', '›', '»']);
    fireEvent.click(within(pager).getByLabelText('Halaman terakhir'));
    expect(dispatch).toHaveBeenCalledWith({ type: 'page', page: 10 });
    fireEvent.click(within(pager).getByLabelText('Halaman pertama'));
    expect(dispatch).toHaveBeenCalledWith({ type: 'page', page: 1 });
    fireEvent.click(within(pager).getByText('6'));
    expect(dispatch).toHaveBeenCalledWith({ type: 'page', page: 6 });
  });
});
