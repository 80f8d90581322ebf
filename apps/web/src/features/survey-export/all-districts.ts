import { MAX_PAGE_SIZE } from '@eusulan/shared';
import { loadDistricts } from '../master/select-lists.ts';
import type { District } from './export-form.ts';

/**
 * Every Rayon, for 'Pilih Semua Rayon': the Rayon select's own loader (GET select-list/district) without a
 * search and with the largest limit the server takes. A city has a handful of Rayon, far below that limit.
 */
export const loadAllDistricts = (signal: AbortSignal): Promise<District[]> =>
  loadDistricts({ search: '', limit: MAX_PAGE_SIZE }, signal);

/** The 'Pilih Semua Rayon' checkbox: ticked when every known Rayon is chosen, half when only some are. */
export function allDistrictsState(chosen: readonly District[], all: readonly District[] | null) {
  const chosenIds = new Set(chosen.map((district) => district.id));
  const isAll = all !== null && all.length > 0 && all.every((district) => chosenIds.has(district.id));
  return { checked: isAll, indeterminate: !isAll && chosen.length > 0 };
}
