import type { TProposalRow, TProposalType, TVerification } from '@eusulan/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, http, type Query } from '../../lib/http.ts';
import { approvalKeys } from '../approval/api.ts';
import { proposalKeys } from '../proposal/api.ts';

export const VERIFICATION_PATH = `${API_PREFIX.web}/verification`;

/** The filters of Perlu Verifikasi (spec §2): one type tab and an optional year range. */
export interface VerificationFilters {
  proposalType: TProposalType;
  startYear?: number;
  endYear?: number;
}

export const verificationKeys = {
  all: ['verification'] as const,
  list: (filters: VerificationFilters) => ['verification', 'list', filters] as const,
};

/** GET verification: the type, and the years only when set (spec §5, §7). */
export function verificationQuery(filters: VerificationFilters): Query {
  return { proposalType: filters.proposalType, startYear: filters.startYear, endYear: filters.endYear };
}

export async function fetchVerificationList(
  filters: VerificationFilters,
  signal?: AbortSignal,
): Promise<TProposalRow[]> {
  const body = await http.get<{ data: TProposalRow[] }>(VERIFICATION_PATH, verificationQuery(filters), {
    signal,
  });
  return body.data?.data ?? [];
}

/**
 * The signed-in consultant's unverified proposals of one type, all at once: the screen searches and
 * pre-checks on the client. A failure goes to the common handler (query cache).
 */
export function useVerificationList(filters: VerificationFilters) {
  return useQuery({
    queryKey: verificationKeys.list(filters),
    queryFn: ({ signal }) => fetchVerificationList(filters, signal),
  });
}

/**
 * POST verification {proposalId}. On success the list reloads, and so do the approval notice (the red dots
 * of the header and the type tabs follow the data) and the proposal lists; the call resolves only once
 * they have, so the success dialog opens over the fresh list. Failures go to the common handler.
 */
export function useVerifyProposals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (proposalId: number[]) =>
      (await http.post<{ verified: number }>(VERIFICATION_PATH, { proposalId } satisfies TVerification)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: approvalKeys.needApproval }),
        queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
      ]),
  });
}
