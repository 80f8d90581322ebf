import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { proposals, surveyRoads, surveys } from '../../db/schema/index.ts';

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
 * The map rule, the one definition of what the maps dashboard draws: of each proposal (those whose id
 * `scope` admits, all without it), the roads of its newest submitted survey that have a line. A line is an
 * encoded path (lib/map-lines.ts): a road drawn with nothing spec §5 would draw has none, nor has a row
 * written outside the app until a start fills its paths. A table for a FROM clause: proposal_id, survey_id
 * and the road's id, position, draw_line and encoded_paths. The proposal layer draws these roads, its
 * search and export list their proposals, and umum opens those and no other (drawnOnMap), so the map and
 * umum's access cannot disagree. The newest survey is picked before its roads are looked at: a newer
 * survey without a line takes an older one's line off the map.
 *
 * Aliases of its own: drizzle leaves column names unqualified in a one-table select, where the inner tables'
 * columns would shadow a caller's. A scope naming an outer query's column keeps the rule a subquery run per
 * outer row on the proposal_id and survey_id indexes (PostgreSQL does not make a join of an EXISTS whose
 * outer column is referred to inside a FROM item). `<> '{}'` rather than cardinality() > 0: the planner
 * estimates it from the column's statistics, where it guessed a third and chose hash joins for the layer.
 */
export const mapRoads = (scope?: (proposalId: SQL) => SQL) => sql`(
  select newest.proposal_id, newest.survey_id, line_road.id, line_road.position, line_road.draw_line,
    line_road.encoded_paths
  from (
    select distinct on (s.proposal_id) s.proposal_id, s.id as survey_id
    from ${surveys} as s
    where not s.is_draft${scope ? sql` and ${scope(sql`s.proposal_id`)}` : sql``}
    order by s.proposal_id, s.submitted_at desc, s.id desc) as newest
  join ${surveyRoads} as line_road on line_road.survey_id = newest.survey_id
  where line_road.encoded_paths <> '{}')`;

/** Whether the map draws a proposal (it has a road of mapRoads): all that umum may open of proposals. */
export const drawnOnMap = (proposalId: SQL) =>
  sql`exists (select 1 from ${mapRoads((id) => sql`${id} = ${proposalId}`)} as drawn)`;

export async function isDrawnOnMap(db: Db, proposalId: number) {
  const [row] = await db.select({ drawn: drawnOnMap(sql`${proposalId}::int`) }).from(sql`(select 1) as one`);
  return row?.drawn === true;
}

/**
 * Per proposal of `proposalIds`, how many other proposals at its place the map draws: umum's 'Histori
 * lokasi' count, for a list page or one detail in one statement. A proposal with none is absent.
 */
export async function placeHistoryOnMapCounts(db: Db, proposalIds: number[]): Promise<Map<number, number>> {
  if (!proposalIds.length) return new Map();
  const rows = await db
    .select({ id: proposals.id, count: sql<number>`count(*)::int` })
    .from(proposals)
    .innerJoin(
      history,
      and(sql`${placeKey(history)} = ${placeKey(proposals)}`, sql`${history.id} <> ${proposals.id}`),
    )
    .where(and(inArray(proposals.id, proposalIds), drawnOnMap(sql`"history".id`)))
    .groupBy(proposals.id);
  return new Map(rows.map((row) => [row.id, row.count]));
}

/**
 * A search over the proposer's name and address only, for readers who see the phone masked: search_text
 * also holds the phone, and a search by its digits would tell them the number one guess at a time.
 */
export const nameOrAddressLike = (pattern: string) =>
  sql`(lower(${proposals.proposerName}) like lower(${pattern}) or lower(${proposals.address}) like lower(${pattern}))`;
