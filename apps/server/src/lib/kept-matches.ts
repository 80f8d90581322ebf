import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { type Find, keptPerDb } from './kept-per-db.ts';
import type { ListRequest } from './pagination.ts';

/**
 * A search's matches kept in memory (issue 11): finding them (a trigram bitmap and the recheck of every
 * match) is the search's whole cost, so they are found once per search and state of the rows, and paging or
 * many asking the same search slice them. The caller's key says what makes the matches current: the
 * version of the proposal rows, or an import that never changes.
 */

/** A search's first matches in the list's order, and how many there are in all. */
interface KeptMatches {
  ids: Int32Array;
  total: number;
}

/** The first this many matches of a search are kept (80 kB); a page beyond them is read as before. */
const KEPT_MATCH_IDS = 20_000;
/** Kept searches per database handle: 16 MB, about two hundred searches of every size. */
const KEPT_MATCH_BYTES = 16 * 1024 * 1024;
/** Kept searches per database handle. */
const keptMatchesOf = keptPerDb<KeptMatches>({
  maxSize: KEPT_MATCH_BYTES,
  sizeCalculation: (matches) => matches.ids.byteLength + 64,
});

/**
 * A search's first KEPT_MATCH_IDS matches in the list's order and their total, as one array in one row:
 * 11,000 ids as rows took twice as long to send and read as the search itself. `matched` selects `id` and
 * the given sort key (the list's sort column, else `byDefault`) of the matching rows; equal keys are ordered
 * by id as the list orders them (`tieBreak`). The OFFSET 0 keeps the planner from merging it into the
 * aggregate.
 */
export function firstMatches(
  db: Db,
  list: ListRequest,
  order: { byDefault: PgColumn; tieBreak: 'asc' | 'desc' },
  matched: (sortKey: SQL.Aliased) => SQLWrapper,
): Find<KeptMatches> {
  const sortKey = sql`${list.sort?.column ?? order.byDefault}`.as('sort_key');
  const direction = sql.raw(list.sort?.direction === 'asc' ? 'asc' : 'desc');
  return async () => {
    const result = await db.execute(sql`
      select (array_agg(id order by sort_key ${direction}, id ${sql.raw(order.tieBreak)}))[1:${KEPT_MATCH_IDS}]
        as ids, count(*)::int as total
      from (${matched(sortKey)} offset 0) as matched`);
    const [row] = (result as unknown as { rows: { ids: number[] | null; total: number }[] }).rows;
    return { ids: Int32Array.from(row?.ids ?? []), total: row?.total ?? 0 };
  };
}

/**
 * One page of a search from its kept matches, or null when the page lies beyond the kept ones and the
 * caller reads it as before. `key` names the search and what keeps its matches current (the list's order
 * is added here); `find` finds them when they are not kept.
 */
export async function keptMatchPage(
  db: Db,
  key: unknown[],
  find: Find<KeptMatches>,
  list: ListRequest,
): Promise<{ ids: number[]; total: number } | null> {
  const cacheKey = JSON.stringify([...key, list.sortBy ?? '', list.sort?.direction ?? 'desc']);
  const kept = await keptMatchesOf(db).fetch(cacheKey, { context: find });
  if (!kept) return null;
  const end = list.offset + list.limit;
  if (list.offset >= kept.total) return { ids: [], total: kept.total };
  if (end <= kept.ids.length || kept.ids.length === kept.total) {
    return { ids: Array.from(kept.ids.subarray(list.offset, end)), total: kept.total };
  }
  return null;
}

/** Forgets every kept search of a database handle (benches time a search's own SQL with it). */
export function forgetKeptMatches(db: Db) {
  keptMatchesOf(db).clear();
}
