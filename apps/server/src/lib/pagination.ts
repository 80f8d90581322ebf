import { type TListQuery, ZListQuery } from '@eusulan/shared';
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
}

/**
 * Reads page, limit, search, sort_by and order_by; sort_by must be one of the shown columns (a whitelist),
 * default id descending (spec §9). An unknown sort key is a 422, never raw SQL.
 */
export function readListQuery(
  query: unknown,
  sortable: Record<string, PgColumn>,
  fallback: PgColumn,
): ListRequest {
  const input: TListQuery = parseInput(ZListQuery, query);
  const column = input.sort_by ? sortable[input.sort_by] : fallback;
  if (!column) {
    throw invalid({ sort_by: [`Kolom urutan tidak dikenal. Pilihan: ${Object.keys(sortable).join(', ')}.`] });
  }
  const direction = input.order_by ?? (input.sort_by ? 'asc' : 'desc');
  return {
    page: input.page,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
    search: input.search,
    sortBy: input.sort_by,
    orderBy: direction === 'asc' ? asc(column) : desc(column),
  };
}

/** An ILIKE pattern matching the text anywhere, with % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const lowerEquals = (column: PgColumn, value: string) => sql`lower(${column}) = lower(${value})`;
