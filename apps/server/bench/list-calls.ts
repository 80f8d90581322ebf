// Every list call of the API as the list bench measures it: the URL, the role that may call it, the route's
// own queries function with the route's own parse of the same query string (so "SQL alone" is the SQL the
// route sends), and the same total counted plainly on the database (count(*) with the filter written out),
// which checks the answer's total. Paged lists are measured at page 1 and at a deep page (list.bench.ts);
// proposal lists in id order also check the page's rows against a plain ORDER BY ... OFFSET.
import {
  PROCESS_STATUS_FILTERS,
  SELECT_SEARCH_LIMIT,
  type TProcessStatusFilter,
  type TProposalType,
  ZCompletedWorkListQuery,
  ZProcessListQuery,
  ZProposalListQuery,
  ZVerificationQuery,
} from '@eusulan/shared';
import { asbSurveyors, photoCategories, roads, roadTypes, workNotes } from '../src/db/schema/index.ts';
import { readListQuery } from '../src/lib/pagination.ts';
import { parseInput } from '../src/lib/validate.ts';
import {
  consultantExists,
  listAssignedConsultants,
} from '../src/modules/assigned-consultant/assigned-consultant.queries.ts';
import {
  findImport,
  IMPORT_SORTABLE,
  listImports,
  listWorks,
  WORK_SORTABLE,
} from '../src/modules/completed-work/completed-work.queries.ts';
import { CONSULTANT_SORTABLE, listConsultants } from '../src/modules/master/consultant.queries.ts';
import {
  listSubdistricts,
  listVillages,
  SUBDISTRICT_SORTABLE,
  VILLAGE_SORTABLE,
} from '../src/modules/master/region.queries.ts';
import { listRows, type SimpleMasterTable } from '../src/modules/master/simple-master.queries.ts';
import {
  listTypeWorkColors,
  TYPE_WORK_COLOR_SORTABLE,
} from '../src/modules/master/type-work-color.queries.ts';
import { listUsers, USER_SORTABLE } from '../src/modules/master/user.queries.ts';
import {
  awaitingApproval,
  proposalTypesWhere,
  unverifiedOfConsultant,
} from '../src/modules/need-approval/need-approval.queries.ts';
import {
  listConsultantProposals,
  listProposals,
  PROPOSAL_SORTABLE,
} from '../src/modules/proposal/proposal-list.queries.ts';
import * as selectLists from '../src/modules/select-list/select-list.queries.ts';
import { listWaitingProposals } from '../src/modules/verification/verification.queries.ts';
import { SEARCH_FRAGMENT, SHORT_SEARCH_FRAGMENT } from './bench-data.ts';
import type { BenchDatabase } from './bench-database.ts';

export type CallerRole = 'admin' | 'consultan' | 'structural';

/** A list call; a paged one is measured at page 1 and at a deep page. */
export interface ListCall {
  key: string;
  group: string;
  title: string;
  role: CallerRole;
  /** Rows a page (paged calls); 0 for a call without pages. */
  limit: number;
  path(page: number): string;
  /** The route's own queries function with the route's own parse of the same query. */
  sql(page: number): Promise<unknown>;
  /** The total counted plainly on the database (for paged calls: what the answer's total must be). */
  count(): Promise<number>;
  /** A page's ids in order by a plain ORDER BY ... LIMIT ... OFFSET (proposal lists). */
  pageIds?(page: number): Promise<number[]>;
  /** Also measure the last page (where reading from the far end would pay most). */
  lastPage?: boolean;
  /** The answer's count to check against count(); default: its total, or its rows when it has none. */
  totalOf?(body: unknown): number;
}

/** A list answer's total (data.total or meta.total), or the number of its rows when it has none. */
export function answerTotal(body: unknown): number {
  const { data, meta } = body as { data?: unknown; meta?: { total?: number } };
  if (meta?.total !== undefined) return meta.total;
  if (Array.isArray(data)) return data.length;
  const inner = data as { total?: number; data?: unknown[] } | undefined;
  if (inner?.total !== undefined) return inner.total;
  return inner?.data?.length ?? 0;
}

/** The ids of a list answer's rows, in order. */
export function answerIds(body: unknown): number[] {
  const { data } = body as { data?: unknown };
  const rows = Array.isArray(data) ? data : ((data as { data?: unknown[] } | undefined)?.data ?? []);
  return rows.map((row) => (row as { id: number }).id);
}

/** need-approval: how many of the four types have something waiting. */
const waitingTypes = (body: unknown) =>
  Object.values((body as { data: Record<string, boolean> }).data).filter(Boolean).length;

/** The real data the calls ask about. */
export interface ListTargets {
  place: { villageId: number; roadId: number; rt: string; rw: string; latestId: number };
  /** The consultant (and type) with the most unverified proposals: the largest verification list. */
  busiest: { consultantId: number; username: string; proposalType: TProposalType };
  /** The import with the most lines. */
  largestImportId: number;
}

const YEAR = new Date().getFullYear();
const LIMIT = 10;

export async function pickTargets(bench: BenchDatabase): Promise<ListTargets> {
  const query = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await bench.pool.query<R>(text, values)).rows[0];
  const place = await query<ListTargets['place']>(
    `select village_id as "villageId", road_id as "roadId", rt_number as rt, rw_number as rw,
       max(id) as "latestId"
     from proposals where road_id is not null and rt_number is not null and rw_number is not null
     group by 1, 2, 3, 4 order by count(*) desc, 1, 2, 3, 4 limit 1`,
  );
  const busiest = await query<ListTargets['busiest']>(
    `select p.consultant_id as "consultantId", u.username, p.proposal_type as "proposalType"
     from proposals p join users u on u.consultant_id = p.consultant_id
     where p.status_type = 'unverified' group by 1, 2, 3 order by count(*) desc, 1, 3 limit 1`,
  );
  const largest = await query<{ id: number }>(
    'select import_id as id from completed_works group by 1 order by count(*) desc, 1 limit 1',
  );
  if (!place || !busiest || !largest) throw new Error('the bench database lacks proposals, users or works');
  return { place, busiest, largestImportId: largest.id };
}

/** A filter on proposals written out plainly, for the checking count and the page's ids. */
interface ProposalFilter {
  type?: TProposalType;
  startYear?: number;
  endYear?: number;
  consultantId?: number;
  statuses?: readonly string[];
  search?: string;
  place?: ListTargets['place'];
}

function proposalWhere(filter: ProposalFilter) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.type) conditions.push(`proposal_type = ${param(filter.type)}`);
  if (filter.startYear) conditions.push(`proposal_date >= make_date(${param(filter.startYear)}, 1, 1)`);
  if (filter.endYear) conditions.push(`proposal_date < make_date(${param(filter.endYear + 1)}, 1, 1)`);
  if (filter.consultantId) conditions.push(`consultant_id = ${param(filter.consultantId)}`);
  if (filter.statuses) conditions.push(`status_type::text = any(${param(filter.statuses)})`);
  if (filter.search) {
    const pattern = param(`%${filter.search}%`);
    conditions.push(`(search_text like lower(${pattern})
      or road_id in (select id from roads where name ilike ${pattern})
      or village_id in (select id from villages where name ilike ${pattern})
      or consultant_id in (select id from consultants where name ilike ${pattern}))`);
  }
  if (filter.place) {
    const { villageId, roadId, rt, rw, latestId } = filter.place;
    conditions.push(
      `village_id = ${param(villageId)} and road_id = ${param(roadId)} and rt_number = ${param(rt)}
       and rw_number = ${param(rw)} and id <> ${param(latestId)}`,
    );
  }
  return { where: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

const countRows = async (bench: BenchDatabase, text: string, params: unknown[] = []) =>
  (await bench.pool.query<{ total: number }>(`select count(*)::int as total ${text}`, params)).rows[0]
    ?.total ?? 0;

/** A GET proposal-like call: the query string without its page, and how the route calls listProposals. */
function proposalCall(
  bench: BenchDatabase,
  spec: {
    key: string;
    group: string;
    title: string;
    role: CallerRole;
    base: string;
    query: Record<string, string>;
    filter: ProposalFilter;
    /** How the route turns the query into listProposals' arguments. */
    run: (query: Record<string, string>) => Promise<unknown>;
    /** ORDER BY of the plain page query (default: id desc). */
    order?: string;
    lastPage?: boolean;
  },
): ListCall {
  const queryOf = (page: number) => ({ ...spec.query, page: String(page), limit: String(LIMIT) });
  const { where, params } = proposalWhere(spec.filter);
  return {
    key: spec.key,
    group: spec.group,
    title: spec.title,
    role: spec.role,
    limit: LIMIT,
    lastPage: spec.lastPage,
    path: (page) => `${spec.base}?${new URLSearchParams(queryOf(page))}`,
    sql: (page) => spec.run(queryOf(page)),
    count: () => countRows(bench, `from proposals ${where}`, params),
    async pageIds(page) {
      const { rows } = await bench.pool.query<{ id: number }>(
        `select id from proposals ${where} order by ${spec.order ?? 'id desc'}
         limit ${LIMIT} offset ${(page - 1) * LIMIT}`,
        params,
      );
      return rows.map((row) => row.id);
    },
  };
}

/** A master-like paged call whose query is page and limit only. */
function pagedCall(
  bench: BenchDatabase,
  spec: {
    key: string;
    group: string;
    title: string;
    base: string;
    run: (query: Record<string, string>) => Promise<unknown>;
    countFrom: string;
    countParams?: unknown[];
    query?: Record<string, string>;
    role?: CallerRole;
  },
): ListCall {
  const queryOf = (page: number) => ({ ...spec.query, page: String(page), limit: String(LIMIT) });
  return {
    key: spec.key,
    group: spec.group,
    title: spec.title,
    role: spec.role ?? 'admin',
    limit: LIMIT,
    path: (page) => `${spec.base}?${new URLSearchParams(queryOf(page))}`,
    sql: (page) => spec.run(queryOf(page)),
    count: () => countRows(bench, spec.countFrom, spec.countParams),
  };
}

/** A call without pages (its answer is the whole list). */
function wholeCall(
  spec: Omit<ListCall, 'limit' | 'path' | 'sql'> & { path: string; sql: () => Promise<unknown> },
): ListCall {
  return { ...spec, limit: 0, path: () => spec.path, sql: () => spec.sql() };
}

const SIMPLE_MASTERS: [string, string, SimpleMasterTable][] = [
  ['road', 'roads', roads],
  ['road-type', 'road_types', roadTypes],
  ['photo-category', 'photo_categories', photoCategories],
  ['asb-surveyor', 'asb_surveyors', asbSurveyors],
  ['work-note', 'work_notes', workNotes],
];

export function listCalls(bench: BenchDatabase, targets: ListTargets): ListCall[] {
  const { db } = bench;
  const admin = (query: Record<string, string>) =>
    listProposals(
      db,
      parseInput(ZProposalListQuery, query),
      readListQuery(query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id),
      {},
    );
  const { consultantId } = targets.busiest;
  const ownConsultant = (query: Record<string, string>) =>
    listProposals(
      db,
      parseInput(ZProposalListQuery, query),
      readListQuery(query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id),
      { consultantId },
    );
  const processList = (query: Record<string, string>) => {
    const { statusType, ...filters } = parseInput(ZProcessListQuery, query);
    return listProposals(db, filters, readListQuery(query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id), {
      statusTypes: PROCESS_STATUS_FILTERS[statusType].statusTypes,
    });
  };
  const proposal = '/api-web/proposal';
  const tab = (type: TProposalType) => ({ proposalType: type, isHistory: '0' });

  const calls: ListCall[] = [
    ...(['taruna', 'umum', 'pokir', 'musrenbang'] as const).map((type) =>
      proposalCall(bench, {
        key: `tab-${type}`,
        group: 'proposals',
        title: `GET proposal, tab ${type}`,
        role: 'admin',
        base: proposal,
        query: tab(type),
        filter: { type },
        run: admin,
        lastPage: type === 'taruna',
      }),
    ),
    proposalCall(bench, {
      key: 'search',
      group: 'proposals',
      title: `GET proposal, tab umum, search '${SEARCH_FRAGMENT}'`,
      role: 'admin',
      base: proposal,
      query: { ...tab('umum'), search: SEARCH_FRAGMENT },
      filter: { type: 'umum', search: SEARCH_FRAGMENT },
      run: admin,
    }),
    // A short given name: few trigrams and many matches, the search's hardest case.
    proposalCall(bench, {
      key: 'search-short',
      group: 'proposals',
      title: `GET proposal, tab taruna, search '${SHORT_SEARCH_FRAGMENT}'`,
      role: 'admin',
      base: proposal,
      query: { ...tab('taruna'), search: SHORT_SEARCH_FRAGMENT },
      filter: { type: 'taruna', search: SHORT_SEARCH_FRAGMENT },
      run: admin,
    }),
    proposalCall(bench, {
      key: 'year-range',
      group: 'proposals',
      title: `GET proposal, tab pokir, years ${YEAR - 2}-${YEAR - 1}`,
      role: 'admin',
      base: proposal,
      query: { ...tab('pokir'), startYear: String(YEAR - 2), endYear: String(YEAR - 1) },
      filter: { type: 'pokir', startYear: YEAR - 2, endYear: YEAR - 1 },
      run: admin,
    }),
    proposalCall(bench, {
      key: 'sort-name',
      group: 'proposals',
      title: 'GET proposal, tab musrenbang, sort proposer_name asc',
      role: 'admin',
      base: proposal,
      query: { ...tab('musrenbang'), sort_by: 'proposer_name', order_by: 'asc' },
      filter: { type: 'musrenbang' },
      order: 'proposer_name asc, id desc',
      run: admin,
    }),
    proposalCall(bench, {
      key: 'place-history',
      group: 'proposals',
      title: 'GET proposal, place history (isHistory=1)',
      role: 'admin',
      base: proposal,
      query: {
        isHistory: '1',
        villageId: String(targets.place.villageId),
        roadId: String(targets.place.roadId),
        rtNumber: targets.place.rt,
        rwNumber: targets.place.rw,
        excludeId: String(targets.place.latestId),
      },
      filter: { place: targets.place },
      run: admin,
    }),
    proposalCall(bench, {
      key: 'consultant-tab',
      group: 'proposals',
      title: `GET proposal as consultan, tab ${targets.busiest.proposalType}`,
      role: 'consultan',
      base: proposal,
      query: tab(targets.busiest.proposalType),
      filter: { type: targets.busiest.proposalType, consultantId },
      run: ownConsultant,
    }),
    ...(Object.keys(PROCESS_STATUS_FILTERS) as TProcessStatusFilter[]).map((statusType) =>
      proposalCall(bench, {
        key: `process-${statusType.replace('_', '-')}`,
        group: 'process',
        title: `GET process, tab taruna, ${PROCESS_STATUS_FILTERS[statusType].label}`,
        role: 'structural',
        base: '/api-web/process',
        query: { proposalType: 'taruna', statusType },
        filter: { type: 'taruna', statuses: PROCESS_STATUS_FILTERS[statusType].statusTypes },
        run: processList,
      }),
    ),
    wholeCall({
      key: 'verification',
      group: 'verification',
      title: `GET verification, tab ${targets.busiest.proposalType} of the consultant with most waiting`,
      role: 'consultan',
      path: `/api-web/verification?proposalType=${targets.busiest.proposalType}`,
      // As the service calls it (verification.service.ts): every waiting proposal of the tab, newest first.
      sql: () =>
        listWaitingProposals(
          db,
          parseInput(ZVerificationQuery, { proposalType: targets.busiest.proposalType }),
          consultantId,
        ),
      count: () =>
        countRows(
          bench,
          "from proposals where consultant_id = $1 and proposal_type = $2 and status_type = 'unverified'",
          [consultantId, targets.busiest.proposalType],
        ),
    }),
    wholeCall({
      key: 'need-approval-consultan',
      group: 'need-approval',
      title: 'GET need-approval as consultan (red dots)',
      role: 'consultan',
      path: '/api-web/need-approval',
      sql: () => proposalTypesWhere(db, unverifiedOfConsultant(consultantId)),
      count: () =>
        countRows(
          bench,
          "from (select distinct proposal_type from proposals where consultant_id = $1 and status_type = 'unverified') as t",
          [consultantId],
        ),
      totalOf: waitingTypes,
    }),
    wholeCall({
      key: 'need-approval-structural',
      group: 'need-approval',
      title: 'GET need-approval as structural (red dots)',
      role: 'structural',
      path: '/api-web/need-approval',
      sql: () => proposalTypesWhere(db, awaitingApproval()),
      count: () =>
        countRows(
          bench,
          "from (select distinct proposal_type from proposals where status_type = 'surveyed') as t",
        ),
      totalOf: waitingTypes,
    }),
    pagedCall(bench, {
      key: 'assigned-consultants',
      group: 'assigned consultants',
      title: 'GET assigned-consultant (by active tasks)',
      base: '/api-web/assigned-consultant',
      run: (query) =>
        listAssignedConsultants(db, {
          page: Number(query.page),
          limit: Number(query.limit),
          offset: (Number(query.page) - 1) * Number(query.limit),
          search: '',
          sortBy: 'total_proposals',
          direction: 'asc',
        }),
      countFrom: 'from consultants where is_active',
    }),
    proposalCall(bench, {
      key: 'consultant-proposals',
      group: 'assigned consultants',
      title: `GET assigned-consultant/${consultantId}/list-proposal`,
      role: 'admin',
      base: `/api-web/assigned-consultant/${consultantId}/list-proposal`,
      query: {},
      filter: { consultantId },
      run: async (query) => {
        await consultantExists(db, consultantId);
        return listConsultantProposals(
          db,
          consultantId,
          readListQuery(query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id),
        );
      },
    }),
    ...SIMPLE_MASTERS.map(([entity, table, columns]) =>
      pagedCall(bench, {
        key: `master-${entity}`,
        group: 'masters',
        title: `GET master/${entity}`,
        base: `/api-web/master/${entity}`,
        run: (query) =>
          listRows(
            db,
            columns,
            readListQuery(
              query,
              { id: columns.id, name: columns.name, isActive: columns.isActive },
              columns.id,
            ),
          ),
        countFrom: `from ${table}`,
      }),
    ),
    pagedCall(bench, {
      key: 'master-road-search',
      group: 'masters',
      title: "GET master/road, search 'ngagel'",
      base: '/api-web/master/road',
      query: { search: 'ngagel' },
      run: (query) => listRows(db, roads, readListQuery(query, { id: roads.id, name: roads.name }, roads.id)),
      countFrom: "from roads where name ilike '%ngagel%'",
    }),
    pagedCall(bench, {
      key: 'master-subdistrict',
      group: 'masters',
      title: 'GET master/subdistrict',
      base: '/api-web/master/subdistrict',
      run: (query) =>
        listSubdistricts(db, readListQuery(query, SUBDISTRICT_SORTABLE, SUBDISTRICT_SORTABLE.id)),
      countFrom: 'from subdistricts',
    }),
    pagedCall(bench, {
      key: 'master-village',
      group: 'masters',
      title: 'GET master/village',
      base: '/api-web/master/village',
      run: (query) => listVillages(db, readListQuery(query, VILLAGE_SORTABLE, VILLAGE_SORTABLE.id)),
      countFrom: 'from villages',
    }),
    pagedCall(bench, {
      key: 'master-consultant',
      group: 'masters',
      title: 'GET master/consultant',
      base: '/api-web/master/consultant',
      run: (query) => listConsultants(db, readListQuery(query, CONSULTANT_SORTABLE, CONSULTANT_SORTABLE.id)),
      countFrom: 'from consultants',
    }),
    pagedCall(bench, {
      key: 'master-user',
      group: 'masters',
      title: 'GET master/user',
      base: '/api-web/master/user',
      run: (query) => listUsers(db, readListQuery(query, USER_SORTABLE, USER_SORTABLE.id)),
      countFrom: 'from users',
    }),
    pagedCall(bench, {
      key: 'master-type-work-color',
      group: 'masters',
      title: 'GET master/type-work-color',
      base: '/api-web/master/type-work-color',
      run: (query) =>
        listTypeWorkColors(db, readListQuery(query, TYPE_WORK_COLOR_SORTABLE, TYPE_WORK_COLOR_SORTABLE.id)),
      countFrom: 'from type_work_colors',
    }),
    pagedCall(bench, {
      key: 'completed-work',
      group: 'completed works',
      title: 'GET completed-work (imports)',
      base: '/api-web/completed-work',
      run: (query) =>
        listImports(
          db,
          parseInput(ZCompletedWorkListQuery, query),
          readListQuery(query, IMPORT_SORTABLE, IMPORT_SORTABLE.id),
        ),
      countFrom: 'from completed_work_imports',
    }),
    pagedCall(bench, {
      key: 'completed-work-detail',
      group: 'completed works',
      title: `GET completed-work-detail/${targets.largestImportId} (its largest import)`,
      base: `/api-web/completed-work-detail/${targets.largestImportId}`,
      run: async (query) => {
        const imported = await findImport(db, targets.largestImportId);
        return listWorks(
          db,
          imported ?? { id: 0, workCount: null },
          readListQuery(query, WORK_SORTABLE, WORK_SORTABLE.id),
        );
      },
      countFrom: 'from completed_works where import_id = $1',
      countParams: [targets.largestImportId],
    }),
    ...selectListCalls(bench),
  ];
  return calls;
}

/** The select lists that read growing tables (the others read a few dozen master rows). */
function selectListCalls(bench: BenchDatabase): ListCall[] {
  const { db } = bench;
  const query = { search: '', limit: SELECT_SEARCH_LIMIT };
  const select = (
    name: string,
    search: string,
    run: (q: selectLists.SelectQuery) => Promise<unknown>,
    countFrom: string,
  ) =>
    wholeCall({
      key: `select-${name}${search ? '-search' : ''}`,
      group: 'select lists',
      title: `GET select-list/${name}${search ? `, search '${search}'` : ''}`,
      role: 'admin',
      path: `/api/select-list/${name}?${new URLSearchParams({ search, limit: String(SELECT_SEARCH_LIMIT) })}`,
      sql: () => run({ ...query, search }),
      count: async () => Math.min(SELECT_SEARCH_LIMIT, await countRows(bench, countFrom)),
    });
  return [
    select('road', '', (q) => selectLists.roadOptions(db, q), 'from roads where is_active'),
    select(
      'road',
      'ngagel',
      (q) => selectLists.roadOptions(db, q),
      "from roads where is_active and name ilike '%ngagel%'",
    ),
    select('village', '', (q) => selectLists.villageOptions(db, q), 'from villages where is_active'),
    select(
      'year-proposal',
      '',
      (q) => selectLists.proposalYearOptions(db, q),
      'from (select distinct extract(year from proposal_date) from proposals) as years',
    ),
    select(
      'year-completed-work',
      '',
      (q) => selectLists.completedWorkYearOptions(db, q),
      'from (select distinct year from completed_work_imports) as years',
    ),
    select(
      'location',
      '',
      (q) => selectLists.locationOptions(db, q),
      "from (select distinct location from completed_works where location <> '') as locations",
    ),
  ];
}
