import {
  ifMatchHeader,
  PROPOSAL_TYPE_NAMES,
  type TImportError,
  type TJob,
  type TProposalDetail,
  type TProposalRow,
  type TProposalType,
} from '@eusulan/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQuery, type TableState } from '../../components/data-table/table-state.ts';
import { requestFile, saveFile } from '../../lib/download.ts';
import { API_PREFIX, http, type Query } from '../../lib/http.ts';
import { ensureScreenData } from '../../lib/query-client.ts';
import { startJob, useBackgroundJob } from '../jobs/api.ts';

export const PROPOSAL_PATH = `${API_PREFIX.web}/proposal`;

/** A page of a proposal list (spec §7: data.data plus data.total). */
export interface ProposalPage {
  rows: TProposalRow[];
  total: number;
}

/** The filters of the main list (spec §2 Proposal list): one type, an optional year range. */
export interface ProposalListFilters {
  proposalType: TProposalType;
  startYear?: number;
  endYear?: number;
}

/** A place as the history compares it: village, road, RT and RW (a missing one means "none"). */
export interface ProposalPlace {
  villageId: number;
  roadId?: number;
  rtNumber?: string;
  rwNumber?: string;
}

export const proposalKeys = {
  all: ['proposal'] as const,
  list: (filters: ProposalListFilters, state: TableState) => ['proposal', 'list', filters, state] as const,
  history: (place: ProposalPlace, excludeIds: readonly number[], state: TableState) =>
    ['proposal', 'history', place, excludeIds, state] as const,
  detail: (id: number, purpose: DetailPurpose) => ['proposal', 'detail', id, purpose] as const,
};

/** GET proposal for the main list: isHistory=0, the type tab, and the years only when set (spec §5, §7). */
export function proposalListQuery(filters: ProposalListFilters, state: TableState): Query {
  return {
    ...listQuery(state),
    proposalType: filters.proposalType,
    isHistory: 0,
    startYear: filters.startYear,
    endYear: filters.endYear,
  };
}

/** GET proposal for the place history: isHistory=1, the place, and every id to leave out (spec §7). */
export function placeHistoryQuery(
  place: ProposalPlace,
  excludeIds: readonly number[],
  state: TableState,
): Query {
  const known = (value: string | undefined) => (value && value !== '-' ? value : undefined);
  return {
    ...listQuery(state),
    isHistory: 1,
    roadId: place.roadId,
    villageId: place.villageId,
    rtNumber: known(place.rtNumber),
    rwNumber: known(place.rwNumber),
    excludeId: excludeIds,
  };
}

async function fetchProposalPage(query: Query, signal?: AbortSignal): Promise<ProposalPage> {
  const body = await http.get<{ data: TProposalRow[]; total: number }>(PROPOSAL_PATH, query, { signal });
  return { rows: body.data?.data ?? [], total: body.data?.total ?? 0 };
}

/**
 * A page counts as fresh for a few seconds: the /usulan route loader's answer is not asked for again by the
 * list's mount. Saves and imports invalidate the list, which asks again at once.
 */
const LIST_FRESH_MS = 10_000;

const proposalListOptions = (filters: ProposalListFilters, state: TableState) => ({
  queryKey: proposalKeys.list(filters, state),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    fetchProposalPage(proposalListQuery(filters, state), signal),
  staleTime: LIST_FRESH_MS,
});

/** One page of the /usulan list; the previous page stays on screen while the next one loads. */
export function useProposals(filters: ProposalListFilters, state: TableState) {
  return useQuery({
    ...proposalListOptions(filters, state),
    placeholderData: keepPreviousData,
  });
}

/** A page of the list in the cache before the screen renders (the /usulan route loader). */
export const ensureProposals = (filters: ProposalListFilters, state: TableState) =>
  ensureScreenData(proposalListOptions(filters, state));

/** The proposals made earlier at one place (Cek Histori Jalan, the detail's location history). */
export function usePlaceHistory(
  place: ProposalPlace | null,
  excludeIds: readonly number[],
  state: TableState,
) {
  return useQuery({
    queryKey: place ? proposalKeys.history(place, excludeIds, state) : ['proposal', 'history', 'none'],
    queryFn: ({ signal }) =>
      fetchProposalPage(placeHistoryQuery(place as ProposalPlace, excludeIds, state), signal),
    enabled: place !== null,
    placeholderData: keepPreviousData,
  });
}

/** The detail dialog asks with exclude=0; the edit form asks without it (spec §7). */
export type DetailPurpose = 'view' | 'edit';

export const fetchProposal = async (id: number, purpose: DetailPurpose, signal?: AbortSignal) =>
  (
    await http.get<TProposalDetail>(`${PROPOSAL_PATH}/${id}`, purpose === 'view' ? { exclude: 0 } : {}, {
      signal,
    })
  ).data;

export function useProposal(id: number | null, purpose: DetailPurpose = 'view') {
  return useQuery({
    queryKey: proposalKeys.detail(id ?? 0, purpose),
    queryFn: ({ signal }) => fetchProposal(id as number, purpose, signal),
    enabled: id !== null,
  });
}

/** An edit: the proposal, the form's multipart body and the version its copy was loaded at (If-Match). */
interface ProposalSave {
  id?: number;
  form: FormData;
  version?: string | null;
}

/** POST proposal (new) or POST proposal/{id} (edit), multipart; every proposal list and detail reloads. */
export function useSaveProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { offersReload: true },
    mutationFn: async ({ id, form, version }: ProposalSave) =>
      (
        await http.post<TProposalDetail>(id ? `${PROPOSAL_PATH}/${id}` : PROPOSAL_PATH, form, {
          headers: ifMatchHeader(version),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

/** POST proposal/{id}/contact-person, multipart (the detail dialog's Edit Contact Person). */
export function useUpdateContactPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { offersReload: true },
    mutationFn: async ({ id, form, version }: ProposalSave & { id: number }) =>
      (
        await http.post<TProposalDetail>(`${PROPOSAL_PATH}/${id}/contact-person`, form, {
          headers: ifMatchHeader(version),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

/** A finished proposal import's answer (the synchronous call's data). */
export interface ProposalImportResult {
  imported: number;
}

/**
 * POST proposal/import-template/jobs, multipart (file, proposalType), as a background job:
 * a missing or wrong file is refused at once, the rows are checked and stored by the job. Every proposal
 * list reloads after a stored import.
 */
export function useImportProposals() {
  const queryClient = useQueryClient();
  return useBackgroundJob<{ file: File; proposalType: TProposalType }, ProposalImportResult>({
    start: ({ file, proposalType }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('proposalType', proposalType);
      return startJob<ProposalImportResult>(`${PROPOSAL_PATH}/import-template/jobs`, form);
    },
    onDone: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

/**
 * The rows a refused import names (spec §8: the errorList the synchronous call answers in a 400's data,
 * here the failed job's result.errorList), or null when the job failed for another reason.
 */
export function importErrorsOf(job: Pick<TJob, 'status' | 'result'>): TImportError[] | null {
  if (job.status !== 'failed') return null;
  const list = (job.result as { errorList?: unknown } | null)?.errorList;
  return Array.isArray(list) ? (list as TImportError[]) : null;
}

/** GET proposal/export-template: saved under the server's name, else 'Template Import Usulan <Type>.xlsx'. */
export async function downloadTemplate(proposalType: TProposalType): Promise<string> {
  const answer = await requestFile('GET', `${PROPOSAL_PATH}/export-template`, { query: { proposalType } });
  return saveFile(answer, `Template Import Usulan ${PROPOSAL_TYPE_NAMES[proposalType]}.xlsx`);
}
