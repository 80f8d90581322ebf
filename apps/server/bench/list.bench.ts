// Issue 4 budgets on PostgreSQL: the proposal list calls over a generated data set (200,000 proposals by
// default) through HTTP under load, each next to the same SQL run straight on the database, and the
// 10,000-row spreadsheet import (time and the server's peak RSS). Needs TEST_DATABASE_URL.
//
// HTTP: autocannon against the server running as its own process (see server-process.ts), twice per
// scenario: unpaced with N connections (the throughput), then paced at the budget's 300 req/s (the latency
// the budget means). Unpaced, p50 is about connections / throughput (Little's law), so at 10 connections
// "p50 < 25 ms" alone would demand 400 req/s; both sets of latencies are printed.
// SQL: the route's own queries function (listProposals, listAssignedConsultants, ...) called on a pool of
// the server's size with the route's parsed input, once at a time (the floor) and with as many concurrent
// callers as HTTP connections; the ratio is HTTP p50 / SQL p50 at the same concurrency, so what it shows
// is everything around the SQL: HTTP, session check, validation, presenter, JSON.
// CPU: the server process's and its PostgreSQL backends' CPU time per request during the unpaced run
// (/proc/<pid>/stat). Unlike latencies it barely moves when other work shares the machine, and it says how
// many requests per second the cores allow and where the time goes.
import { availableParallelism, loadavg } from 'node:os';
import { ZProposalListQuery } from '@eusulan/shared';
import autocannon from 'autocannon';
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
} from '../src/modules/proposal/proposal.queries.ts';
import { SEARCH_FRAGMENT, SHORT_SEARCH_FRAGMENT } from './bench-data.ts';
import { type BenchDatabase, openBenchDatabase } from './bench-database.ts';
import { generateBenchData } from './generate.ts';
import { buildImportWorkbook } from './import-workbook.ts';
import { type BenchOptions, readBenchOptions, requireServerUrl } from './options.ts';
import { ms, percentile, verdict } from './report.ts';
import {
  backendCpu,
  backendCpuBetween,
  processCpuMs,
  type ServerProcess,
  signInAdmin,
  startServer,
} from './server-process.ts';

const BUDGET = { p50Ms: 25, p99Ms: 100, requestsPerSecond: 300 };
const IMPORT_BUDGET = { seconds: 10, peakRssMb: 300 };
const SERIAL_SAMPLES = 20;
const WARM_UP_REQUESTS = 20;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Scenario {
  key: string;
  title: string;
  path: string;
  /** The same work the route does on the database, with the route's parsed input. */
  sql: () => Promise<unknown>;
  total: (body: unknown) => number;
}

interface ScenarioResult {
  scenario: Scenario;
  total: number;
  http: { p50: number; p99: number; perSecond: number; requests: number };
  paced: { p50: number; p99: number; perSecond: number };
  /** CPU ms per request during the unpaced run: the server process, and its PostgreSQL backends. */
  cpu: { server: number; database: number | null };
  sqlAlone: number;
  sqlLoaded: { p50: number; p99: number; perSecond: number };
  misses: string[];
}

const proposalTotal = (body: unknown) => (body as { data: { total: number } }).data.total;
const metaTotal = (body: unknown) => (body as { meta: { total: number } }).meta.total;

/** A GET proposal scenario: the URL and the route's own parse of its query, handed to listProposals. */
function proposalScenario(bench: BenchDatabase, key: string, title: string, query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  const filters = parseInput(ZProposalListQuery, query);
  const list = readListQuery(query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id);
  return {
    key,
    title,
    path: `/api-web/proposal?${search}`,
    sql: () => listProposals(bench.db, filters, list, {}),
    total: proposalTotal,
  };
}

/** The real data the scenarios ask about: a place with history, the busiest consultant, the tab sizes. */
async function pickTargets(bench: BenchDatabase) {
  const { rows: places } = await bench.pool.query<{
    villageId: number;
    roadId: number;
    rt: string;
    rw: string;
    latestId: number;
  }>(
    `select village_id as "villageId", road_id as "roadId", rt_number as rt, rw_number as rw,
       max(id) as "latestId"
     from proposals where road_id is not null and rt_number is not null and rw_number is not null
     group by 1, 2, 3, 4 order by count(*) desc, 1, 2, 3, 4 limit 1`,
  );
  const { rows: consultants } = await bench.pool.query<{ id: number }>(
    'select consultant_id as id from proposals group by 1 order by count(*) desc, 1 limit 1',
  );
  const { rows: tarunaRows } = await bench.pool.query<{ total: number }>(
    "select count(*)::int as total from proposals where proposal_type = 'taruna'",
  );
  const place = places[0];
  const consultant = consultants[0];
  if (!place || !consultant) throw new Error('the bench database has no proposals');
  return { place, consultantId: consultant.id, tarunaTotal: tarunaRows[0]?.total ?? 0 };
}

function buildScenarios(bench: BenchDatabase, targets: Awaited<ReturnType<typeof pickTargets>>): Scenario[] {
  const thisYear = new Date().getFullYear();
  const deepPage = Math.max(1, Math.min(1000, Math.ceil(targets.tarunaTotal / 10)));
  const { place } = targets;
  const consultantList = {
    page: 1,
    limit: 10,
    offset: 0,
    search: '',
    sortBy: 'total_proposals' as const,
    direction: 'asc' as const,
  };
  const consultantProposals = readListQuery(
    { page: '1', limit: '10' },
    PROPOSAL_SORTABLE,
    PROPOSAL_SORTABLE.id,
  );
  return [
    ...(['taruna', 'umum', 'pokir', 'musrenbang'] as const).map((type) =>
      proposalScenario(bench, `tab-${type}`, `tab ${type}, page 1`, {
        proposalType: type,
        isHistory: '0',
        page: '1',
        limit: '10',
      }),
    ),
    proposalScenario(bench, 'search', `tab umum, search '${SEARCH_FRAGMENT}'`, {
      proposalType: 'umum',
      isHistory: '0',
      search: SEARCH_FRAGMENT,
      page: '1',
      limit: '10',
    }),
    // A short given name: few trigrams, where the planner is most tempted to filter the whole tab instead.
    proposalScenario(bench, 'search-short', `tab taruna, search '${SHORT_SEARCH_FRAGMENT}'`, {
      proposalType: 'taruna',
      isHistory: '0',
      search: SHORT_SEARCH_FRAGMENT,
      page: '1',
      limit: '10',
    }),
    proposalScenario(bench, 'year-range', `tab pokir, years ${thisYear - 2}-${thisYear - 1}`, {
      proposalType: 'pokir',
      isHistory: '0',
      startYear: String(thisYear - 2),
      endYear: String(thisYear - 1),
      page: '1',
      limit: '10',
    }),
    proposalScenario(bench, 'deep-page', `tab taruna, page ${deepPage}`, {
      proposalType: 'taruna',
      isHistory: '0',
      page: String(deepPage),
      limit: '10',
    }),
    proposalScenario(bench, 'sort-name', 'tab musrenbang, sort proposer_name asc', {
      proposalType: 'musrenbang',
      isHistory: '0',
      sort_by: 'proposer_name',
      order_by: 'asc',
      page: '1',
      limit: '10',
    }),
    proposalScenario(bench, 'place-history', 'place history (isHistory=1)', {
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
      path: '/api-web/assigned-consultant?page=1&limit=10',
      sql: () => listAssignedConsultants(bench.db, consultantList),
      total: proposalTotal,
    },
    {
      key: 'consultant-proposals',
      title: `assigned-consultant/${targets.consultantId}/list-proposal`,
      path: `/api-web/assigned-consultant/${targets.consultantId}/list-proposal?page=1&limit=10`,
      sql: async () => {
        await consultantExists(bench.db, targets.consultantId);
        return listConsultantProposals(bench.db, targets.consultantId, consultantProposals);
      },
      total: metaTotal,
    },
  ];
}

/** `workers` callers in a closed loop for `seconds`, like autocannon's connections. */
async function loadSql(run: () => Promise<unknown>, workers: number, seconds: number) {
  const latencies: number[] = [];
  const startedAt = performance.now();
  const endAt = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < endAt) {
        const callStartedAt = performance.now();
        await run();
        latencies.push(performance.now() - callStartedAt);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / elapsed,
  };
}

async function measureScenario(
  scenario: Scenario,
  bench: BenchDatabase,
  server: ServerProcess,
  headers: Record<string, string>,
  options: BenchOptions,
): Promise<ScenarioResult> {
  const url = `${server.url}${scenario.path}`;
  let total = 0;
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${scenario.path}: ${response.status} ${await response.text()}`);
    total = scenario.total(await response.json());
  }
  const load = async (overallRate?: number) => {
    const run = await autocannon({
      url,
      headers,
      connections: options.connections,
      duration: options.duration,
      overallRate,
    });
    if (run.non2xx || run.errors || run.timeouts) {
      throw new Error(
        `${scenario.path}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts under load`,
      );
    }
    return {
      p50: run.latency.p50,
      p99: run.latency.p99,
      perSecond: run.requests.total / run.duration,
      requests: run.requests.total,
    };
  };
  const serverCpuBefore = processCpuMs(server.pid) ?? 0;
  const backendsBefore = await backendCpu(bench.pool);
  const http = await load();
  const serverCpu = (processCpuMs(server.pid) ?? 0) - serverCpuBefore;
  const databaseCpu = backendCpuBetween(backendsBefore, await backendCpu(bench.pool));
  const paced = await load(BUDGET.requestsPerSecond);
  const cpu = {
    server: serverCpu / http.requests,
    database: databaseCpu === null ? null : databaseCpu / http.requests,
  };

  for (let i = 0; i < 3; i++) await scenario.sql();
  const serial: number[] = [];
  for (let i = 0; i < SERIAL_SAMPLES; i++) {
    const startedAt = performance.now();
    await scenario.sql();
    serial.push(performance.now() - startedAt);
  }
  serial.sort((a, b) => a - b);
  const sqlLoaded = await loadSql(scenario.sql, options.connections, Math.max(1, options.duration / 2));

  const misses = [
    http.perSecond < BUDGET.requestsPerSecond
      ? `${http.perSecond.toFixed(0)} req/s < ${BUDGET.requestsPerSecond}`
      : '',
    paced.p50 >= BUDGET.p50Ms ? `p50 ${ms(paced.p50)} >= ${BUDGET.p50Ms} ms` : '',
    paced.p99 >= BUDGET.p99Ms ? `p99 ${ms(paced.p99)} >= ${BUDGET.p99Ms} ms` : '',
  ].filter(Boolean);
  return { scenario, total, http, paced, cpu, sqlAlone: percentile(serial, 50), sqlLoaded, misses };
}

async function printPlan(bench: BenchDatabase, scenario: Scenario) {
  const queries = await bench.capture(scenario.sql);
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${scenario.key} (${scenario.path}):`);
  for (const query of queries) {
    const { rows } = await bench.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    console.log(`  -- ${query.sql.slice(0, 160)}${query.sql.length > 160 ? ' ...' : ''}`);
    console.log(`  -- params: ${JSON.stringify(query.params)}`);
    for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
  }
}

async function measureImport(
  bench: BenchDatabase,
  server: ServerProcess,
  headers: Record<string, string>,
  rows: number,
) {
  const template = await fetch(`${server.url}/api-web/proposal/export-template?proposalType=pokir`, {
    headers,
  });
  if (!template.ok) throw new Error(`export-template: ${template.status}`);
  const workbook = await buildImportWorkbook(await template.arrayBuffer(), rows);
  const {
    rows: [before],
  } = await bench.pool.query<{ maxId: number }>('select coalesce(max(id), 0) as "maxId" from proposals');
  const form = new FormData();
  form.append('proposalType', 'pokir');
  form.append('file', new Blob([workbook], { type: XLSX_MIME }), 'Import Usulan Pokir.xlsx');

  server.resetPeak();
  const rssBefore = server.memory().rssMb;
  const startedAt = performance.now();
  const response = await fetch(`${server.url}/api-web/proposal/import-template`, {
    method: 'POST',
    headers,
    body: form,
  });
  const body = (await response.json()) as { data?: { imported?: number } };
  const seconds = (performance.now() - startedAt) / 1000;
  const { peakMb } = server.memory();
  // The bench database keeps only the generated set, so a reused one measures the same next time.
  await bench.pool.query('delete from proposals where id > $1', [before?.maxId ?? 0]);
  if (!response.ok || body.data?.imported !== rows) {
    throw new Error(`import failed: ${response.status} ${JSON.stringify(body).slice(0, 2000)}`);
  }
  const misses = [
    seconds >= IMPORT_BUDGET.seconds ? `${seconds.toFixed(1)} s >= ${IMPORT_BUDGET.seconds} s` : '',
    peakMb >= IMPORT_BUDGET.peakRssMb
      ? `peak RSS ${peakMb.toFixed(0)} MB >= ${IMPORT_BUDGET.peakRssMb} MB`
      : '',
  ].filter(Boolean);
  return { seconds, peakMb, rssBefore, fileKb: workbook.length / 1024, misses };
}

async function main() {
  const options = readBenchOptions();
  const serverUrl = requireServerUrl('proposal bench');
  const selected = (key: string) => !options.only.length || options.only.includes(key);
  const bench = await openBenchDatabase(serverUrl, options.database);
  let server: ServerProcess | undefined;
  let failed = false;
  try {
    await generateBenchData(bench, options);
    const targets = await pickTargets(bench);
    server = await startServer(bench.url);
    // What a browser sends: the server compresses lists in production.
    const headers = {
      ...(await signInAdmin(server.url)),
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    };
    const {
      rows: [pgInfo],
    } = await bench.pool.query<{ server_version: string }>('show server_version');
    // Other work on a shared machine moves every figure; the load average says how much there was.
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
    console.log(
      `\nproposal bench: ${options.proposals.toLocaleString('en')} proposals, ${options.connections} connections, ` +
        `${options.duration} s unpaced + ${options.duration} s paced per scenario, ` +
        `PostgreSQL ${pgInfo?.server_version}, ${availableParallelism()} cores, load average ${load()}, database ${bench.name}\n`,
    );

    const allScenarios = buildScenarios(bench, targets);
    const known = [...allScenarios.map((scenario) => scenario.key), 'import'];
    const unknown = options.only.filter((key) => !known.includes(key));
    if (unknown.length)
      throw new Error(`unknown --only keys ${unknown.join(', ')}; known: ${known.join(', ')}`);
    const scenarios = allScenarios.filter((scenario) => selected(scenario.key));
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      results.push(await measureScenario(scenario, bench, server, headers, options));
    }
    if (results.length) {
      const rate = BUDGET.requestsPerSecond;
      const conns = options.connections;
      console.log(
        `| scenario | key | matches | req/s @${conns} conn | p50 / p99 @${conns} conn | p50 / p99 @${rate} req/s | budget (>= ${rate} req/s; at ${rate} req/s p50 < ${BUDGET.p50Ms} ms, p99 < ${BUDGET.p99Ms} ms) |`,
      );
      console.log('|---|---|--:|--:|--:|--:|---|');
      for (const { scenario, total, http, paced, misses } of results) {
        console.log(
          `| ${scenario.title} | ${scenario.key} | ${total.toLocaleString('en')} | ${http.perSecond.toFixed(0)} | ${ms(http.p50)} / ${ms(http.p99)} | ${ms(paced.p50)} / ${ms(paced.p99)} | ${verdict(misses)} |`,
        );
      }
      const cores = availableParallelism();
      console.log(
        `\n| key | SQL alone | SQL p50 @${conns} | SQL calls/s @${conns} | HTTP p50 / SQL p50 @${conns} | CPU ms/request: server | CPU ms/request: PostgreSQL | req/s the CPU allows (${cores} cores) |`,
      );
      console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
      for (const { scenario, http, sqlLoaded, sqlAlone, cpu } of results) {
        const capacity =
          cpu.database === null ? '-' : ((cores * 1000) / (cpu.server + cpu.database)).toFixed(0);
        console.log(
          `| ${scenario.key} | ${ms(sqlAlone)} | ${ms(sqlLoaded.p50)} | ${sqlLoaded.perSecond.toFixed(0)} | ${(http.p50 / sqlLoaded.p50).toFixed(1)} | ${cpu.server.toFixed(2)} | ${cpu.database === null ? '-' : cpu.database.toFixed(2)} | ${capacity} |`,
        );
      }
      for (const result of results) {
        if (options.explain || result.misses.length) await printPlan(bench, result.scenario);
      }
      failed = results.some((result) => result.misses.length > 0);
      console.log(`\nload average after the list scenarios: ${load()}`);
    }

    if (selected('import')) {
      // A server process of its own: after the list load V8 keeps its grown heap, and the import's peak
      // would depend on what ran before it.
      await server.stop();
      server = await startServer(bench.url);
      const importHeaders = { ...(await signInAdmin(server.url)), accept: 'application/json' };
      const result = await measureImport(bench, server, importHeaders, options.importRows);
      console.log(
        `\n| import | file | time | server RSS before | peak RSS during | budget (< ${IMPORT_BUDGET.seconds} s, < ${IMPORT_BUDGET.peakRssMb} MB) |`,
      );
      console.log('|---|--:|--:|--:|--:|---|');
      console.log(
        `| ${options.importRows.toLocaleString('en')} pokir rows, POST /api-web/proposal/import-template | ${result.fileKb.toFixed(0)} KB | ${result.seconds.toFixed(2)} s | ${result.rssBefore.toFixed(0)} MB | ${result.peakMb.toFixed(0)} MB | ${verdict(result.misses)} |`,
      );
      failed ||= result.misses.length > 0;
    }
  } finally {
    await server?.stop();
    const drop = bench.created && !options.keep;
    await bench.close({ drop });
    if (!drop) console.log(`\ndatabase ${bench.name} kept; reuse it with --database=${bench.name}`);
  }
  if (failed && options.strict) process.exitCode = 1;
}

await main();
