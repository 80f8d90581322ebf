/**
 * The checkbox groups of the maps filter panel (spec §2, §4). A group's choice is `null` while every option
 * is ticked ("all": also years or types added later), otherwise the ticked values. Select-all ticks itself
 * when every option is chosen and clears otherwise.
 */
export type Choice<T> = readonly T[] | null;

export const isChosen = <T>(choice: Choice<T>, value: T) => choice === null || choice.includes(value);

/** Select-all's look: ticked with every option chosen, a dash with some. */
export function selectAllState<T>(choice: Choice<T>, options: readonly T[]) {
  const chosen = options.filter((option) => isChosen(choice, option)).length;
  const checked = options.length > 0 && chosen === options.length;
  return { checked, indeterminate: chosen > 0 && !checked };
}

/** Select-all clicked: everything, or nothing when everything was chosen. */
export const toggleAll = <T>(choice: Choice<T>, options: readonly T[]): Choice<T> =>
  selectAllState(choice, options).checked ? [] : null;

/** One option clicked; choosing the last missing option makes the choice "all" again. */
export function toggleOne<T>(choice: Choice<T>, options: readonly T[], value: T): Choice<T> {
  const current = choice === null ? [...options] : [...choice];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return options.length > 0 && options.every((option) => next.includes(option)) ? null : next;
}

/** The query value of a choice: undefined (no filter) for all, otherwise the chosen values (maybe none). */
export const choiceParam = <T>(choice: Choice<T>): readonly T[] | undefined =>
  choice === null ? undefined : choice;

/**
 * A dashboard query string: lists repeat their key; an empty list is sent as `key=` (nothing chosen, so
 * nothing matches), which the shared http client would drop; undefined leaves the filter out.
 */
export function dashboardQuery(params: Record<string, readonly (string | number)[] | string | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (typeof value === 'string') search.append(key, value);
    else if (value.length === 0) search.append(key, '');
    else for (const item of value) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
