import { CONSULTANT_TYPE_NAMES, type TConsultantType } from '@eusulan/shared';
import type { OptionQuery } from '../../components/use-remote-options.ts';
import { fetchSelectList } from '../master/api.ts';

export interface RoadOption {
  id: number;
  name: string;
}

export interface VillageOption {
  id: number;
  name: string;
  subdistrict: { name: string } | null;
}

export interface ConsultantOption {
  id: number;
  name: string;
  consultantType?: TConsultantType;
}

/** Spec §2: the village is shown with its subdistrict. */
export const villageLabel = (option: VillageOption) =>
  option.subdistrict?.name ? `${option.name} - ${option.subdistrict.name}` : option.name;

export const consultantLabel = (option: ConsultantOption) =>
  option.consultantType ? `${option.name} (${CONSULTANT_TYPE_NAMES[option.consultantType]})` : option.name;

/** GET /api/select-list/road and /village (spec §7). */
export const loadRoads = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<RoadOption>('road', { ...query }, signal);

export const loadVillages = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<VillageOption>('village', { ...query }, signal);

/**
 * GET /api/select-list/consultant with orderInternal=1 and the chosen village (spec §7): the internal
 * consultant of the village's district first, then the external ones.
 */
export const consultantsForVillage =
  (villageId: number | undefined) => (query: OptionQuery, signal: AbortSignal) =>
    fetchSelectList<ConsultantOption>('consultant', { ...query, orderInternal: 1, villageId }, signal);
