import type { TAuditEntry } from '@eusulan/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { PROPOSAL_PATH, proposalKeys } from '../proposal/api.ts';

/**
 * GET proposal/{id}/audit: the proposal's Riwayat Perubahan, newest first (admins). Kept under the
 * proposal keys, so every proposal change that reloads the detail reloads its history too.
 */
export function useProposalAudit(id: number) {
  return useQuery({
    queryKey: [...proposalKeys.all, 'audit', id] as const,
    queryFn: async ({ signal }) =>
      (await http.get<{ data: TAuditEntry[] }>(`${PROPOSAL_PATH}/${id}/audit`, undefined, { signal })).data
        .data,
  });
}
