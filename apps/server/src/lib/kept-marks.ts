import type { Db } from '../db/client.ts';
import { type Find, keptPerDb } from './kept-per-db.ts';

/**
 * Marks in a long sorted list (issue 11): every `LIST_MARKS.every`-th row's sort key and id, found once per
 * list, order and version of the rows. An OFFSET walks every row before the page (the middle page of a tab
 * of 300,000 sorted by name: 150,000 index entries, 5 ms of PostgreSQL CPU a call); from the nearest mark
 * before it a page walks fewer than `every` rows. Finding the marks walks the list once.
 */
export interface ListMarks {
  /** The sort key of row every, 2 × every, ... (1-based), as text; PostgreSQL reads it back as the column's type. */
  keys: string[];
  ids: number[];
}

/** The spacing of the marks (tests set a small one to reach them with a few rows). */
export const LIST_MARKS = { every: 1000 };

/** Where a page starts: after the row of this sort key and id, skipping `skip` rows more. */
export interface MarkedPlace {
  key: string;
  id: number;
  skip: number;
}

/** Kept lists per database handle; a tab's marks are a few hundred keys (300 of them for 300,000 rows). */
const keptMarksOf = keptPerDb<ListMarks>({ max: 500 });

/**
 * The nearest mark before `offset` in the list `key` names (with what keeps it current: the version of its
 * rows), or null when the page starts before the first mark. `find` walks the list when it is not kept.
 */
export async function placeByMarks(
  db: Db,
  key: unknown[],
  find: Find<ListMarks>,
  offset: number,
): Promise<MarkedPlace | null> {
  const nearest = Math.floor(offset / LIST_MARKS.every);
  if (nearest < 1) return null;
  const marks = await keptMarksOf(db).fetch(JSON.stringify([...key, LIST_MARKS.every]), { context: find });
  const index = Math.min(nearest, marks?.ids.length ?? 0) - 1;
  if (!marks || index < 0) return null;
  return {
    key: marks.keys[index] as string,
    id: marks.ids[index] as number,
    skip: offset - (index + 1) * LIST_MARKS.every,
  };
}
