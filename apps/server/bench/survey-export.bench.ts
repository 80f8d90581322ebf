// Export budget on PostgreSQL: 100,000 surveyed proposals exported to xlsx (POST /api-web/export, option
// '.xlsx', every Rayon) with the first byte under 2 s, the whole file under 60 s and the server's RSS growth
// under 300 MB; proposal-list calls made meanwhile keep their p95 within 2x of their idle p95.
// Needs TEST_DATABASE_URL.
//
// Data: the generated set of generate.ts (200,000 proposals by default, about 140,000 of them surveyed,
// one submitted survey each) plus survey details (survey-details.ts: conditions, work types, roads, ASB
// items). The export range is the newest survey days holding the asked number of surveyed proposals.
// The server runs as its own process (server-process.ts). The export is timed twice: alone (first byte,
// total, bytes, RSS growth: VmHWM reset just before the call), then again while autocannon sends
// proposal-list calls at a steady rate; their p95 is compared with the same load on the idle server.
//
// Flags: --quick (20,000 proposals, 10,000 exported; also BENCH_QUICK=1), --surveyed=N (exported rows,
// default 100,000), --proposals=N (generated set, default 200,000), --database=NAME and --keep (reuse/keep
// the database), --duration=S (idle list load, default 10), --rate=N (list calls per second, default 20),
// --connections=N (default 4), --verify (count the rows of the downloaded workbook; on with --quick),
// --explain (plans of the export's queries), --strict (exit 1 on a miss), --only=survey-export.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import { exportBatches, findExportedSurveys } from '../src/modules/survey-export/survey-export.queries.ts';
import { type BenchDatabase, openBenchDatabase } from './bench-database.ts';
import { generateBenchData } from './generate.ts';
import {
  databaseNameOf,
  defaultFromYear,
  isQuick,
  onlyKeys,
  positiveInt,
  requireServerUrl,
} from './options.ts';
import { ms, percentile, verdict } from './report.ts';
import { processCpuMs, type ServerProcess, signInAdmin, startServer } from './server-process.ts';
import { addSurveyDetails } from './survey-details.ts';

const BUDGET = { firstByteSeconds: 2, totalSeconds: 60, rssGrowthMb: 300, listP95Factor: 2 };
/** The office time zone the server counts survey days in (config TIME_ZONE default). */
const TIME_ZONE = 'Asia/Jakarta';
const LIST_PATH = '/api-web/proposal?proposalType=taruna&isHistory=0&page=1&limit=10';

function readOptions() {
  const { values } = parseArgs({
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      surveyed: { type: 'string' },
      proposals: { type: 'string' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      duration: { type: 'string' },
      rate: { type: 'string' },
      connections: { type: 'string' },
      verify: { type: 'boolean', default: false },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    },
  });
  const quick = isQuick(values.quick);
  onlyKeys(values.only, ['survey-export']); // its one key: refuses others
  const database = databaseNameOf(values.database);
  return {
    quick,
    surveyed: positiveInt('surveyed', values.surveyed, quick ? 10_000 : 100_000),
    proposals: positiveInt('proposals', values.proposals, quick ? 20_000 : 200_000),
    database,
    keep: values.keep || Boolean(database),
    duration: positiveInt('duration', values.duration, quick ? 3 : 10),
    rate: positiveInt('rate', values.rate, 20),
    connections: positiveInt('connections', values.connections, 4),
    verify: values.verify || quick,
    explain: values.explain,
    strict: values.strict,
  };
}

/** The newest survey days holding at least `surveyed` surveyed proposals, and how many they hold. */
async function exportRange(bench: BenchDatabase, surveyed: number) {
  const { rows } = await bench.pool.query<{ startDate: string; endDate: string; total: number }>(
    `with days as (
       select (submitted_at at time zone $1)::date as day, count(distinct proposal_id) as proposals
       from surveys where not is_draft group by 1
     ), running as (
       select day, sum(proposals) over (order by day desc) as total, max(day) over () as last_day from days
     )
     select to_char(day, 'YYYY-MM-DD') as "startDate", to_char(last_day, 'YYYY-MM-DD') as "endDate",
       total::int as total
     from running where total >= $2 order by day desc limit 1`,
    [TIME_ZONE, surveyed],
  );
  const range = rows[0];
  if (!range) {
    const {
      rows: [count],
    } = await bench.pool.query<{ total: number }>(
      'select count(distinct proposal_id)::int as total from surveys where not is_draft',
    );
    throw new Error(
      `the set has ${count?.total ?? 0} surveyed proposals, fewer than --surveyed=${surveyed}; generate more with --proposals`,
    );
  }
  return range;
}

async function allDistrictIds(bench: BenchDatabase) {
  const { rows } = await bench.pool.query<{ id: number }>('select id from districts order by id');
  return rows.map((row) => row.id);
}

/** CPU ms used so far by the bench database's backends (the server's pool), or null when not on this machine. */
async function databaseCpuMs(bench: BenchDatabase) {
  const { rows } = await bench.pool.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const used = processCpuMs(pid);
    if (used === null) return null;
    cpu.set(pid, used);
  }
  return cpu;
}

interface ExportRun {
  /** CPU seconds of the server process and of its PostgreSQL backends during the call. */
  serverCpuSeconds: number;
  databaseCpuSeconds: number | null;
  firstByteSeconds: number;
  totalSeconds: number;
  bytes: number;
  rssBeforeMb: number;
  peakMb: number;
  /** When the call started and ended (performance.now()), to pick the list calls made meanwhile. */
  startedAt: number;
  endedAt: number;
}

/** POST /api-web/export, reading the answer as it streams; the server's memory is sampled meanwhile. */
async function runExport(
  bench: BenchDatabase,
  server: ServerProcess,
  headers: Record<string, string>,
  body: unknown,
  saveTo?: string,
): Promise<ExportRun> {
  const serverCpuBefore = processCpuMs(server.pid) ?? 0;
  const databaseBefore = await databaseCpuMs(bench);
  server.resetPeak();
  const rssBeforeMb = server.memory().rssMb;
  let sampledPeak = rssBeforeMb;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, server.memory().rssMb);
  }, 100);
  const startedAt = performance.now();
  let firstByteAt: number | null = null;
  let bytes = 0;
  try {
    const response = await fetch(`${server.url}/api-web/export`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok || !response.body) {
      throw new Error(`export failed: ${response.status} ${await response.text()}`);
    }
    const file = saveTo ? createWriteStream(saveTo) : null;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      firstByteAt ??= performance.now();
      bytes += chunk.length;
      if (file && !file.write(chunk))
        await new Promise<void>((resolve) => file.once('drain', () => resolve()));
    }
    if (file) await new Promise<void>((resolve) => file.end(() => resolve()));
  } finally {
    clearInterval(sampler);
  }
  const endedAt = performance.now();
  const { peakMb } = server.memory();
  const serverCpuSeconds = ((processCpuMs(server.pid) ?? 0) - serverCpuBefore) / 1000;
  const databaseAfter = await databaseCpuMs(bench);
  const databaseCpuSeconds =
    databaseAfter && databaseBefore
      ? [...databaseAfter].reduce((sum, [pid, used]) => sum + used - (databaseBefore.get(pid) ?? 0), 0) / 1000
      : null;
  return {
    serverCpuSeconds,
    databaseCpuSeconds,
    firstByteSeconds: ((firstByteAt ?? endedAt) - startedAt) / 1000,
    totalSeconds: (endedAt - startedAt) / 1000,
    bytes,
    rssBeforeMb,
    peakMb: Math.max(peakMb, sampledPeak),
    startedAt,
    endedAt,
  };
}

interface TimedAnswer {
  at: number;
  latency: number;
}

/** A steady proposal-list load (autocannon, paced), recording when each answer came and how long it took. */
function startListLoad(
  server: ServerProcess,
  headers: Record<string, string>,
  options: { rate: number; connections: number; duration: number },
) {
  const answers: TimedAnswer[] = [];
  let failures = 0;
  const instance = autocannon({
    url: `${server.url}${LIST_PATH}`,
    headers,
    connections: options.connections,
    overallRate: options.rate,
    duration: options.duration,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode !== 200) failures++;
    answers.push({ at: performance.now(), latency: responseTime });
  });
  return {
    answers,
    failures: () => failures,
    stop: () => instance.stop(),
    done: instance,
  };
}

function latencyOf(answers: TimedAnswer[], from = 0, to = Number.POSITIVE_INFINITY) {
  const latencies = answers
    .filter((answer) => answer.at >= from && answer.at <= to)
    .map((answer) => answer.latency)
    .sort((a, b) => a - b);
  return {
    calls: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

/** The rows of the 'Hasil Survey' sheet of a saved workbook (without its header), read as a stream. */
async function countWorkbookRows(file: string) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  const counts: Record<string, number> = {};
  for await (const sheet of reader) {
    const name = (sheet as unknown as { name: string }).name;
    let rows = 0;
    for await (const _row of sheet) rows++;
    counts[name] = rows - 1;
  }
  return counts;
}

/** The export's own SQL, timed on a pool and explained: the survey pick, then one batch of rows. */
async function examineQueries(
  bench: BenchDatabase,
  input: { startDate: string; endDate: string; districtId: number[] },
  printPlans: boolean,
) {
  let startedAt = performance.now();
  const exported = await findExportedSurveys(bench.db, input, TIME_ZONE);
  const findMs = performance.now() - startedAt;
  startedAt = performance.now();
  let batches = 0;
  for await (const _batch of exportBatches(bench.db, exported)) batches++;
  const batchesSeconds = (performance.now() - startedAt) / 1000;
  console.log(
    `\nSQL alone: picking ${exported.length.toLocaleString('en')} surveys ${ms(findMs)}; reading them in ${batches} batches ${batchesSeconds.toFixed(1)} s (one pass; the workbook makes two)`,
  );
  if (!printPlans) return;
  const queries = [
    ...(await bench.capture(() => findExportedSurveys(bench.db, input, TIME_ZONE))),
    ...(await bench.capture(async () => {
      for await (const _batch of exportBatches(bench.db, exported)) break;
    })),
  ];
  for (const query of queries) {
    const { rows } = await bench.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    const params = JSON.stringify(query.params);
    console.log(`\n  -- ${query.sql.slice(0, 200)}${query.sql.length > 200 ? ' ...' : ''}`);
    console.log(`  -- params: ${params.length > 200 ? `${params.slice(0, 200)} ...` : params}`);
    // Lines that spell out the id lists are cut: the plan's shape is what matters.
    for (const row of rows) {
      const line = row['QUERY PLAN'];
      console.log(`  ${line.length > 240 ? `${line.slice(0, 240)} ...` : line}`);
    }
  }
}

async function main() {
  const options = readOptions();
  const serverUrl = requireServerUrl('survey export bench');
  const bench = await openBenchDatabase(serverUrl, options.database);
  let server: ServerProcess | undefined;
  const workDir = mkdtempSync(path.join(tmpdir(), 'eusulan-export-bench-'));
  let failed = false;
  try {
    await generateBenchData(bench, {
      proposals: options.proposals,
      consultants: 50,
      fromYear: defaultFromYear(),
    });
    const details = await addSurveyDetails(bench);
    const range = await exportRange(bench, options.surveyed);
    const input = {
      startDate: range.startDate,
      endDate: range.endDate,
      districtId: await allDistrictIds(bench),
      option: '.xlsx' as const,
    };
    server = await startServer(bench.url);
    const headers = {
      ...(await signInAdmin(server.url)),
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    };
    const {
      rows: [pgInfo],
    } = await bench.pool.query<{ server_version: string }>('show server_version');
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
    console.log(
      `\nsurvey export bench: ${range.total.toLocaleString('en')} surveyed proposals from ${range.startDate} to ${range.endDate} ` +
        `(${details.roads.toLocaleString('en')} surveyed roads, ${details.items.toLocaleString('en')} ASB items in the set), ` +
        `PostgreSQL ${pgInfo?.server_version}, ${availableParallelism()} cores, load average ${load()}, database ${bench.name}\n`,
    );

    // Warm-up: a small export and some list calls, so neither run pays for first-call compilation.
    await runExport(bench, server, headers, { ...input, startDate: input.endDate });
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}${LIST_PATH}`, { headers })).arrayBuffer();

    const saved = options.verify ? path.join(workDir, 'Hasil Survey.xlsx') : undefined;
    const alone = await runExport(bench, server, headers, input, saved);
    const rows = saved ? await countWorkbookRows(saved) : null;
    if (saved) rmSync(saved, { force: true });

    const idleLoad = startListLoad(server, headers, { ...options, duration: options.duration });
    await idleLoad.done;
    const idle = latencyOf(idleLoad.answers);

    const busyLoad = startListLoad(server, headers, { ...options, duration: 3600 });
    // Let the load settle into its pace before the export starts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await runExport(bench, server, headers, input);
    busyLoad.stop();
    await busyLoad.done;
    const during = latencyOf(busyLoad.answers, loaded.startedAt, loaded.endedAt);
    const listFailures = idleLoad.failures() + busyLoad.failures();

    const misses = (run: ExportRun) =>
      [
        run.firstByteSeconds >= BUDGET.firstByteSeconds
          ? `first byte ${run.firstByteSeconds.toFixed(2)} s >= ${BUDGET.firstByteSeconds} s`
          : '',
        run.totalSeconds >= BUDGET.totalSeconds
          ? `total ${run.totalSeconds.toFixed(1)} s >= ${BUDGET.totalSeconds} s`
          : '',
        run.peakMb - run.rssBeforeMb >= BUDGET.rssGrowthMb
          ? `RSS growth ${(run.peakMb - run.rssBeforeMb).toFixed(0)} MB >= ${BUDGET.rssGrowthMb} MB`
          : '',
        rows && rows['Hasil Survey'] !== range.total
          ? `workbook has ${rows['Hasil Survey']} rows, expected ${range.total}`
          : '',
      ].filter(Boolean);
    const exportMisses = misses(alone);
    console.log(
      `| run | rows | file | first byte | total | server RSS before | peak RSS | RSS growth | CPU: server / PostgreSQL | budget (first byte < ${BUDGET.firstByteSeconds} s, total < ${BUDGET.totalSeconds} s, growth < ${BUDGET.rssGrowthMb} MB) |`,
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
    for (const [name, run, runMisses] of [
      ['export alone', alone, exportMisses],
      [`export with ${options.rate} list calls/s`, loaded, misses(loaded)],
    ] as const) {
      console.log(
        `| ${name} | ${range.total.toLocaleString('en')} | ${(run.bytes / 1024 / 1024).toFixed(1)} MB | ${run.firstByteSeconds.toFixed(2)} s | ${run.totalSeconds.toFixed(1)} s | ${run.rssBeforeMb.toFixed(0)} MB | ${run.peakMb.toFixed(0)} MB | ${(run.peakMb - run.rssBeforeMb).toFixed(0)} MB | ${run.serverCpuSeconds.toFixed(1)} s / ${run.databaseCpuSeconds === null ? '-' : `${run.databaseCpuSeconds.toFixed(1)} s`} | ${verdict(runMisses)} |`,
      );
    }
    if (rows) {
      console.log(
        `\nworkbook: ${Object.entries(rows)
          .map(([name, count]) => `'${name}' ${count.toLocaleString('en')} rows`)
          .join(', ')}`,
      );
    }

    const listMisses = [
      during.p95 >= idle.p95 * BUDGET.listP95Factor
        ? `p95 ${ms(during.p95)} >= ${BUDGET.listP95Factor} x ${ms(idle.p95)}`
        : '',
      listFailures ? `${listFailures} list calls failed` : '',
      during.calls === 0 ? 'no list call answered during the export' : '',
    ].filter(Boolean);
    console.log(
      `\n| proposal list (${LIST_PATH}), ${options.rate} calls/s over ${options.connections} connections | calls | p50 | p95 | max | budget (p95 < ${BUDGET.listP95Factor} x idle) |`,
    );
    console.log('|---|--:|--:|--:|--:|---|');
    console.log(
      `| idle server (${options.duration} s) | ${idle.calls} | ${ms(idle.p50)} | ${ms(idle.p95)} | ${ms(idle.max)} | |`,
    );
    console.log(
      `| during the export (${loaded.totalSeconds.toFixed(1)} s) | ${during.calls} | ${ms(during.p50)} | ${ms(during.p95)} | ${ms(during.max)} | ${verdict(listMisses)} |`,
    );
    console.log(`\nload average after the runs: ${load()}`);

    failed = exportMisses.length > 0 || listMisses.length > 0;
    await examineQueries(bench, input, options.explain || failed);
  } finally {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
    const drop = bench.created && !options.keep;
    await bench.close({ drop });
    if (!drop) console.log(`\ndatabase ${bench.name} kept; reuse it with --database=${bench.name}`);
  }
  if (failed && options.strict) process.exitCode = 1;
}

await main();
