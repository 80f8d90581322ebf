import { type TProposalRow, VERIFICATION_PRECHECK_DAYS } from '@eusulan/shared';

/**
 * The pure rules of the verification list (spec §4, §5, §9): which proposals start checked, which ones
 * the list shows, the select-all state and the client-side search. The screen only wires them up.
 */

const DAY_MS = 86_400_000;

/** What the rules read of a row. */
export type VerificationRow = Pick<
  TProposalRow,
  'id' | 'createdAt' | 'proposerName' | 'phoneNumber' | 'road' | 'rtNumber' | 'rwNumber'
>;

export type CheckedIds = ReadonlySet<number>;

/**
 * Spec §9 pre-check window: created within the last 2 days, i.e. at most 48 hours before `now` (the moment
 * the list arrived). A creation time ahead of the browser's clock counts as recent.
 */
export function isRecentlyCreated(
  createdAt: string,
  now: number,
  days: number = VERIFICATION_PRECHECK_DAYS,
): boolean {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now - created <= days * DAY_MS;
}

/** The ids checked when the list loads: the recently created proposals. */
export function precheckedIds(rows: readonly VerificationRow[], now: number): Set<number> {
  return new Set(rows.filter((row) => isRecentlyCreated(row.createdAt, now)).map((row) => row.id));
}

const normalise = (text: string) => text.trim().toLocaleLowerCase('id-ID');

/** Spec §5: the search matches proposer name, phone, road name, RT or RW, ignoring case. */
export function matchesSearch(row: VerificationRow, search: string): boolean {
  const needle = normalise(search);
  if (!needle) return true;
  // RT and RW are '-' when not given; a dash is not something to find.
  const fields = [row.proposerName, row.phoneNumber, row.road?.name, row.rtNumber, row.rwNumber];
  return fields.some((field) => Boolean(field && field !== '-' && normalise(field).includes(needle)));
}

export interface VisibilityOptions {
  /** 'Tampilkan usulan tidak di survey' is ticked. */
  showUnchecked: boolean;
  search: string;
}

/**
 * Spec §4: by default only checked proposals are shown (those going on to survey); with 'Tampilkan usulan
 * tidak di survey' ticked only unchecked ones. The search narrows either view.
 */
export function visibleRows<TRow extends VerificationRow>(
  rows: readonly TRow[],
  checked: CheckedIds,
  { showUnchecked, search }: VisibilityOptions,
): TRow[] {
  return rows.filter((row) => checked.has(row.id) !== showUnchecked && matchesSearch(row, search));
}

/** Spec §4: select-all is on only when the visible list is non-empty and every visible row is checked. */
export function isAllVisibleChecked(visible: readonly VerificationRow[], checked: CheckedIds): boolean {
  return visible.length > 0 && visible.every((row) => checked.has(row.id));
}

/** Select-all toggles every visible row: all off when all are on, otherwise all on. */
export function toggleAllVisible(checked: CheckedIds, visible: readonly VerificationRow[]): Set<number> {
  const next = new Set(checked);
  if (isAllVisibleChecked(visible, checked)) {
    for (const row of visible) next.delete(row.id);
  } else {
    for (const row of visible) next.add(row.id);
  }
  return next;
}

export function toggleOne(checked: CheckedIds, id: number, isChecked: boolean): Set<number> {
  const next = new Set(checked);
  if (isChecked) next.add(id);
  else next.delete(id);
  return next;
}

/** The ids Lanjutkan sends: every checked proposal of the list, in list order, whatever the view shows. */
export function chosenIds(rows: readonly VerificationRow[], checked: CheckedIds): number[] {
  return rows.filter((row) => checked.has(row.id)).map((row) => row.id);
}
