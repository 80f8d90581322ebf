import type {
  TCompletedWorkDetail,
  TCompletedWorkImportResult,
  TCompletedWorkImportRow,
  TCompletedWorkRowPage,
  TCompletedWorkType,
  TJob,
} from '@eusulan/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQuery, type TableState } from '../../components/data-table/table-state.ts';
import type { OptionQuery } from '../../components/use-remote-options.ts';
import { validationMessages } from '../../lib/errors.ts';
import { API_PREFIX, http, isApiError } from '../../lib/http.ts';
import { startJob, useBackgroundJob } from '../jobs/api.ts';
import { COMPLETED_WORK_TEXTS } from './texts.ts';

export const COMPLETED_WORK_PATH = `${API_PREFIX.web}/completed-work`;
export const COMPLETED_WORK_DETAIL_PATH = `${API_PREFIX.web}/completed-work-detail`;
export const COMPLETED_WORK_JOB_PATH = `${COMPLETED_WORK_PATH}/jobs`;

/** A page of imports (GET completed-work: data.data plus data.total). */
export interface ImportPage {
  rows: TCompletedWorkImportRow[];
  total: number;
}

/** A page of the works of one import, with the import itself (for the heading when the query has no year). */
export interface WorkPage {
  rows: TCompletedWorkRowPage['data'];
  total: number;
  completedWork: TCompletedWorkImportRow | null;
}

export const completedWorkKeys = {
  all: ['completed-work'] as const,
  imports: (year: number | undefined, state: TableState) =>
    ['completed-work', 'imports', year ?? null, state] as const,
  works: (importId: number, state: TableState) => ['completed-work', 'works', importId, state] as const,
  work: (workId: number) => ['completed-work', 'work', workId] as const,
};

/** One page of /pekerjaan-selesai; the year only when one is picked (spec §5). */
export function useCompletedWorkImports(year: number | undefined, state: TableState) {
  return useQuery({
    queryKey: completedWorkKeys.imports(year, state),
    queryFn: async ({ signal }): Promise<ImportPage> => {
      const body = await http.get<{ data: TCompletedWorkImportRow[]; total: number }>(
        COMPLETED_WORK_PATH,
        { ...listQuery(state), year },
        { signal },
      );
      return { rows: body.data?.data ?? [], total: body.data?.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of /pekerjaan-selesai/detail/{id}: the works of one import (spec §7 sends the id again). Null
 * (a malformed id) asks nothing; the page words a 404 itself and leaves other failures to the common handler.
 */
export function useCompletedWorkRows(importId: number | null, state: TableState) {
  return useQuery({
    queryKey: completedWorkKeys.works(importId ?? 0, state),
    queryFn: async ({ signal }): Promise<WorkPage> => {
      const body = await http.get<TCompletedWorkRowPage>(
        `${COMPLETED_WORK_DETAIL_PATH}/${importId}`,
        { ...listQuery(state), id: importId },
        { signal },
      );
      return {
        rows: body.data?.data ?? [],
        total: body.data?.total ?? 0,
        completedWork: body.data?.completedWork ?? null,
      };
    },
    enabled: importId !== null,
    placeholderData: keepPreviousData,
    meta: { handlesOwnErrors: true },
  });
}

/** One work for the completed-work modal (GET completed-work-detail/{id}/detail). */
export function useCompletedWork(workId: number | null) {
  return useQuery({
    queryKey: completedWorkKeys.work(workId ?? 0),
    queryFn: async ({ signal }) =>
      (await http.get<TCompletedWorkDetail>(`${COMPLETED_WORK_DETAIL_PATH}/${workId}/detail`, {}, { signal }))
        .data,
    enabled: workId !== null,
  });
}

export interface ImportInput {
  year: number;
  typeWorkId: number;
  file: File;
  /** The import this file replaces ('Ganti File'), removed in the same step. */
  replacesId?: number;
}

/**
 * The multipart body of POST completed-work (and its job): year, type_work_id, file (spec §7), and our own
 * replace_id when the file replaces an import.
 */
export function importForm({ year, typeWorkId, file, replacesId }: ImportInput): FormData {
  const form = new FormData();
  form.append('year', String(year));
  form.append('type_work_id', String(typeWorkId));
  if (replacesId) form.append('replace_id', String(replacesId));
  form.append('file', file, file.name);
  return form;
}

/** DELETE completed-work/{id}: a wrong import leaves the lists and the map. */
export function useDeleteCompletedWorkImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.del<null>(`${COMPLETED_WORK_PATH}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: completedWorkKeys.all }),
  });
}

/**
 * POST completed-work/jobs, the multipart body of POST completed-work, as a background job: the fields
 * and the file's type are refused at once (422), the zip is read and stored by the job. Every
 * completed-work list reloads after a stored import.
 */
export function useImportCompletedWork() {
  const queryClient = useQueryClient();
  return useBackgroundJob<ImportInput, TCompletedWorkImportResult>({
    start: (input) => startJob<TCompletedWorkImportResult>(COMPLETED_WORK_JOB_PATH, importForm(input)),
    onDone: () => queryClient.invalidateQueries({ queryKey: completedWorkKeys.all }),
  });
}

/** What the import modal shows for a refused import: a heading and the reasons, one per line. */
export interface ImportFailure {
  title: string;
  reasons: string[];
}

/**
 * A start refused for its fields (422: file, year, type) as the modal lists it. Null for anything else,
 * which the common handler takes (spec §8).
 */
export function importFailureOf(error: unknown): ImportFailure | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const reasons = validationMessages(error.body);
  return {
    title: COMPLETED_WORK_TEXTS.invalidTitle,
    reasons:
      reasons.length > 0 ? reasons : [error.body?.status?.message || COMPLETED_WORK_TEXTS.fileRejected],
  };
}

/**
 * A zip the job refused (nothing stored): the failed job's result.errorList under its message, as the old
 * 400 listed them. Null when the job failed for another reason.
 */
export function refusedImportOf(job: Pick<TJob, 'status' | 'message' | 'result'>): ImportFailure | null {
  if (job.status !== 'failed') return null;
  const list = (job.result as { errorList?: unknown } | null)?.errorList;
  if (!Array.isArray(list)) return null;
  return {
    title: job.message || COMPLETED_WORK_TEXTS.fileRejected,
    reasons: list.filter((reason): reason is string => typeof reason === 'string'),
  };
}

/** Tipe of the import modal: a Warna Jenis Pekerjaan record (its typeWork names it, its colour draws it). */
export type TypeWorkColorOption = TCompletedWorkType & { name?: string };

/** GET select-list/type-work-color with search and limit (spec §7). */
export const loadTypeWorkColors = async (query: OptionQuery, signal: AbortSignal) =>
  (
    await http.get<TypeWorkColorOption[]>(
      `${API_PREFIX.global}/select-list/type-work-color`,
      { ...query },
      { signal },
    )
  ).data ?? [];
