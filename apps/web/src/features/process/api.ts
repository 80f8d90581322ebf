import type { TProcessChoice, TProcessStatusFilter, TProposalDetail, TProposalRow } from '@eusulan/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQuery, type TableState } from '../../components/data-table/table-state.ts';
import { API_PREFIX, http } from '../../lib/http.ts';
import { approvalKeys } from '../approval/api.ts';
import { type ProposalListFilters, type ProposalPage, proposalKeys } from '../proposal/api.ts';

const PROCESS_PATH = `${API_PREFIX.web}/process`;

/** The process list's filters: the proposal list's type tab and years, plus the status select. */
export interface ProcessListFilters extends ProposalListFilters {
  statusType: TProcessStatusFilter;
}

export const processKeys = {
  all: ['process'] as const,
  list: (filters: ProcessListFilters, state: TableState) => ['process', 'list', filters, state] as const,
};

/** GET process (spec §7): paging, type, years only when set, and the status select. */
export function useProcessList(filters: ProcessListFilters, state: TableState) {
  return useQuery({
    queryKey: processKeys.list(filters, state),
    queryFn: async ({ signal }): Promise<ProposalPage> => {
      const body = await http.get<{ data: TProposalRow[]; total: number }>(
        PROCESS_PATH,
        { ...listQuery(state), ...filters },
        { signal },
      );
      return { rows: body.data?.data ?? [], total: body.data?.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** A chosen document of the approval panel (antd Upload items carry the File as originFileObj). */
interface ChosenDocument {
  originFileObj?: File;
}

/** POST process/{id}/change-process, multipart processType and files[]; the lists, detail and dots reload. */
export function useChangeProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; processType: TProcessChoice; files: ChosenDocument[] }) => {
      const form = new FormData();
      form.append('processType', input.processType);
      for (const item of input.files) {
        if (item.originFileObj) form.append('files[]', item.originFileObj, item.originFileObj.name);
      }
      return (await http.post<TProposalDetail>(`${PROCESS_PATH}/${input.id}/change-process`, form)).data;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
        queryClient.invalidateQueries({ queryKey: processKeys.all }),
        queryClient.invalidateQueries({ queryKey: approvalKeys.needApproval }),
      ]),
  });
}
