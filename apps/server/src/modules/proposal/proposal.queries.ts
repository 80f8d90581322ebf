import {
  PROPOSAL_TYPES,
  type TFileKind,
  type TProposalForm,
  type TProposalListQuery,
  type TProposalType,
  type TStatusType,
} from '@eusulan/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import { allQueries } from '../../db/all-queries.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  changeVersions,
  consultants,
  proposalFiles,
  proposals,
  roads,
  subdistricts,
  surveys,
  villages,
} from '../../db/schema/index.ts';
import { LIST_MARKS, type ListMarks, type MarkedPlace, placeByMarks } from '../../lib/kept-marks.ts';
import { firstMatches, keptMatchPage } from '../../lib/kept-matches.ts';
import { containsPattern, type ListRequest, nearerEnd, type PageWindow } from '../../lib/pagination.ts';
import { drawnOnMap, history, nameOrAddressLike, placeKey } from './proposal-visibility.ts';

export const PROPOSAL_SORTABLE = {
  id: proposals.id,
  proposal_date: proposals.proposalDate,
  proposer_name: proposals.proposerName,
  road: roads.name,
  status_type: proposals.statusType,
  created_at: proposals.createdAt,
};

/** Everything a proposal row of spec §3 needs, in one select. */
const rowColumns = {
  id: proposals.id,
  proposalType: proposals.proposalType,
  proposalDate: proposals.proposalDate,
  createdAt: proposals.createdAt,
  proposerName: proposals.proposerName,
  phoneNumber: proposals.phoneNumber,
  roadId: proposals.roadId,
  roadName: roads.name,
  villageId: proposals.villageId,
  villageName: villages.name,
  subdistrictId: subdistricts.id,
  subdistrictName: subdistricts.name,
  rtNumber: proposals.rtNumber,
  rwNumber: proposals.rwNumber,
  address: proposals.address,
  statusType: proposals.statusType,
  processType: proposals.processType,
  consultantId: consultants.id,
  consultantName: consultants.name,
  consultantType: consultants.consultantType,
  // Spec §2/§3: "a count of survey histories", the submitted surveys the detail lists as surveyHistories
  // (surveys_proposal_idx finds a row's few surveys).
  historyCount: sql<number>`(select count(*)::int from ${surveys} where ${surveys.proposalId} = ${proposals.id} and not ${surveys.isDraft})`,
  placeHistoryCount: sql<number>`(select count(*)::int from ${proposals} as "history" where ${placeKey(history)} = ${placeKey(proposals)} and ${history.id} <> ${proposals.id})`,
  hasSurvey: sql<boolean>`exists (select 1 from ${surveys} where ${surveys.proposalId} = ${proposals.id} and not ${surveys.isDraft})`,
};

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(proposals)
    .innerJoin(villages, eq(villages.id, proposals.villageId))
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .innerJoin(consultants, eq(consultants.id, proposals.consultantId))
    .leftJoin(roads, eq(roads.id, proposals.roadId));

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
  /** change_versions' proposal_rows, read with them: the search's kept matches are valid for it only. */
  version: number;
}

/**
 * The master rows a search names, in one round trip. Sent to the list query as literal id lists, so the
 * planner knows how few they are and answers the whole OR from indexes (a BitmapOr); an IN (subquery)
 * inside an OR is a hashed filter instead, applied to every proposal of the tab.
 */
/** What a proposal list row shows has this version (migration 0018: +1 at each commit that changed it). */
const proposalRowsVersionSql = sql<string>`(select ${changeVersions.version} from ${changeVersions} where ${changeVersions.name} = 'proposal_rows')`;

export async function proposalRowsVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: proposalRowsVersionSql }).from(sql`(select 1) as one`);
  return Number(row?.version ?? 0);
}

async function searchMatches(db: Db, search: string): Promise<SearchMatches | null> {
  if (!search) return null;
  const pattern = containsPattern(search);
  const [row] = await db
    .select({
      roadIds: sql<number[]>`array${idsMatching(roads, roads.name, pattern)}`,
      villageIds: sql<number[]>`array${idsMatching(villages, villages.name, pattern)}`,
      consultantIds: sql<number[]>`array${idsMatching(consultants, consultants.name, pattern)}`,
      version: proposalRowsVersionSql,
    })
    .from(sql`(select 1) as one`);
  return {
    pattern,
    roadIds: row?.roadIds ?? [],
    villageIds: row?.villageIds ?? [],
    consultantIds: row?.consultantIds ?? [],
    version: Number(row?.version ?? 0),
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

/** The kept counts (migration 0005) know type, year, consultant and status; nothing finer. */
const keptCountApplies = (filters: ProposalFilters, scope: ProposalScope, search: string) =>
  !search && filters.isHistory !== '1' && !filters.excludeId?.length && !scope.drawnOnMap;

/**
 * A list's total from the counts kept by triggers (a few thousand rows at most, whatever the table size), and
 * the version of the rows, read with it: a deep page's marks are valid for that version only.
 */
async function keptCount(db: Db, filters: ProposalFilters, scope: ProposalScope) {
  const conditions: SQL[] = [];
  if (filters.proposalType) conditions.push(sql`proposal_type = ${filters.proposalType}`);
  if (filters.startYear) conditions.push(sql`year >= ${filters.startYear}`);
  if (filters.endYear) conditions.push(sql`year <= ${filters.endYear}`);
  if (scope.consultantId !== undefined) conditions.push(sql`consultant_id = ${scope.consultantId}`);
  if (scope.statusTypes) conditions.push(statusIn(scope.statusTypes));
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(total), 0)::int`, version: proposalRowsVersionSql })
    .from(sql`proposal_counts ${where}`);
  return { total: row?.total ?? 0, version: Number(row?.version ?? 0) };
}

const statusIn = (statuses: readonly TStatusType[]) =>
  sql`status_type in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;

/**
 * Proposal ids fall into blocks of this many; migrations 0011 and 0013 keep a count per block (and type,
 * status, consultant and year), so a page in id order starts at its block's first id and skips only what
 * lies before it inside that block, instead of walking every row of the pages before it.
 */
export const PROPOSAL_ID_BLOCK = 16_384;

/** What the per-block counts can place: id order and the filters they are kept by. */
const blockPlacementApplies = (filters: ProposalFilters, scope: ProposalScope, list: ListRequest) =>
  keptCountApplies(filters, scope, list.search) && list.isIdDescending === true;

/**
 * The total of a list and where its page starts, from the per-block counts (consultant 0 holds every
 * consultant's): the ids below `idBelow` in id order, after skipping `skip` of them; null past the end.
 */
async function placeByBlocks(db: Db, filters: ProposalFilters, scope: ProposalScope, offset: number) {
  const conditions: SQL[] = [sql`consultant_id = ${scope.consultantId ?? 0}`];
  if (filters.proposalType) conditions.push(sql`proposal_type = ${filters.proposalType}`);
  if (scope.statusTypes) conditions.push(statusIn(scope.statusTypes));
  if (filters.startYear) conditions.push(sql`year >= ${filters.startYear}`);
  if (filters.endYear) conditions.push(sql`year <= ${filters.endYear}`);
  const blocks = await db
    .select({ block: sql<number>`block`, total: sql<number>`sum(total)::int` })
    .from(sql`proposal_blocks where ${sql.join(conditions, sql` and `)}`)
    .groupBy(sql`block`)
    .orderBy(sql`block desc`);
  let before = 0;
  let place: { idBelow: number; skip: number } | null = null;
  for (const { block, total } of blocks) {
    if (!place && before + total > offset) {
      place = { idBelow: (block + 1) * PROPOSAL_ID_BLOCK, skip: offset - before };
    }
    before += total;
  }
  return { total: before, place };
}

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
 * deep page cheap (5.3 → 1.2 ms at page 1000).
 */
function selectIds<F extends SelectedFields>(db: Db, fields: F, list: ListRequest) {
  const query = db.select(fields).from(proposals);
  return list.sortBy === 'road' ? query.leftJoin(roads, eq(roads.id, proposals.roadId)) : query;
}

/**
 * One page's ids and the list's total in one statement, for lists the kept counts do not know (the place
 * history, and a search's page beyond its kept matches): the matches are found once (a trigram bitmap and its heap recheck, the search's whole
 * cost), then counted and sorted, where a separate count and page query paid for them twice. The OFFSET 0
 * keeps the planner from merging the two levels: merged, it walked the whole table in id order (an index
 * that gives the order) and filtered every row, 400-700 ms for a deep search page.
 */
async function countedPageIds(db: Db, where: SQL | undefined, list: ListRequest) {
  const sortKey = sql`${list.sort?.column ?? proposals.id}`.as('sort_key');
  const matched = selectIds(db, { id: proposals.id, sortKey }, list).where(where);
  const direction = sql.raw(list.sort?.direction === 'asc' ? 'asc' : 'desc');
  const result = await db.execute(sql`
    select id, (count(*) over ())::int as total from (${matched} offset 0) as matched
    order by sort_key ${direction}, id desc limit ${list.limit} offset ${list.offset}`);
  const rows = (result as unknown as { rows: { id: number; total: number }[] }).rows;
  if (rows.length || list.offset === 0) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  // Past the end: no row carries the total.
  const [counted] = await db.select({ total: count() }).from(proposals).where(where);
  return { ids: [], total: counted?.total ?? 0 };
}

/**
 * A search's page from its kept matches (lib/kept-matches.ts), per search and version of the rows: a new
 * version (any proposal or name changed) finds them again.
 */
async function keptSearchPage(
  db: Db,
  where: SQL | undefined,
  list: ListRequest,
  key: { filters: ProposalFilters; scope: ProposalScope; search: string; version: number },
) {
  const find = firstMatches(db, list, { byDefault: proposals.id, tieBreak: 'desc' }, (sortKey) =>
    selectIds(db, { id: proposals.id, sortKey }, list).where(where),
  );
  return (await keptMatchPage(db, ['proposal', key], find, list)) ?? countedPageIds(db, where, list);
}

/** Sort keys that are never NULL, so a mark compares with plain = and > (a proposal may have no road). */
const MARKABLE_SORTS: ReadonlySet<string | undefined> = new Set([
  'id',
  'proposal_date',
  'proposer_name',
  'status_type',
  'created_at',
]);

/** The sort column and direction of a list as SQL (readListQuery always sets them; id desc otherwise). */
function sortOf(list: ListRequest) {
  return {
    column: list.sort?.column ?? proposals.id,
    direction: sql.raw(list.sort?.direction === 'asc' ? 'asc' : 'desc'),
    isAscending: list.sort?.direction === 'asc',
  };
}

/** Every LIST_MARKS.every-th row of a list in its order (lib/kept-marks.ts): one walk of the whole list. */
function findMarks(db: Db, where: SQL | undefined, list: ListRequest) {
  const { column, direction } = sortOf(list);
  return async (): Promise<ListMarks> => {
    const result = await db.execute(sql`
      select coalesce(array_agg(key order by n), '{}') as keys, coalesce(array_agg(id order by n), '{}') as ids
      from (
        select ${column}::text as key, ${proposals.id} as id,
          row_number() over (order by ${column} ${direction}, ${proposals.id} desc) as n
        from ${proposals} ${where ? sql`where ${where}` : sql``}
      ) as numbered
      where n % ${LIST_MARKS.every} = 0`);
    const [row] = (result as unknown as { rows: ListMarks[] }).rows;
    return { keys: row?.keys ?? [], ids: row?.ids ?? [] };
  };
}

/**
 * One page's ids after a mark: the rows of the mark's own sort key after its id, and the rows of later keys,
 * each an index range of at most skip + limit rows, merged in the list's order.
 */
async function idsAfterMark(db: Db, where: SQL | undefined, list: ListRequest, place: MarkedPlace) {
  const { column, direction, isAscending } = sortOf(list);
  const take = place.skip + list.limit;
  const sortKey = sql`${column}`.as('sort_key');
  const sameKey = db
    .select({ id: proposals.id, sortKey })
    .from(proposals)
    .where(and(where, sql`${column} = ${place.key}`, lt(proposals.id, place.id)))
    .orderBy(desc(proposals.id))
    .limit(take);
  const laterKeys = db
    .select({ id: proposals.id, sortKey })
    .from(proposals)
    .where(and(where, isAscending ? sql`${column} > ${place.key}` : sql`${column} < ${place.key}`))
    .orderBy(list.orderBy, desc(proposals.id))
    .limit(take);
  const result = await db.execute(sql`
    select id from ((${sameKey}) union all (${laterKeys})) as after_mark
    order by sort_key ${direction}, id desc limit ${list.limit} offset ${place.skip}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}

/**
 * The decorated rows of the given proposals, in the given order, by a prepared statement (db/prepared.ts):
 * building this select of five joins and two per-row subqueries took Drizzle about a millisecond per call.
 */
const rowsById = preparedOnce((db) =>
  selectRows(db)
    .where(sql`${proposals.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('proposal_rows_by_id'),
);

async function rowsByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await rowsById(db).execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
  // In id order (the default): the total and the page's block from the kept per-block counts, then at
  // most a block's worth of the index, whatever the page number.
  if (blockPlacementApplies(filters, scope, list)) {
    const { total, place } = await placeByBlocks(db, filters, scope, list.offset);
    if (!place) return { rows: [], total };
    const rows = await pageRows(db, and(where, lt(proposals.id, place.idBelow)), list, {
      reverse: false,
      offset: place.skip,
      limit: list.limit,
    });
    return { rows, total };
  }
  // Searches and the place history: the matches counted and paged in one statement.
  if (!keptCountApplies(filters, scope, list.search)) {
    const { ids, total } = search
      ? await keptSearchPage(db, where, list, {
          filters,
          scope,
          search: list.search,
          version: search.version,
        })
      : await countedPageIds(db, where, list);
    return { rows: await rowsByIds(db, ids), total };
  }
  // Page 1 in another order needs no total to be found: the rows and the total at once.
  if (list.offset === 0) {
    const [rows, { total }] = await Promise.all([
      pageRows(db, where, list, { reverse: false, offset: 0, limit: list.limit }),
      keptCount(db, filters, scope),
    ]);
    return { rows, total };
  }
  // A deeper page in another order: from the nearer end, so no page walks more than half the list, and
  // when that is still a long walk, from the nearest kept mark before it.
  const { total, version } = await keptCount(db, filters, scope);
  const page = nearerEnd(list, total);
  if (!page) return { rows: [], total };
  if (MARKABLE_SORTS.has(list.sortBy) && page.offset >= LIST_MARKS.every) {
    const key = ['proposal', filters, scope, list.sortBy, list.sort?.direction, version];
    const place = await placeByMarks(db, key, findMarks(db, where, list), list.offset);
    if (place) return { rows: await rowsByIds(db, await idsAfterMark(db, where, list, place)), total };
  }
  return { rows: await pageRows(db, where, list, page), total };
}

export type ProposalRecord = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

export async function proposalExists(db: Db, id: number) {
  const [row] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, id));
  return Boolean(row);
}

export async function findProposal(db: Db, id: number) {
  const [row] = await rowsByIds(db, [id]);
  return row ?? null;
}

/** The proposals of one consultant (the assigned-consultant detail list). */
export async function listConsultantProposals(db: Db, consultantId: number, list: ListRequest) {
  return listProposals(db, {}, list, { consultantId });
}

export async function listFiles(db: Db, proposalId: number) {
  return db
    .select({
      id: proposalFiles.id,
      kind: proposalFiles.kind,
      name: proposalFiles.name,
      ext: proposalFiles.ext,
      size: proposalFiles.size,
    })
    .from(proposalFiles)
    .where(eq(proposalFiles.proposalId, proposalId))
    .orderBy(proposalFiles.id);
}

export async function findFile(db: Db, id: number) {
  const [row] = await db
    .select({
      id: proposalFiles.id,
      proposalId: proposalFiles.proposalId,
      name: proposalFiles.name,
      mimeType: proposalFiles.mimeType,
      size: proposalFiles.size,
      storageKey: proposalFiles.storageKey,
      consultantId: proposals.consultantId,
    })
    .from(proposalFiles)
    .innerJoin(proposals, eq(proposals.id, proposalFiles.proposalId))
    .where(eq(proposalFiles.id, id));
  return row ?? null;
}

export interface ProposalValues {
  proposalType: TProposalType;
  proposalDate: string;
  proposerName: string;
  phoneNumber: string;
  roadId: number | null;
  villageId: number;
  rtNumber: string | null;
  rwNumber: string | null;
  address: string;
  consultantId: number;
}

/** The stored columns of a validated proposal form (web form and spreadsheet row alike). */
export const toProposalValues = (input: TProposalForm): ProposalValues => ({
  proposalType: input.proposalType,
  proposalDate: input.proposalDate,
  proposerName: input.proposerName,
  phoneNumber: input.phoneNumber,
  roadId: input.roadId ?? null,
  villageId: input.villageId,
  rtNumber: input.rtNumber ?? null,
  rwNumber: input.rwNumber ?? null,
  address: input.address,
  consultantId: input.consultantId,
});

export async function insertProposal(db: Db, values: ProposalValues & { createdById: number | null }) {
  const [row] = await db.insert(proposals).values(values).returning({ id: proposals.id });
  return row!.id;
}

/** Bulk insert for the spreadsheet import: one statement per chunk; the new ids in row order. */
/** Inserts in chunks of 1,000; `onChunk` hears how many are in so far (an import job's progress). */
export async function insertProposals(
  db: Db,
  rows: (ProposalValues & { createdById: number | null })[],
  onChunk?: (inserted: number) => void,
) {
  const CHUNK = 1000;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const inserted = await db
      .insert(proposals)
      .values(rows.slice(start, start + CHUNK))
      .returning({ id: proposals.id });
    ids.push(...inserted.map((row) => row.id));
    onChunk?.(ids.length);
  }
  return ids;
}

export async function updateProposal(db: Db, id: number, values: Partial<ProposalValues>) {
  await db
    .update(proposals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(proposals.id, id));
}

export async function insertFiles(
  db: Db,
  rows: {
    proposalId: number;
    kind: TFileKind;
    name: string;
    ext: string;
    mimeType: string;
    size: number;
    storageKey: string;
    uploadedById: number | null;
  }[],
) {
  if (rows.length) await db.insert(proposalFiles).values(rows);
}

/** Deletes the files of one kind not in `keepIds`; answers their storage keys to remove after commit. */
export async function deleteFilesExcept(db: Db, proposalId: number, kind: TFileKind, keepIds: number[]) {
  const removed = await db
    .delete(proposalFiles)
    .where(
      and(
        eq(proposalFiles.proposalId, proposalId),
        eq(proposalFiles.kind, kind),
        keepIds.length ? notInArray(proposalFiles.id, keepIds) : undefined,
      ),
    )
    .returning({ storageKey: proposalFiles.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Of the given ids, those that are files of this proposal and kind. */
export async function ownFileIds(db: Db, proposalId: number, kind: TFileKind, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: proposalFiles.id })
    .from(proposalFiles)
    .where(
      and(
        eq(proposalFiles.proposalId, proposalId),
        eq(proposalFiles.kind, kind),
        inArray(proposalFiles.id, ids),
      ),
    );
  return rows.map((row) => row.id);
}

/** Which of the referenced master records exist and are active (a new choice must be active). */
export async function activeReferences(
  db: Db,
  ids: { roadId?: number | null; villageId?: number; consultantId?: number },
) {
  const { roadId, villageId, consultantId } = ids;
  const [road, village, consultant] = await allQueries(db, [
    () =>
      roadId
        ? db
            .select({ id: roads.id })
            .from(roads)
            .where(and(eq(roads.id, roadId), eq(roads.isActive, true)))
        : Promise.resolve([{ id: 0 }]),
    () =>
      villageId
        ? db
            .select({ id: villages.id })
            .from(villages)
            .where(and(eq(villages.id, villageId), eq(villages.isActive, true)))
        : Promise.resolve([{ id: 0 }]),
    () =>
      consultantId
        ? db
            .select({ id: consultants.id })
            .from(consultants)
            .where(and(eq(consultants.id, consultantId), eq(consultants.isActive, true)))
        : Promise.resolve([{ id: 0 }]),
  ]);
  return { road: road.length > 0, village: village.length > 0, consultant: consultant.length > 0 };
}

/** A consultant's type and district, and a village's district, for consultantServesVillage. */
export async function consultantAndVillageDistricts(db: Db, consultantId: number, villageId: number) {
  const [row] = await db
    .select({
      consultantType: consultants.consultantType,
      districtId: consultants.districtId,
      // Aliases of its own: drizzle leaves column names unqualified in a one-table select.
      villageDistrictId: sql<
        number | null
      >`(select s.district_id from villages v join subdistricts s on s.id = v.subdistrict_id where v.id = ${villageId})`,
    })
    .from(consultants)
    .where(eq(consultants.id, consultantId));
  return row ?? null;
}

/** Lookup tables for the import: active roads, villages (with subdistrict) and consultants. */
export async function importLookups(db: Db) {
  const [roadRows, villageRows, consultantRows] = await Promise.all([
    db
      .select({ id: roads.id, name: roads.name })
      .from(roads)
      .where(eq(roads.isActive, true))
      .orderBy(roads.name),
    db
      .select({
        id: villages.id,
        name: villages.name,
        subdistrict: subdistricts.name,
        districtId: subdistricts.districtId,
      })
      .from(villages)
      .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
      .where(eq(villages.isActive, true))
      .orderBy(villages.name),
    db
      .select({
        id: consultants.id,
        code: consultants.code,
        name: consultants.name,
        consultantType: consultants.consultantType,
        districtId: consultants.districtId,
      })
      .from(consultants)
      .where(eq(consultants.isActive, true))
      .orderBy(consultants.name),
  ]);
  return { roads: roadRows, villages: villageRows, consultants: consultantRows };
}
