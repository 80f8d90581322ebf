import type { TAssignedConsultantRow, TAssignedConsultantSortKey, TProposalRow } from '@eusulan/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listQuery, type SortOrder, type TableState } from '../../components/data-table/table-state.ts';
import { API_PREFIX, http } from '../../lib/http.ts';

const PATH = `${API_PREFIX.web}/assigned-consultant`;

export interface Page<TRow> {
  rows: TRow[];
  total: number;
}

/** The Tugas Survey sort choices (spec §2) and what each asks the server for (spec §7). */
export const ASSIGNED_CONSULTANT_SORT_OPTIONS = [
  { value: 'fewest', label: 'Tugas Aktif Paling Sedikit', sortBy: 'total_proposals', orderBy: 'asc' },
  { value: 'most', label: 'Tugas Aktif Paling Banyak', sortBy: 'total_proposals', orderBy: 'desc' },
  { value: 'name-asc', label: 'Alphabet A-Z', sortBy: 'name', orderBy: 'asc' },
  { value: 'name-desc', label: 'Alphabet Z-A', sortBy: 'name', orderBy: 'desc' },
] as const satisfies readonly {
  value: string;
  label: string;
  sortBy: TAssignedConsultantSortKey;
  orderBy: SortOrder;
}[];

export type AssignedConsultantSort = (typeof ASSIGNED_CONSULTANT_SORT_OPTIONS)[number]['value'];

/** The sort of a choice; the fewest active tasks first by default. */
export function sortOfChoice(choice: AssignedConsultantSort) {
  const option =
    ASSIGNED_CONSULTANT_SORT_OPTIONS.find((item) => item.value === choice) ??
    ASSIGNED_CONSULTANT_SORT_OPTIONS[0];
  return { sortBy: option.sortBy, orderBy: option.orderBy };
}

/** The choice a table state's sort stands for (the select shows it). */
export function choiceOfSort(state: Pick<TableState, 'sortBy' | 'orderBy'>): AssignedConsultantSort {
  return (
    ASSIGNED_CONSULTANT_SORT_OPTIONS.find(
      (item) => item.sortBy === state.sortBy && item.orderBy === state.orderBy,
    )?.value ?? 'fewest'
  );
}

export const assignedConsultantKeys = {
  all: ['assigned-consultant'] as const,
  list: (state: TableState) => ['assigned-consultant', 'list', state] as const,
  proposals: (id: number, state: TableState) => ['assigned-consultant', id, 'proposals', state] as const,
};

/** GET assigned-consultant: data.data plus data.total (spec §7). */
export function useAssignedConsultants(state: TableState) {
  return useQuery({
    queryKey: assignedConsultantKeys.list(state),
    queryFn: async ({ signal }): Promise<Page<TAssignedConsultantRow>> => {
      const body = await http.get<{ data: TAssignedConsultantRow[]; total: number }>(PATH, listQuery(state), {
        signal,
      });
      return { rows: body.data?.data ?? [], total: body.data?.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * GET assigned-consultant/{id}/list-proposal: unlike the other lists, data rows plus meta.total (spec §7).
 * Null (a malformed id) asks nothing; the page words a 404 itself and leaves other failures to the common
 * handler.
 */
export function useConsultantProposals(id: number | null, state: TableState) {
  return useQuery({
    queryKey: assignedConsultantKeys.proposals(id ?? 0, state),
    queryFn: async ({ signal }): Promise<Page<TProposalRow>> => {
      const body = await http.get<TProposalRow[], { total: number }>(
        `${PATH}/${id}/list-proposal`,
        listQuery(state),
        {
          signal,
        },
      );
      return { rows: body.data ?? [], total: body.meta?.total ?? 0 };
    },
    placeholderData: keepPreviousData,
    enabled: id !== null,
    meta: { handlesOwnErrors: true },
  });
}
