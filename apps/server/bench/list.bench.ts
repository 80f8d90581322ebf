// Every list call of the API over the full set (generate.ts: 1,000,000 proposals over ten years, 30 %
// surveyed with lines, 200,000 completed-work lines, 50 consultants) on PostgreSQL, each figure next to its
// budget (docs/performance.md). Needs TEST_DATABASE_URL.
//
// Per call (list-calls.ts), at page 1 and page 20 (the first pages) and at the middle page (and for the
// admin's taruna tab the last page):
//   - the answer's total checked against a plain count(*) on the database, and a proposal page's ids
//     against a plain ORDER BY ... OFFSET;
//   - HTTP: an open-loop load (paced-load.ts) against the server running as its own process
//     (server-process.ts), signed in as a role that may make the call, a call every 1/--rate s (50 req/s)
//     over --connections (10) kept-alive connections: p50 and p99 against the budget (first pages p50 < 50
//     ms and p99 < 200 ms, deeper pages p99 < 500 ms); CPU per request of the server and its PostgreSQL
//     backends during that run (/proc);
//   - the database's own time: the statements the route sends (captured from the route's queries
//     function), replayed one after another from a bare `pg` client (median of 20), and their EXPLAIN
//     ANALYZE execution time (summed);
//   - HTTP one at a time: the same call sent again as soon as the last answer is in, over one kept-alive
//     connection (median of 200), and whether it is <= 1.5 x the replayed statements + 2 ms.
// Then (key 'import') the 10,000-row spreadsheet import: time and the server's peak RSS.
//
// Flags: see options.ts (--quick, --proposals, --works, --database=NAME, --duration, --connections,
// --only=key,…, --explain, --strict) plus --rate (default 50) and --unpaced (also an unpaced run: req/s).
import { request as httpRequest } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { type BenchDatabase, openBenchDatabase } from './bench-database.ts';
import { BENCH_USER_PASSWORD, databaseSize, prepareBenchSet } from './generate.ts';
import { buildImportWorkbook, servingConsultantsOf } from './import-workbook.ts';
import {
  answerIds,
  answerTotal,
  type CallerRole,
  type ListCall,
  listCalls,
  pickTargets,
} from './list-calls.ts';
import { type BenchOptions, positiveInt, readBenchOptions, requireServerUrl } from './options.ts';
import { oneAtATimeP50, type PacedFigures, pacedLoad } from './paced-load.ts';
import { ms, percentile, verdict } from './report.ts';
import {
  backendCpu,
  backendCpuBetween,
  processCpuMs,
  type ServerProcess,
  signIn,
  signInAdmin,
  startServer,
} from './server-process.ts';

/** The first 20 pages of every list, and any search. */
const BUDGET = { p50Ms: 50, p99Ms: 200 };
/** Pages past the 20th. */
const DEEP_BUDGET = { p99Ms: 500 };
/** Pages up to this one are held to BUDGET. */
const FIRST_PAGES = 20;
/** The overhead target: HTTP p50 at most 1.5 times the statements' own time plus 2 ms. */
const OVERHEAD = { factor: 1.5, plusMs: 2 };
const IMPORT_BUDGET = { seconds: 10, peakRssMb: 300 };
const SERIAL_SAMPLES = 20;
const WARM_UP_REQUESTS = 20;
/** A paced load of the first call before any is measured (see the run). */
const WARM_UP_SECONDS = 2;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a browser sends: the server compresses lists in production. */
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

interface Scenario {
  call: ListCall;
  key: string;
  title: string;
  page: number;
  path: string;
}

interface ScenarioResult {
  scenario: Scenario;
  total: number;
  expected: number;
  idsChecked: boolean | null;
  jsonBytes: number;
  wireBytes: number;
  paced: PacedFigures;
  unpaced: PacedFigures | null;
  /** HTTP p50 one call at a time, ms. */
  oneAtATime: number;
  cpu: { server: number; database: number | null };
  /** The route's statements replayed from a bare pg client, median ms. */
  replayed: number;
  /** Their EXPLAIN ANALYZE execution time, summed, ms. */
  execution: number;
  misses: string[];
  overheadOk: boolean;
}

function readOptions() {
  const argv = process.argv.slice(2);
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: { rate: { type: 'string' }, unpaced: { type: 'boolean', default: false } },
  });
  const rest = argv.filter((arg) => !/^--(rate(=.*)?|unpaced)$/.test(arg));
  return {
    ...readBenchOptions(rest),
    rate: positiveInt('rate', typeof values.rate === 'string' ? values.rate : undefined, 50),
    unpaced: values.unpaced === true,
  };
}
type Options = BenchOptions & { rate: number; unpaced: boolean };

/** Page 1, page 20 and the middle page of a paged call (and its last page when asked); one scenario otherwise. */
function scenariosOf(call: ListCall, total: number): Scenario[] {
  const at = (page: number, label: string, suffix = '') => ({
    call,
    key: `${call.key}${suffix}`,
    title: `${call.title}${label}`,
    page,
    path: call.path(page),
  });
  if (!call.limit) return [at(1, '')];
  const pages = Math.max(1, Math.ceil(total / call.limit));
  const middle = Math.ceil(pages / 2);
  return [
    at(1, `, page 1 of ${pages.toLocaleString('en')}`),
    ...(pages >= FIRST_PAGES && middle !== FIRST_PAGES
      ? [at(FIRST_PAGES, `, page ${FIRST_PAGES}`, `@${FIRST_PAGES}`)]
      : []),
    ...(middle > 1 ? [at(middle, `, page ${middle.toLocaleString('en')} (middle)`, '@middle')] : []),
    ...(call.lastPage && pages > 2
      ? [at(pages, `, page ${pages.toLocaleString('en')} (last)`, '@last')]
      : []),
  ];
}

/** The bytes an answer takes on the wire (compressed as sent), read without decoding. */
function wireBytes(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** As many calls as the connections take (autocannon, back to back): the throughput. */
async function unpacedLoad(url: string, headers: Record<string, string>, options: Options) {
  const run = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.duration,
  });
  if (run.non2xx || run.errors || run.timeouts) {
    throw new Error(
      `${url}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts under load`,
    );
  }
  // Not one answer within the run (each took longer): no latency to speak of, only a miss.
  if (!run.requests.total) {
    return { p50: Number.POSITIVE_INFINITY, p99: Number.POSITIVE_INFINITY, perSecond: 0, requests: 0 };
  }
  return {
    p50: run.latency.p50,
    p99: run.latency.p99,
    perSecond: run.requests.total / run.duration,
    requests: run.requests.total,
  };
}

type CapturedQueries = Awaited<ReturnType<BenchDatabase['capture']>>;

/** The statements a call sends, each EXPLAIN ANALYZEd: the sum of their execution times (ms). */
async function executionTime(bench: BenchDatabase, queries: CapturedQueries) {
  let total = 0;
  for (const query of queries) {
    const { rows } = await bench.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, timing off) ${query.sql}`,
      query.params,
    );
    const line = rows.map((row) => row['QUERY PLAN']).find((text) => text.startsWith('Execution Time'));
    total += Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? 0);
  }
  return total;
}

/** The statements replayed one after another from a bare pg client: the median of SERIAL_SAMPLES runs (ms). */
async function replayTime(bench: BenchDatabase, queries: CapturedQueries) {
  const replay = async () => {
    for (const query of queries) await bench.pool.query(query.sql, query.params);
  };
  for (let i = 0; i < 3; i++) await replay();
  const times: number[] = [];
  for (let i = 0; i < SERIAL_SAMPLES; i++) {
    const startedAt = performance.now();
    await replay();
    times.push(performance.now() - startedAt);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/** A scenario's page is one of the first pages (held to BUDGET) or a deeper one (DEEP_BUDGET). */
const isFirstPage = (scenario: Scenario) => scenario.page <= FIRST_PAGES;

async function measureScenario(
  scenario: Scenario,
  bench: BenchDatabase,
  server: ServerProcess,
  headers: Record<string, string>,
  expected: number,
  options: Options,
): Promise<ScenarioResult> {
  const url = `${server.url}${scenario.path}`;
  let text = '';
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    const response = await fetch(url, { headers });
    text = await response.text();
    if (!response.ok) throw new Error(`${scenario.path}: ${response.status} ${text.slice(0, 500)}`);
  }
  const body = JSON.parse(text) as unknown;
  const total = scenario.call.totalOf ? scenario.call.totalOf(body) : answerTotal(body);
  let idsChecked: boolean | null = null;
  if (scenario.call.pageIds) {
    const plain = await scenario.call.pageIds(scenario.page);
    idsChecked = plain.join() === answerIds(body).join();
  }

  const serverCpuBefore = processCpuMs(server.pid) ?? 0;
  const backendsBefore = await backendCpu(bench.pool);
  const paced = await pacedLoad(url, headers, options);
  const serverCpu = (processCpuMs(server.pid) ?? 0) - serverCpuBefore;
  const databaseCpu = backendCpuBetween(backendsBefore, await backendCpu(bench.pool));
  const unpaced = options.unpaced ? await unpacedLoad(url, headers, options) : null;

  const oneAtATime = await oneAtATimeP50(url, headers);

  const queries = await bench.capture(() => scenario.call.sql(scenario.page));
  const replayed = await replayTime(bench, queries);
  const execution = await executionTime(bench, queries);

  const overheadOk = oneAtATime <= OVERHEAD.factor * replayed + OVERHEAD.plusMs;
  const misses = [
    total !== expected ? `total ${total} <> count(*) ${expected}` : '',
    overheadOk
      ? ''
      : `one at a time ${ms(oneAtATime)} > ${OVERHEAD.factor} x replayed ${ms(replayed)} + ${OVERHEAD.plusMs} ms`,
    idsChecked === false ? 'rows differ from ORDER BY ... OFFSET' : '',
    ...(isFirstPage(scenario)
      ? [
          paced.p50 >= BUDGET.p50Ms ? `p50 ${ms(paced.p50)} >= ${BUDGET.p50Ms} ms` : '',
          paced.p99 >= BUDGET.p99Ms ? `p99 ${ms(paced.p99)} >= ${BUDGET.p99Ms} ms` : '',
        ]
      : [paced.p99 >= DEEP_BUDGET.p99Ms ? `p99 ${ms(paced.p99)} >= ${DEEP_BUDGET.p99Ms} ms` : '']),
  ].filter(Boolean);
  return {
    scenario,
    total,
    expected,
    idsChecked,
    jsonBytes: Buffer.byteLength(text),
    wireBytes: await wireBytes(url, headers),
    paced,
    unpaced,
    oneAtATime,
    cpu: {
      server: serverCpu / Math.max(1, paced.requests),
      database: databaseCpu === null ? null : databaseCpu / Math.max(1, paced.requests),
    },
    replayed,
    execution,
    misses,
    overheadOk,
  };
}

async function printPlan(bench: BenchDatabase, scenario: Scenario) {
  const queries = await bench.capture(() => scenario.call.sql(scenario.page));
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${scenario.key} (${scenario.path}):`);
  for (const query of queries) {
    const { rows } = await bench.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    console.log(`  -- ${query.sql.slice(0, 200)}${query.sql.length > 200 ? ' ...' : ''}`);
    console.log(`  -- params: ${JSON.stringify(query.params).slice(0, 300)}`);
    for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
  }
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 10 * 1024
      ? `${(bytes / 1024).toFixed(0)} kB`
      : `${(bytes / 1024).toFixed(1)} kB`;

const budgetOf = (scenario: Scenario) =>
  isFirstPage(scenario) ? `< ${BUDGET.p50Ms} / < ${BUDGET.p99Ms} ms` : `p99 < ${DEEP_BUDGET.p99Ms} ms`;

function printTable(results: ScenarioResult[], options: Options) {
  const { rate, connections } = options;
  console.log(
    `\n| call | key | matches (= count(*)) | p50 / p99 @${rate} req/s, ${connections} conn | budget | statements replayed (EXPLAIN exec) | HTTP p50 one at a time | HTTP / replayed | <= ${OVERHEAD.factor} x replayed + ${OVERHEAD.plusMs} ms | CPU ms/req server + PostgreSQL | JSON / wire |${options.unpaced ? ` req/s unpaced @${connections} |` : ''} verdict |`,
  );
  console.log(`|---|---|--:|--:|---|--:|--:|--:|---|--:|--:|${options.unpaced ? '--:|' : ''}---|`);
  for (const result of results) {
    const { scenario, paced, cpu, oneAtATime } = result;
    const checked =
      result.total === result.expected
        ? `${result.total.toLocaleString('en')}${result.idsChecked ? ' (rows ✓)' : ''}`
        : `${result.total.toLocaleString('en')} ≠ ${result.expected.toLocaleString('en')}`;
    console.log(
      `| ${scenario.title} | ${scenario.key} | ${checked} | ${ms(paced.p50)} / ${ms(paced.p99)} | ${budgetOf(scenario)} | ${ms(result.replayed)} (${ms(result.execution)}) | ${ms(oneAtATime)} | ${(oneAtATime / result.replayed).toFixed(1)} | ${result.overheadOk ? 'yes' : 'no'} | ${cpu.server.toFixed(2)} + ${cpu.database === null ? '-' : cpu.database.toFixed(2)} | ${kb(result.jsonBytes)} / ${kb(result.wireBytes)} |${result.unpaced ? ` ${result.unpaced.perSecond.toFixed(0)} |` : ''} ${verdict(result.misses)} |`,
    );
  }
  const passed = results.filter((result) => !result.misses.length).length;
  const overheadOk = results.filter((result) => result.overheadOk).length;
  console.log(
    `\n${passed} of ${results.length} calls PASS (first ${FIRST_PAGES} pages p50 < ${BUDGET.p50Ms} ms, p99 < ${BUDGET.p99Ms} ms; deeper p99 < ${DEEP_BUDGET.p99Ms} ms; one at a time <= ${OVERHEAD.factor} x replayed + ${OVERHEAD.plusMs} ms; totals and rows right); ` +
      `${overheadOk} of ${results.length} within the overhead`,
  );
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
  const workbook = await buildImportWorkbook(await template.arrayBuffer(), rows, {
    servingConsultants: await servingConsultantsOf(bench.pool),
  });
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

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main() {
  const options = readOptions();
  const serverUrl = requireServerUrl('list bench');
  const bench = await openBenchDatabase(serverUrl, options.database);
  let server: ServerProcess | undefined;
  let failed = false;
  try {
    const set = await prepareBenchSet(bench, options);
    const targets = await pickTargets(bench);
    const calls = listCalls(bench, targets);
    const known = [...calls.map((call) => call.key), 'import'];
    const unknown = options.only.filter((key) => !known.includes(key.replace(/@.*/, '')));
    if (unknown.length)
      throw new Error(`unknown --only keys ${unknown.join(', ')}; known: ${known.join(', ')}`);
    const selected = (key: string) =>
      !options.only.length || options.only.includes(key) || options.only.includes(key.replace(/@.*/, ''));

    server = await startServer(bench.url);
    const headersOf: Record<CallerRole, Record<string, string>> = {
      admin: { ...(await signInAdmin(server.url)), ...BROWSER },
      consultan: {
        ...(await signIn(server.url, { username: targets.busiest.username, password: BENCH_USER_PASSWORD })),
        ...BROWSER,
      },
      structural: {
        ...(await signIn(server.url, { username: 'structural-1', password: BENCH_USER_PASSWORD })),
        ...BROWSER,
      },
    };
    const {
      rows: [pgInfo],
    } = await bench.pool.query<{ server_version: string }>('show server_version');
    const {
      rows: [sizes],
    } = await bench.pool.query<{ proposals: number; surveyed: number; works: number }>(
      `select (select count(*)::int from proposals) as proposals,
         (select count(distinct s.proposal_id)::int from surveys s join survey_roads r on r.survey_id = s.id) as surveyed,
         (select count(*)::int from completed_works) as works`,
    );
    console.log(
      `\nlist bench: ${sizes?.proposals.toLocaleString('en')} proposals (${sizes?.surveyed.toLocaleString('en')} surveyed with lines), ` +
        `${sizes?.works.toLocaleString('en')} completed-work lines, database ${bench.name} (${await databaseSize(bench)}${set.generated ? `, made in ${set.seconds.toFixed(0)} s` : ', reused'}), ` +
        `PostgreSQL ${pgInfo?.server_version}, ${availableParallelism()} cores; ${options.connections} connections paced at ${options.rate} req/s, ` +
        `${options.duration} s per run; load average ${loadAverage()}\n`,
    );

    const isSelectedCall = (call: (typeof calls)[number]) =>
      !options.only.length || options.only.some((key) => key.replace(/@.*/, '') === call.key);
    // The server's first paced second opens its pool's connections, whose first statements run on cold
    // backends: 100-200 ms tails that belonged to whichever call came first. Spent here, not counted.
    const firstCall = calls.find(isSelectedCall);
    if (firstCall) {
      const [firstScenario] = scenariosOf(firstCall, await firstCall.count());
      if (firstScenario) {
        await pacedLoad(`${server.url}${firstScenario.path}`, headersOf[firstCall.role], {
          ...options,
          duration: WARM_UP_SECONDS,
        });
      }
    }

    const results: ScenarioResult[] = [];
    for (const call of calls) {
      if (!isSelectedCall(call)) continue;
      const expected = await call.count();
      for (const scenario of scenariosOf(call, expected).filter((s) => selected(s.key))) {
        const result = await measureScenario(
          scenario,
          bench,
          server,
          headersOf[call.role],
          expected,
          options,
        );
        results.push(result);
        console.log(
          `  ${scenario.key}: p50 ${ms(result.paced.p50)}, p99 ${ms(result.paced.p99)}, one at a time ${ms(result.oneAtATime)}, replayed ${ms(result.replayed)}, ${verdict(result.misses)}`,
        );
      }
    }
    if (results.length) {
      printTable(results, options);
      for (const result of results) {
        if (options.explain || result.misses.length) await printPlan(bench, result.scenario);
      }
      failed = results.some((result) => result.misses.length > 0);
      console.log(`\nload average after the list calls: ${loadAverage()}`);
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
