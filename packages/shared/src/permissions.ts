import type { TRole } from './enums.ts';

/** Where each role lands when it opens / (spec §2, landing redirect). */
export const LANDING_ROUTE: Record<TRole, string> = {
  admin: '/master/jalan',
  consultan: '/perlu-koreksi',
  structural: '/perlu-approval',
  umum: '/maps',
};

/** Roles that see approval red dots and may call need-approval (spec §4, §6). */
export const NEED_APPROVAL_ROLES: readonly TRole[] = ['consultan', 'structural'];

export const hasRole = (role: TRole | null | undefined, allowed: readonly TRole[]) =>
  role !== null && role !== undefined && allowed.includes(role);
