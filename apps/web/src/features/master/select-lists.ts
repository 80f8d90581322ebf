import type { OptionQuery } from '../../components/use-remote-options.ts';
import { fetchSelectList } from './api.ts';
import type { ConsultantOption, IdName, RoleOption } from './types.ts';

/** Loaders for RemoteSelect over GET /api/select-list/… (spec §7). */
export const loadDistricts = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<IdName>('district', { ...query }, signal);

export const loadSubdistricts = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<IdName>('subdistrict', { ...query }, signal);

export const loadRoles = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<RoleOption>('role', { ...query }, signal);

/** Consultants without a user yet, plus the one already linked to the user being edited. */
export const consultantsWithoutUser =
  (userId: number | undefined) => (query: OptionQuery, signal: AbortSignal) =>
    fetchSelectList<ConsultantOption>('consultant', { ...query, hasUser: 0, userId }, signal);
