import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ListRequest } from './pagination.ts';

/**
 * One page's ids and the list's total in one statement, for lists no kept count knows (searches, the place
 * history): the matches are found once (a trigram bitmap and its heap recheck, the search's whole cost), then
 * counted and sorted, where a separate count and page query paid for them twice. `matched` selects `id` and
 * `sort_key` (the list's sort column) of every match. The OFFSET 0 keeps the planner from merging the two
 * levels: merged, it walks an index that gives the order and filters every row until the page is full, which
 * for matches bunched at the far end of that order reads nearly the whole table.
 */
export async function countedPageIds(
  db: Db,
  matched: SQL | { getSQL(): SQL },
  list: ListRequest,
  options: {
    /** The order among rows of the same sort key. */
    idOrder: 'asc' | 'desc';
    /** The total when the page is past the end (no row carries it). */
    countAll(): Promise<number>;
  },
): Promise<{ ids: number[]; total: number }> {
  const direction = sql.raw(list.sort?.direction === 'asc' ? 'asc' : 'desc');
  const idOrder = sql.raw(options.idOrder);
  const result = await db.execute(sql`
    select id, (count(*) over ())::int as total from (${matched} offset 0) as matched
    order by sort_key ${direction}, id ${idOrder} limit ${list.limit} offset ${list.offset}`);
  const rows = (result as unknown as { rows: { id: number; total: number }[] }).rows;
  if (rows.length || list.offset === 0) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  return { ids: [], total: await options.countAll() };
}
