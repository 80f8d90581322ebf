import {
  PROPOSAL_TYPES,
  type TProposalListQuery,
  type TProposalType,
  type TStatusType,
} from '@eusulan/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { consultants, proposals, roads, villages } from '../../db/schema/index.ts';
import { countedPageIds } from '../../lib/counted-page.ts';
import { containsPattern, type ListRequest, nearerEnd, type PageWindow } from '../../lib/pagination.ts';
import { rowsByIds } from './proposal-rows.queries.ts';
import { drawnOnMap, nameOrAddressLike, placeKey } from './proposal-visibility.ts';

// GET proposal and the lists built on it (the place history, a consultant's proposals, verification,
// process): filters, searches, totals and a page's ids; the rows are read by proposal-rows.queries.ts.

export const PROPOSAL_SORTABLE = {
  id: proposals.id,
  proposal_date: proposals.proposalDate,
  proposer_name: proposals.proposerName,
  road: roads.name,
  status_type: proposals.statusType,
  created_at: proposals.createdAt,
};

/** The filters of GET proposal (everything but paging, search and sort); all optional. */
export type ProposalFilters = Partial<
  Omit<TProposalListQuery, 'page' | 'limit' | 'search' | 'sort_by' | 'order_by'>
>;

export interface ProposalScope {
  /** A consultant sees only the proposals assigned to it. */
  consultantId?: number;
  /** Only proposals in one of these states (verification: unverified; the process list's status filter). */
  statusTypes?: readonly TStatusType[];
  /** Only proposals the maps dashboard draws (umum's place history). */
  drawnOnMap?: boolean;
  /** A search looks at the proposer's name and address, not the phone (readers who see it masked). */
  hidesPhone?: boolean;
}

/** Ids of the small master tables whose name matches a search, looked up before the list query. */
interface SearchMatches {
  pattern: string;
  roadIds: number[];
  villageIds: number[];
  consultantIds: number[];
}

/**
 * The master rows a search names, in one round trip. Sent to the list query as literal id lists, so the
 * planner knows how few they are and answers the whole OR from indexes (a BitmapOr); an IN (subquery)
 * inside an OR is a hashed filter instead, applied to every proposal of the tab.
 */
async function searchMatches(db: Db, search: string): Promise<SearchMatches | null> {
  if (!search) return null;
  const pattern = containsPattern(search);
  const [row] = await db
    .select({
      roadIds: sql<number[]>`array${idsMatching(roads, roads.name, pattern)}`,
      villageIds: sql<number[]>`array${idsMatching(villages, villages.name, pattern)}`,
      consultantIds: sql<number[]>`array${idsMatching(consultants, consultants.name, pattern)}`,
    })
    .from(sql`(select 1) as one`);
  return {
    pattern,
    roadIds: row?.roadIds ?? [],
    villageIds: row?.villageIds ?? [],
    consultantIds: row?.consultantIds ?? [],
  };
}

/** The filters of GET proposal, as SQL conditions. */
function listConditions(filters: ProposalFilters, scope: ProposalScope, search: SearchMatches | null): SQL[] {
  const conditions: SQL[] = [];
  if (scope.consultantId !== undefined) conditions.push(eq(proposals.consultantId, scope.consultantId));
  if (scope.statusTypes) conditions.push(inArray(proposals.statusType, [...scope.statusTypes]));
  if (scope.drawnOnMap) conditions.push(drawnOnMap(sql`${proposals}.id`));
  if (filters.proposalType) conditions.push(eq(proposals.proposalType, filters.proposalType));
  if (filters.startYear) conditions.push(gte(proposals.proposalDate, `${filters.startYear}-01-01`));
  if (filters.endYear) conditions.push(lt(proposals.proposalDate, `${filters.endYear + 1}-01-01`));
  if (filters.isHistory === '1' && filters.villageId) {
    conditions.push(
      sql`${placeKey(proposals)} = (${filters.villageId}::int, ${filters.roadId ?? 0}::int, ${filters.rtNumber ?? ''}::text, ${filters.rwNumber ?? ''}::text)`,
    );
  }
  if (filters.excludeId?.length) conditions.push(notInArray(proposals.id, filters.excludeId));
  if (search) {
    const { pattern, roadIds, villageIds, consultantIds } = search;
    conditions.push(
      or(
        // search_text is stored lower-cased (schema), so a LIKE of the lower-cased pattern is ILIKE. The
        // type as a literal next to it, so the planner takes the tab's own trigram index (migration 0014).
        scope.hidesPhone
          ? nameOrAddressLike(pattern)
          : filters.proposalType
            ? sql`(${proposals.proposalType} = ${typeLiteral(filters.proposalType)} and ${proposals.searchText} like lower(${pattern}))`
            : sql`${proposals.searchText} like lower(${pattern})`,
        roadIds.length ? inArray(proposals.roadId, roadIds) : undefined,
        villageIds.length ? inArray(proposals.villageId, villageIds) : undefined,
        consultantIds.length ? inArray(proposals.consultantId, consultantIds) : undefined,
      ) as SQL,
    );
  }
  return conditions;
}

/** A proposal type as an SQL literal (checked against the enum), for partial-index predicates. */
function typeLiteral(type: TProposalType) {
  if (!PROPOSAL_TYPES.includes(type)) throw new Error(`unknown proposal type ${type}`);
  return sql.raw(`'${type}'`);
}

/** `select id from <table> where <column> ilike <pattern>` as a subquery. */
function idsMatching(table: PgTable & { id: AnyPgColumn }, column: AnyPgColumn, pattern: string) {
  return sql`(select ${table.id} from ${table} where ${column} ilike ${pattern})`;
}

/** The counts kept by triggers (proposal_counts) know type, year, consultant and status; nothing finer. */
const triggerCountApplies = (filters: ProposalFilters, scope: ProposalScope, search: string) =>
  !search && filters.isHistory !== '1' && !filters.excludeId?.length && !scope.drawnOnMap;

/** A list's total from the counts kept by triggers: a few thousand rows at most, whatever the table size. */
async function triggerCount(db: Db, filters: ProposalFilters, scope: ProposalScope): Promise<number> {
  const conditions: SQL[] = [];
  if (filters.proposalType) conditions.push(sql`proposal_type = ${filters.proposalType}`);
  if (filters.startYear) conditions.push(sql`year >= ${filters.startYear}`);
  if (filters.endYear) conditions.push(sql`year <= ${filters.endYear}`);
  if (scope.consultantId !== undefined) conditions.push(sql`consultant_id = ${scope.consultantId}`);
  if (scope.statusTypes) conditions.push(statusIn(scope.statusTypes));
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(total), 0)::int` })
    .from(sql`proposal_counts ${where}`);
  return row?.total ?? 0;
}

const statusIn = (statuses: readonly TStatusType[]) =>
  sql`status_type in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;

/** One page's proposal ids, in the list's order (read in reverse when the window says so). */
async function pageIds(db: Db, where: SQL | undefined, list: ListRequest, page: PageWindow) {
  const order =
    page.reverse && list.reverseOrderBy
      ? [list.reverseOrderBy, asc(proposals.id)]
      : [list.orderBy, desc(proposals.id)];
  const rows = await selectIds(db, { id: proposals.id }, list)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const found = rows.map((row) => row.id);
  return page.reverse && list.reverseOrderBy ? found.reverse() : found;
}

/**
 * The proposals to pick a page's ids from, with roads only when sorting by road: even a join the planner
 * removes keeps road_id "needed", which rules out the index-only walk of (proposal_type, id) that makes a
 * deep page cheap (about 1 ms at page 1000).
 */
function selectIds<F extends SelectedFields>(db: Db, fields: F, list: ListRequest) {
  const query = db.select(fields).from(proposals);
  return list.sortBy === 'road' ? query.leftJoin(roads, eq(roads.id, proposals.roadId)) : query;
}

/** A search's or the place history's page of ids and its total (countedPageIds), in the list's order. */
function searchedPageIds(db: Db, where: SQL | undefined, list: ListRequest) {
  const sortKey = sql`${list.sort?.column ?? proposals.id}`.as('sort_key');
  const matched = selectIds(db, { id: proposals.id, sortKey }, list).where(where);
  return countedPageIds(db, matched, list, {
    idOrder: 'desc',
    countAll: async () => {
      const [counted] = await db.select({ total: count() }).from(proposals).where(where);
      return counted?.total ?? 0;
    },
  });
}

/** The rows of one page, decorated, in the list's order. */
async function pageRows(db: Db, where: SQL | undefined, list: ListRequest, page: PageWindow) {
  // The page's ids first (an index walk), then the joins and per-row subqueries for those rows only: on
  // the whole filtered set, an OFFSET pays them for every skipped row and the planner hashes all surveys.
  return rowsByIds(db, await pageIds(db, where, list, page));
}

export async function listProposals(
  db: Db,
  filters: ProposalFilters,
  list: ListRequest,
  scope: ProposalScope,
) {
  const search = await searchMatches(db, list.search);
  const where = and(...listConditions(filters, scope, search));
  // Searches and the place history: the matches counted and paged in one statement.
  if (!triggerCountApplies(filters, scope, list.search)) {
    const { ids, total } = await searchedPageIds(db, where, list);
    return { rows: await rowsByIds(db, ids), total };
  }
  // Page 1 needs no total to be found first: the rows and the total at once.
  if (list.offset === 0) {
    const [rows, total] = await Promise.all([
      pageRows(db, where, list, { reverse: false, offset: 0, limit: list.limit }),
      triggerCount(db, filters, scope),
    ]);
    return { rows, total };
  }
  // A deeper page is read from the nearer end of the list, so no page walks more than half of it.
  const total = await triggerCount(db, filters, scope);
  const page = nearerEnd(list, total);
  if (!page) return { rows: [], total };
  return { rows: await pageRows(db, where, list, page), total };
}

/** The proposals of one consultant (the assigned-consultant detail list). */
export async function listConsultantProposals(db: Db, consultantId: number, list: ListRequest) {
  return listProposals(db, {}, list, { consultantId });
}
