import type { TSurveyReportLetter } from '@eusulan/shared';
import { useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../lib/http.ts';
import { fetchProposal, proposalKeys } from '../proposal/api.ts';

/** ?id= as a proposal id; anything else is no id at all. */
export function reportProposalId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The proposal detail the report prints (GET proposal/{id}?exclude=0). The page shows its own messages
 * for a missing or forbidden proposal instead of the common error dialog.
 */
export function useReportProposal(id: number | null) {
  return useQuery({
    // Its own key: a cached detail of the dialog carries the common error handling, this one does not.
    queryKey: [...proposalKeys.all, 'report', id ?? 0],
    queryFn: ({ signal }) => fetchProposal(id as number, 'view', signal),
    enabled: id !== null,
    meta: { handlesOwnErrors: true },
  });
}

/** 404 (also another consultant's proposal) and 403 read as "not found" on the report page. */
export const isNotFound = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 403);

/**
 * The letter lines of a sent survey's report (beside the spec): the first ask numbers it, every later one
 * answers the same Nomor, so asking again is harmless. Umum gets 403 and prints no Nomor.
 */
export function useReportLetter(surveyId: number | null, isStaff: boolean) {
  return useQuery({
    queryKey: ['survey-report-letter', surveyId ?? 0],
    queryFn: async ({ signal }) =>
      (
        await http.post<TSurveyReportLetter>(`/api-web/survey-report/${surveyId}/letter`, undefined, {
          signal,
        })
      ).data,
    enabled: surveyId !== null && isStaff,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesOwnErrors: true },
  });
}
