import { hasRole, NEED_APPROVAL_ROLES, type TNeedApproval, type TRole } from '@eusulan/shared';
import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, http } from '../../lib/http.ts';

export const approvalKeys = { needApproval: ['need-approval'] as const };

/** Spec §4: hasNotifApproval is true when any of the four proposal types waits. */
export const hasApprovalNotice = (flags: TNeedApproval | undefined): boolean =>
  Boolean(flags && Object.values(flags).some(Boolean));

/**
 * Called once when the top bar loads, only for consultan and structural (spec §4, §6). Screens that
 * change what waits for approval invalidate `approvalKeys.needApproval`.
 */
export function useNeedApproval(role: TRole | null, isEnabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.needApproval,
    queryFn: async () => (await http.get<TNeedApproval>(`${API_PREFIX.web}/need-approval`)).data,
    enabled: isEnabled && hasRole(role, NEED_APPROVAL_ROLES),
    refetchOnReconnect: false,
  });
}
