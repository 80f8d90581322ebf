import { type TListQuery, unknownSortMessage, ZListQuery } from '@eusulan/shared';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invalid } from './http-error.ts';
import { parseInput } from './validate.ts';

export interface ListRequest {
  page: number;
  limit: number;
  offset: number;
  search: string;
  /** The sort_by key asked for, if any (a key of the sortable whitelist). */
  sortBy: string | undefined;
  orderBy: SQL;
  /** The column and direction orderBy sorts by, for a query that sorts a subquery's rows by it. */
  sort?: { column: PgColumn; direction: 'asc' | 'desc' };
  /** The same order the other way round, for reading a deep page from the far end (see nearerEnd). */
  reverseOrderBy?: SQL;
}

/** Where a page sits in the list when read from the nearer end. */
export interface PageWindow {
  /** Read the list in reverse order (then turn the page's rows around). */
  reverse: boolean;
  offset: number;
  limit: number;
}

/**
 * The cheaper way to a page once the total is known: an OFFSET walks every skipped row, so a page in the
 * back half is read from the end (the reverse order, with the complementary offset) and the farthest page
 * from both ends is the middle one. A partial last page stays partial. Null when the page is past the end.
 */
export function nearerEnd(list: Pick<ListRequest, 'offset' | 'limit'>, total: number): PageWindow | null {
  if (list.offset >= total) return null;
  const fromEnd = total - list.offset - list.limit;
  if (fromEnd >= list.offset) return { reverse: false, offset: list.offset, limit: list.limit };
  return {
    reverse: true,
    offset: Math.max(0, fromEnd),
    limit: Math.min(list.limit, total - list.offset),
  };
}

/**
 * Reads page, limit, search, sort_by and order_by; sort_by must be one of the shown columns (a whitelist),
 * default id descending (spec §9). An unknown sort key is a 422, never raw SQL. Only the whitelist's own
 * keys count: `__proto__`, `constructor` or `toString` would otherwise find the object's inherited members.
 */
export function readListQuery(
  query: unknown,
  sortable: Record<string, PgColumn>,
  fallback: PgColumn,
): ListRequest {
  const input: TListQuery = parseInput(ZListQuery, query);
  const column = input.sort_by ? sortColumn(sortable, input.sort_by) : fallback;
  if (!column) throw invalid({ sort_by: [unknownSortMessage(Object.keys(sortable))] });
  const direction = input.order_by ?? (input.sort_by ? 'asc' : 'desc');
  return {
    page: input.page,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
    search: input.search,
    sortBy: input.sort_by,
    orderBy: direction === 'asc' ? asc(column) : desc(column),
    sort: { column, direction },
    // ASC puts NULLs last and DESC first, so the plain opposite direction is the exact reverse.
    reverseOrderBy: direction === 'asc' ? desc(column) : asc(column),
  };
}

/** The whitelist's column of a sort key; undefined for any other name, inherited ones included. */
const sortColumn = (sortable: Record<string, PgColumn>, key: string) =>
  Object.hasOwn(sortable, key) ? sortable[key] : undefined;

/** An ILIKE pattern matching the text anywhere, with % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const lowerEquals = (column: PgColumn, value: string) => sql`lower(${column}) = lower(${value})`;
