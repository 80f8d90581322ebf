// The proposal list calls on the embedded database (PGlite, DATABASE_URL unset) at
// 100,000 proposals, with 10 users at once; the limit is p99 < 300 ms.
//
// Data: generate.ts's set (10 years, the generator's shares) with survey details, made in a fresh PGlite
// data directory (or --data-dir=DIR, reused and kept); its accounts sign in as admin, as a structural
// official and as the consultant with the most unverified proposals.
// SQL: in this process, on the same data directory before the server opens it (one process per PGlite
// DATA_DIR): each scenario's own queries function with the route's parsed input, one call at a time (the
// floor: what PGlite itself needs), and EXPLAIN (ANALYZE, BUFFERS) of the SQL it sends.
// HTTP: the production server as its own process (server-process.ts) on that directory. Per scenario:
//   - paced: --users autocannon instances of one connection each (one per user, started spread over the
//     first second), each at most --rate calls a second: the figure the 300 ms limit is for;
//   - unpaced: one autocannon with --users connections that never pause: the saturation figure (PGlite
//     answers one query at a time, so by Little's law its p50 is about users / throughput).
// Mixed (fairness): the same paced users cycling through every list while one slow request runs: the
// map's proposal layer rebuilt for a new filter again and again, then a survey results export. The lists'
// p99 during each is printed next to the same users' idle p99, and with every run the server's longest
// event-loop delay (memory-probe.mjs): PGlite runs each statement synchronously on the server's thread, so
// that is the longest single statement everyone else waited for.
//
// Flags: --quick (10,000 proposals, 2 s runs; also BENCH_QUICK=1), --proposals=N, --data-dir=DIR, --keep,
// --duration=S, --users=N, --rate=N (calls a second per user), --only=key,…,mixed, --explain, --strict.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { ZProcessListQuery, ZProposalListQuery, ZVerificationQuery } from '@eusulan/shared';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/pglite';
import { testConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/db/bootstrap.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { readListQuery } from '../src/lib/pagination.ts';
import { parseInput } from '../src/lib/validate.ts';
import {
  consultantExists,
  listAssignedConsultants,
} from '../src/modules/assigned-consultant/assigned-consultant.queries.ts';
import {
  listConsultantProposals,
  listProposals,
  PROPOSAL_SORTABLE,
} from '../src/modules/proposal/proposal-list.queries.ts';
import { listWaitingProposals } from '../src/modules/verification/verification.queries.ts';
import { SEARCH_FRAGMENT, SHORT_SEARCH_FRAGMENT } from './bench-data.ts';
import { BENCH_ADMIN, type DataTarget, type SqlClient, type SqlPool } from './bench-database.ts';
import { BENCH_USER_PASSWORD, ensureBenchUsers, generateBenchData } from './generate.ts';
import { defaultFromYear, isQuick, onlyKeys, positiveInt } from './options.ts';
import { ms, percentile, verdict } from './report.ts';
import { processCpuMs, type ServerProcess, startServer } from './server-process.ts';

const LIMIT = { p99Ms: 300 };
/** Calls a second of one user: load.ts's pace (a screen every second or so, busier than anyone reads). */
const DEFAULT_RATE = 2;
const SERIAL_SAMPLES = 20;
const WARM_UP_REQUESTS = 20;
const TIMEOUT_SECONDS = 30;

type Role = 'admin' | 'structural' | 'consultan';

function readOptions() {
  const { values } = parseArgs({
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      proposals: { type: 'string' },
      'data-dir': { type: 'string' },
      keep: { type: 'boolean', default: false },
      duration: { type: 'string' },
      users: { type: 'string' },
      rate: { type: 'string' },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    },
  });
  const quick = isQuick(values.quick);
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : undefined;
  return {
    quick,
    proposals: positiveInt('proposals', values.proposals, quick ? 10_000 : 100_000),
    consultants: 50,
    fromYear: defaultFromYear(),
    dataDir,
    keep: values.keep || Boolean(dataDir),
    duration: positiveInt('duration', values.duration, quick ? 2 : 5),
    users: positiveInt('users', values.users, 10),
    rate: positiveInt('rate', values.rate, DEFAULT_RATE),
    only: onlyKeys(values.only),
    explain: values.explain,
    strict: values.strict,
  };
}
type Options = ReturnType<typeof readOptions>;

interface Scenario {
  key: string;
  title: string;
  role: Role;
  path: string;
  /** The route's own work on the database, with the route's parsed input. */
  sql: (db: Database) => Promise<unknown>;
  /** The matches the answer reports (its total, or its rows for a list without paging). */
  total: (body: unknown) => number;
}

const dataTotal = (body: unknown) => (body as { data: { total: number } }).data.total;
const metaTotal = (body: unknown) => (body as { meta: { total: number } }).meta.total;
const rowCount = (body: unknown) => (body as { data: { data: unknown[] } }).data.data.length;

/** The PGlite database in dataDir, migrated with the bench admin: Drizzle on it, and the generators' target. */
async function openPglite(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  await prepareDatabase(handle, testConfig({ ADMIN_PASSWORD: BENCH_ADMIN.password, DATA_DIR: dataDir }));
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const session: SqlClient = { query: (text, values) => client.query(text, values) };
  const pool: SqlPool = { ...session, connect: async () => ({ ...session, release: () => undefined }) };
  const target: DataTarget = { name: 'postgres', pool, db: handle.db };
  let captured: { sql: string; params: unknown[] }[] | null = null;
  // The same client with a logger, so a scenario's SQL and parameters can be read back for EXPLAIN.
  const traced = drizzle(client, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => captured?.push({ sql: query, params }) },
  }) as unknown as Database;
  return {
    db: handle.db,
    target,
    async capture(work: (db: Database) => Promise<unknown>) {
      captured = [];
      try {
        await work(traced);
        return captured;
      } finally {
        captured = null;
      }
    },
    close: () => handle.close(),
  };
}
type Pglite = Awaited<ReturnType<typeof openPglite>>;

/** The generator's accounts (ensureBenchUsers): a structural official, and the consultant with most unverified proposals. */
async function benchUsers(target: DataTarget) {
  await ensureBenchUsers(target);
  const {
    rows: [busiest],
  } = await target.pool.query<{ id: number; username: string }>(
    `select c.id, u.username from consultants c join users u on u.consultant_id = c.id
     where c.id = (select consultant_id from proposals where status_type = 'unverified'
                   group by 1 order by count(*) desc, 1 limit 1)
     order by u.id limit 1`,
  );
  const {
    rows: [structural],
  } = await target.pool.query<{ username: string }>(
    "select u.username from users u join roles r on r.id = u.role_id where r.slug = 'structural' order by u.id limit 1",
  );
  if (!busiest || !structural)
    throw new Error('the data set has no unverified proposals or structural account');
  return { consultantId: busiest.id, consultan: busiest.username, structural: structural.username };
}

/** The real data the scenarios ask about: a place with history, the busiest consultant, the tab size. */
async function pickTargets(target: DataTarget) {
  const query = async <R extends Record<string, unknown>>(text: string) =>
    (await target.pool.query<R>(text)).rows[0];
  const place = await query<{ villageId: number; roadId: number; rt: string; rw: string; latestId: number }>(
    `select village_id as "villageId", road_id as "roadId", rt_number as rt, rw_number as rw,
       max(id) as "latestId"
     from proposals where road_id is not null and rt_number is not null and rw_number is not null
     group by 1, 2, 3, 4 order by count(*) desc, 1, 2, 3, 4 limit 1`,
  );
  const consultant = await query<{ id: number }>(
    'select consultant_id as id from proposals group by 1 order by count(*) desc, 1 limit 1',
  );
  const taruna = await query<{ total: number }>(
    "select count(*)::int as total from proposals where proposal_type = 'taruna'",
  );
  const surveyRange = await query<{ startDate: string; endDate: string; surveys: number }>(
    // The newest 10 % of submitted surveys: an export of some thousands of rows at full size.
    `with days as (
       select (submitted_at at time zone 'Asia/Jakarta')::date as day from surveys
       where not is_draft order by submitted_at desc limit greatest(1, (select count(*) / 10 from surveys)))
     select to_char(min(day), 'YYYY-MM-DD') as "startDate", to_char(max(day), 'YYYY-MM-DD') as "endDate",
       count(*)::int as surveys from days`,
  );
  const districts = (await target.pool.query<{ id: number }>('select id from districts order by id')).rows;
  if (!place || !consultant || !surveyRange) throw new Error('the data set has no proposals');
  return {
    place,
    consultantId: consultant.id,
    tarunaTotal: taruna?.total ?? 0,
    surveyRange,
    districtIds: districts.map((row) => row.id),
  };
}
type Targets = Awaited<ReturnType<typeof pickTargets>> & { verifierConsultantId: number };

function proposalScenario(key: string, title: string, query: Record<string, string>): Scenario {
  const filters = parseInput(ZProposalListQuery, query);
  const list = readListQuery(query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id);
  return {
    key,
    title,
    role: 'admin',
    path: `/api-web/proposal?${new URLSearchParams(query)}`,
    sql: (db) => listProposals(db, filters, list, {}),
    total: dataTotal,
  };
}

/** The PostgreSQL bench's list scenarios, plus the structural and consultant lists. */
function buildScenarios(targets: Targets): Scenario[] {
  const thisYear = new Date().getFullYear();
  const deepPage = Math.max(1, Math.min(1000, Math.ceil(targets.tarunaTotal / 10)));
  const { place } = targets;
  const tab = (proposalType: string, more: Record<string, string> = {}) => ({
    proposalType,
    isHistory: '0',
    page: '1',
    limit: '10',
    ...more,
  });
  const consultantList = {
    page: 1,
    limit: 10,
    offset: 0,
    search: '',
    sortBy: 'total_proposals' as const,
    direction: 'asc' as const,
  };
  const firstPage = readListQuery({ page: '1', limit: '10' }, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id);
  const processQuery = { statusType: 'perlu_approval', page: '1', limit: '10' };
  const { statusType: _status, ...processFilters } = parseInput(ZProcessListQuery, processQuery);
  const verificationQuery = { proposalType: 'taruna' };
  const verificationFilters = parseInput(ZVerificationQuery, verificationQuery);
  return [
    ...(['taruna', 'umum', 'pokir', 'musrenbang'] as const).map((type) =>
      proposalScenario(`tab-${type}`, `tab ${type}, page 1`, tab(type)),
    ),
    proposalScenario(
      'search',
      `tab umum, search '${SEARCH_FRAGMENT}'`,
      tab('umum', { search: SEARCH_FRAGMENT }),
    ),
    proposalScenario(
      'search-short',
      `tab taruna, search '${SHORT_SEARCH_FRAGMENT}'`,
      tab('taruna', { search: SHORT_SEARCH_FRAGMENT }),
    ),
    proposalScenario(
      'year-range',
      `tab pokir, years ${thisYear - 2}-${thisYear - 1}`,
      tab('pokir', { startYear: String(thisYear - 2), endYear: String(thisYear - 1) }),
    ),
    proposalScenario('deep-page', `tab taruna, page ${deepPage}`, tab('taruna', { page: String(deepPage) })),
    proposalScenario(
      'sort-name',
      'tab musrenbang, sort proposer_name asc',
      tab('musrenbang', { sort_by: 'proposer_name', order_by: 'asc' }),
    ),
    proposalScenario('place-history', 'place history (isHistory=1)', {
      isHistory: '1',
      villageId: String(place.villageId),
      roadId: String(place.roadId),
      rtNumber: place.rt,
      rwNumber: place.rw,
      excludeId: String(place.latestId),
      page: '1',
      limit: '10',
    }),
    {
      key: 'consultants',
      title: 'assigned-consultant list',
      role: 'admin',
      path: '/api-web/assigned-consultant?page=1&limit=10',
      sql: (db) => listAssignedConsultants(db, consultantList),
      total: dataTotal,
    },
    {
      key: 'consultant-proposals',
      title: `assigned-consultant/${targets.consultantId}/list-proposal`,
      role: 'admin',
      path: `/api-web/assigned-consultant/${targets.consultantId}/list-proposal?page=1&limit=10`,
      sql: async (db) => {
        await consultantExists(db, targets.consultantId);
        return listConsultantProposals(db, targets.consultantId, firstPage);
      },
      total: metaTotal,
    },
    {
      key: 'process',
      title: 'process (Perlu Approval), page 1',
      role: 'structural',
      path: `/api-web/process?${new URLSearchParams(processQuery)}`,
      sql: (db) => listProposals(db, processFilters, firstPage, { statusTypes: ['surveyed'] }),
      total: dataTotal,
    },
    {
      key: 'verification',
      title: 'verification (taruna, whole list)',
      role: 'consultan',
      path: `/api-web/verification?${new URLSearchParams(verificationQuery)}`,
      sql: (db) => listWaitingProposals(db, verificationFilters, targets.verifierConsultantId),
      total: rowCount,
    },
  ];
}

interface SqlFigures {
  median: number;
  max: number;
  plans: string[];
}

/** The scenario's SQL alone on PGlite, one call at a time, and the plans of what it sends. */
async function measureSql(pglite: Pglite, scenario: Scenario): Promise<SqlFigures> {
  for (let i = 0; i < 3; i++) await scenario.sql(pglite.db);
  const samples: number[] = [];
  for (let i = 0; i < SERIAL_SAMPLES; i++) {
    const startedAt = performance.now();
    await scenario.sql(pglite.db);
    samples.push(performance.now() - startedAt);
  }
  samples.sort((a, b) => a - b);
  const plans: string[] = [];
  for (const query of await pglite.capture(scenario.sql)) {
    const { rows } = await pglite.target.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    plans.push(
      `  -- ${query.sql.slice(0, 160)}${query.sql.length > 160 ? ' ...' : ''}`,
      `  -- params: ${JSON.stringify(query.params).slice(0, 300)}`,
      ...rows.map((row) => `  ${row['QUERY PLAN']}`),
    );
  }
  return { median: percentile(samples, 50), max: samples.at(-1) ?? Number.NaN, plans };
}

interface Latencies {
  p50: number;
  p99: number;
  max: number;
  calls: number;
  perSecond: number;
  /**
   * The server's longest event-loop delay during the run: PGlite runs each statement synchronously on the
   * server's thread, so this is the longest single statement (or other synchronous work) everyone waited on.
   */
  longestHoldMs: number;
}

function summarise(latencies: number[], seconds: number, longestHoldMs: number): Latencies {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    calls: sorted.length,
    perSecond: sorted.length / seconds,
    longestHoldMs,
  };
}

interface Call {
  path: string;
  headers: Record<string, string>;
}

/**
 * Users against the server for `seconds`: paced, one autocannon instance of one connection per user, each
 * at most `rate` calls a second and started spread over the first second (users do not click in step);
 * unpaced (rate 0), one instance whose connections never pause. Each user cycles through `calls`. Every
 * answer's time is kept; anything but a 200 is an error.
 */
async function runUsers(
  server: ServerProcess,
  calls: Call[],
  options: { users: number; rate: number; seconds: number; stop?: Promise<unknown> },
) {
  const latencies: number[] = [];
  const errors: string[] = [];
  const requests = (offset: number): Parameters<typeof autocannon>[0]['requests'] =>
    calls.map((_, n) => {
      const call = calls[(n + offset) % calls.length] as Call;
      return { method: 'GET', path: call.path, headers: call.headers };
    });
  const record = (instance: ReturnType<typeof autocannon>) => {
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
      else if (errors.length < 5) errors.push(`status ${statusCode}`);
    });
    instance.on('reqError', (error) => {
      if (errors.length < 5) errors.push(error.message);
    });
    return instance;
  };
  const startedAt = performance.now();
  let longestHoldMs = 0;
  const sampler = setInterval(() => {
    longestHoldMs = Math.max(longestHoldMs, server.eventLoopDelayMs() ?? 0);
  }, 250);
  const instances: ReturnType<typeof autocannon>[] = [];
  const start = (user: number, connections: number, rate: number | undefined, seconds: number) => {
    const instance = autocannon({
      url: server.url,
      connections,
      connectionRate: rate,
      duration: seconds,
      timeout: TIMEOUT_SECONDS,
      // Each user starts at another call of the cycle.
      requests: requests(user),
    });
    record(instance);
    instances.push(instance);
    return instance;
  };
  const runs =
    options.rate === 0
      ? [start(0, options.users, undefined, options.seconds)]
      : Array.from({ length: options.users }, async (_, user) => {
          const delayMs = (user * 1000) / options.users;
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          return start(user, 1, options.rate, options.seconds - delayMs / 1000);
        });
  void options.stop?.then(() => {
    for (const instance of instances) instance.stop();
  });
  const results = await Promise.all(runs).finally(() => clearInterval(sampler));
  const errorCount = results.reduce(
    (sum, result) => sum + result.errors + result.timeouts + result.non2xx,
    0,
  );
  if (errorCount) throw new Error(`${errorCount} errors under load: ${errors.join('; ')}`);
  return summarise(latencies, (performance.now() - startedAt) / 1000, longestHoldMs);
}

interface ScenarioResult {
  scenario: Scenario;
  total: number;
  paced: Latencies;
  unpaced: Latencies;
  /** CPU ms of the server process (PGlite inside) per request during the unpaced run. */
  cpuPerRequest: number;
  sql: SqlFigures;
  misses: string[];
}

async function signIn(url: string, username: string, password: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: { auth: { accessToken: string } } };
  // What a browser sends: the server compresses lists in production.
  return {
    authorization: `Bearer ${body.data.auth.accessToken}`,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
  };
}

async function measureScenario(
  server: ServerProcess,
  scenario: Scenario,
  headers: Record<string, string>,
  sqlFigures: SqlFigures,
  options: Options,
): Promise<ScenarioResult> {
  const url = `${server.url}${scenario.path}`;
  let total = 0;
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${scenario.path}: ${response.status} ${await response.text()}`);
    total = scenario.total(await response.json());
  }
  const calls = [{ path: scenario.path, headers }];
  const paced = await runUsers(server, calls, {
    users: options.users,
    rate: options.rate,
    seconds: options.duration,
  });
  const cpuBefore = processCpuMs(server.pid) ?? Number.NaN;
  const unpaced = await runUsers(server, calls, { users: options.users, rate: 0, seconds: options.duration });
  const cpuPerRequest = ((processCpuMs(server.pid) ?? Number.NaN) - cpuBefore) / unpaced.calls;
  const misses = paced.p99 >= LIMIT.p99Ms ? [`p99 ${ms(paced.p99)} >= ${LIMIT.p99Ms} ms`] : [];
  return { scenario, total, paced, unpaced, cpuPerRequest, sql: sqlFigures, misses };
}

/** Years of the proposal layer for the n-th call: a filter no earlier call asked for, so never a cached body. */
function layerYears(n: number, fromYear: number) {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - fromYear + 1 }, (_, i) => thisYear - i);
  const all = (1 << years.length) - 1;
  const mask = all - (n % all);
  return years.filter((_, i) => mask & (1 << i));
}

interface MixedResult {
  title: string;
  lists: Latencies;
  slow: { calls: number; longestMs: number; detail: string };
  misses: string[];
}

/**
 * The paced users cycling through every list, first alone, then while the map's proposal layer is rebuilt
 * (a new filter each time, so never from the server's cache) call after call, then during a survey export.
 */
async function measureMixed(
  server: ServerProcess,
  scenarios: Scenario[],
  headersOf: Record<Role, Record<string, string>>,
  targets: Targets,
  options: Options,
): Promise<MixedResult[]> {
  const calls = scenarios.map((scenario) => ({ path: scenario.path, headers: headersOf[scenario.role] }));
  for (const call of calls) {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}${call.path}`, { headers: call.headers });
      if (!response.ok) throw new Error(`${call.path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  }
  const users = { users: options.users, rate: options.rate };
  const seconds = options.duration * 2;
  const results: MixedResult[] = [];
  const idle = await runUsers(server, calls, { ...users, seconds });
  results.push({
    title: 'lists alone',
    lists: idle,
    slow: { calls: 0, longestMs: 0, detail: '' },
    misses: [],
  });
  const boundMisses = (lists: Latencies) =>
    lists.p99 >= LIMIT.p99Ms ? [`list p99 ${ms(lists.p99)} >= ${LIMIT.p99Ms} ms`] : [];

  // The map's proposal layer, each call a filter not asked for before.
  let layerCalls = 0;
  let layerLongest = 0;
  let layerBytes = 0;
  let stopLayers = false;
  const layerLoop = (async () => {
    while (!stopLayers) {
      const years = layerYears(layerCalls, options.fromYear);
      const startedAt = performance.now();
      // The compact form, as /maps asks for it.
      const response = await fetch(`${server.url}/api-web/dashboard?format=encoded&year=${years.join(',')}`, {
        headers: headersOf.admin,
      });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`dashboard layer: ${response.status}`);
      layerLongest = Math.max(layerLongest, performance.now() - startedAt);
      layerBytes = Math.max(layerBytes, body.byteLength);
      layerCalls++;
    }
  })();
  const duringLayers = await runUsers(server, calls, { ...users, seconds });
  stopLayers = true;
  await layerLoop;
  results.push({
    title: 'lists while the map proposal layer is rebuilt, call after call',
    lists: duringLayers,
    slow: {
      calls: layerCalls,
      longestMs: layerLongest,
      detail: `${(layerBytes / 1024).toFixed(0)} KB compressed`,
    },
    misses: boundMisses(duringLayers),
  });

  // A survey results export of the newest tenth of the surveys, read as it streams.
  const { surveyRange } = targets;
  const exportStartedAt = performance.now();
  let exportBytes = 0;
  const exportDone = (async () => {
    const response = await fetch(`${server.url}/api-web/export`, {
      method: 'POST',
      headers: { ...headersOf.admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        startDate: surveyRange.startDate,
        endDate: surveyRange.endDate,
        districtId: targets.districtIds,
        option: '.xlsx',
      }),
    });
    if (!response.ok || !response.body)
      throw new Error(`export: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      exportBytes += chunk.length;
    return performance.now() - exportStartedAt;
  })();
  const duringExport = await runUsers(server, calls, { ...users, seconds: 3600, stop: exportDone });
  const exportMs = await exportDone;
  results.push({
    title: `lists during a survey export (${surveyRange.surveys.toLocaleString('en')} surveys)`,
    lists: duringExport,
    slow: { calls: 1, longestMs: exportMs, detail: `${(exportBytes / 1024 / 1024).toFixed(1)} MB xlsx` },
    misses: boundMisses(duringExport),
  });
  return results;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main() {
  const options = readOptions();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'eusulan-pglite-bench-'));
  let server: ServerProcess | undefined;
  let failed = false;
  try {
    // 1. Data and SQL alone, in this process.
    const pglite = await openPglite(dataDir);
    let scenarios: Scenario[];
    let mixedScenarios: Scenario[];
    let targets: Targets;
    let usernames: { structural: string; consultan: string };
    const sqlFigures = new Map<string, SqlFigures>();
    try {
      await generateBenchData(pglite.target, {
        proposals: options.proposals,
        consultants: options.consultants,
        fromYear: options.fromYear,
      });
      const accounts = await benchUsers(pglite.target);
      usernames = accounts;
      targets = { ...(await pickTargets(pglite.target)), verifierConsultantId: accounts.consultantId };
      const all = buildScenarios(targets);
      onlyKeys(options.only.join(','), [...all.map((scenario) => scenario.key), 'mixed']);
      scenarios = all.filter((scenario) => !options.only.length || options.only.includes(scenario.key));
      // The mixed runs cycle through the chosen lists, or all of them when only 'mixed' was asked for.
      mixedScenarios = scenarios.length ? scenarios : all;
      for (const scenario of scenarios) sqlFigures.set(scenario.key, await measureSql(pglite, scenario));
    } finally {
      await pglite.close();
    }

    // 2. Through HTTP, the server as its own process on the same directory.
    // The probe reports the server's event-loop delay: the longest synchronous PGlite statement.
    server = await startServer(undefined, { dataDir, memoryProbe: true });
    const headersOf: Record<Role, Record<string, string>> = {
      admin: await signIn(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password),
      structural: await signIn(server.url, usernames.structural, BENCH_USER_PASSWORD),
      consultan: await signIn(server.url, usernames.consultan, BENCH_USER_PASSWORD),
    };
    console.log(
      `\nPGlite bench: ${options.proposals.toLocaleString('en')} proposals from ${options.fromYear}, ${options.users} users ` +
        `(paced: ${options.rate} calls/s each; unpaced: ${options.users} connections), ${options.duration} s per run, ` +
        `${availableParallelism()} cores, load average ${load()}, data ${dataDir}\n`,
    );
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      const figures = sqlFigures.get(scenario.key) as SqlFigures;
      results.push(await measureScenario(server, scenario, headersOf[scenario.role], figures, options));
    }
    if (results.length) {
      const { users, rate } = options;
      console.log(
        `| scenario | key | matches | SQL alone (median / max of ${SERIAL_SAMPLES}) | ${users} users at ${rate}/s: p50 / p99 / max | longest hold | unpaced ${users} conn: req/s, p50 / p99 | server CPU ms/req | limit (paced p99 < ${LIMIT.p99Ms} ms) |`,
      );
      console.log('|---|---|--:|--:|--:|--:|--:|--:|---|');
      for (const { scenario, total, paced, unpaced, cpuPerRequest, sql: figures, misses } of results) {
        console.log(
          `| ${scenario.title} | ${scenario.key} | ${total.toLocaleString('en')} | ${ms(figures.median)} / ${ms(figures.max)} | ${ms(paced.p50)} / ${ms(paced.p99)} / ${ms(paced.max)} | ${ms(paced.longestHoldMs)} | ${unpaced.perSecond.toFixed(0)}, ${ms(unpaced.p50)} / ${ms(unpaced.p99)} | ${cpuPerRequest.toFixed(1)} | ${verdict(misses)} |`,
        );
      }
      console.log(`\nload average after the scenarios: ${load()}`);
      for (const result of results) {
        if (!options.explain && !result.misses.length) continue;
        console.log(
          `\nEXPLAIN (ANALYZE, BUFFERS) on PGlite of ${result.scenario.key} (${result.scenario.path}):`,
        );
        for (const line of result.sql.plans) console.log(line);
      }
      failed = results.some((result) => result.misses.length > 0);
    }

    if (!options.only.length || options.only.includes('mixed')) {
      const mixed = await measureMixed(server, mixedScenarios, headersOf, targets, options);
      console.log(
        `\n| ${options.users} users at ${options.rate}/s cycling through ${mixedScenarios.length} lists | calls | p50 | p99 | max | longest hold | the slow request: calls, longest | limit (list p99 < ${LIMIT.p99Ms} ms) |`,
      );
      console.log('|---|--:|--:|--:|--:|--:|--:|---|');
      for (const { title, lists, slow, misses } of mixed) {
        const slowText = slow.calls ? `${slow.calls}, ${ms(slow.longestMs)} (${slow.detail})` : '-';
        console.log(
          `| ${title} | ${lists.calls} | ${ms(lists.p50)} | ${ms(lists.p99)} | ${ms(lists.max)} | ${ms(lists.longestHoldMs)} | ${slowText} | ${slow.calls ? verdict(misses) : ''} |`,
        );
      }
      console.log(`\nload average after the mixed runs: ${load()}`);
      failed ||= mixed.some((result) => result.misses.length > 0);
    }
  } finally {
    await server?.stop();
    if (options.keep) console.log(`\ndata directory ${dataDir} kept; reuse it with --data-dir=${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed && options.strict) process.exitCode = 1;
}

await main();
