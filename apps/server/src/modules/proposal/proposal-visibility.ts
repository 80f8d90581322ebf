import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';

// What of a proposal a reader reaches: the place it shares with others, whether the map draws it (all that
// umum may open, policy: canViewProposal), and a search that does not look into the phone number.

/**
 * The place of a proposal as one comparable key: village, road, RT and RW, with "none" as 0 or ''.
 * An expression index on the same key (migration 0002) makes both the count and the history list lookups.
 */
export const placeKey = (table: Record<'villageId' | 'roadId' | 'rtNumber' | 'rwNumber', AnyPgColumn>) =>
  sql`(${table.villageId}, coalesce(${table.roadId}, 0), coalesce(${table.rtNumber}, ''), coalesce(${table.rwNumber}, ''))`;

/** The other proposals at a place, beside the proposal itself. */
export const history = alias(proposals, 'history');

/**
 * Whether the maps dashboard draws a proposal: its newest submitted survey has a road with a line (the
 * proposal layer's rule, dashboard.queries.ts). What umum may open of proposals is exactly this. Written
 * with aliases of its own: drizzle leaves column names unqualified in a one-table select, where the inner
 * tables' columns would shadow the outer proposal's.
 */
export const drawnOnMap = (proposalId: SQL) => sql`exists (
  select 1 from survey_roads as drawn_road
  where drawn_road.survey_id = (
    select newest.id from surveys as newest
    where newest.proposal_id = ${proposalId} and not newest.is_draft
    order by newest.submitted_at desc, newest.id desc
    limit 1)
  and cardinality(drawn_road.encoded_paths) > 0)`;

export async function isDrawnOnMap(db: Db, proposalId: number) {
  const [row] = await db.select({ drawn: drawnOnMap(sql`${proposalId}::int`) }).from(sql`(select 1) as one`);
  return row?.drawn === true;
}

/** The other proposals at a proposal's place that the map draws: umum's 'Histori lokasi' count. */
export async function placeHistoryOnMapCount(db: Db, proposalId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(history)
    .innerJoin(proposals, eq(proposals.id, proposalId))
    .where(
      and(
        sql`${placeKey(history)} = ${placeKey(proposals)}`,
        sql`${history.id} <> ${proposals.id}`,
        drawnOnMap(sql`"history".id`),
      ),
    );
  return row?.count ?? 0;
}

/**
 * A search over the proposer's name and address only, for readers who see the phone masked: search_text
 * also holds the phone, and a search by its digits would tell them the number one guess at a time.
 */
export const nameOrAddressLike = (pattern: string) =>
  sql`(lower(${proposals.proposerName}) like lower(${pattern}) or lower(${proposals.address}) like lower(${pattern}))`;
