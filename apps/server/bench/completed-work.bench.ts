// The completed-work budgets on PostgreSQL: a zip of 50,000 line features (about 40 MB) imports in
// under 60 s with the server's peak RSS under 512 MB, and a completed-work-detail page over that import
// answers with p50 under 30 ms. Needs TEST_DATABASE_URL.
//
// The import goes through HTTP to a freshly started server process (see server-process.ts), so the peak
// RSS (VmHWM, reset just before the upload) is the import's alone. The detail calls are then timed one at
// a time (the budget is a latency, not a throughput), each beside the route's own SQL on a pool.
//
// Flags: --quick (10,000 features), --features=N, --samples=N (default 50), --database=NAME and --keep
// (reuse/keep the database), --explain (plans of every detail scenario), --strict (exit 1 on a miss),
// --only=completed-work (all; for a harness that passes one --only to every bench), import, detail.
import { parseArgs } from 'node:util';
import { readListQuery } from '../src/lib/pagination.ts';
import {
  findImport,
  findWork,
  listWorks,
  packageLines,
  WORK_SORTABLE,
} from '../src/modules/completed-work/completed-work.queries.ts';
import { type BenchDatabase, openBenchDatabase } from './bench-database.ts';
import { buildBenchZip } from './completed-work-zip.ts';
import { databaseNameOf, isQuick, onlyKeys, requireServerUrl } from './options.ts';
import { ms, percentile, verdict } from './report.ts';
import { type ServerProcess, signInAdmin, startServer } from './server-process.ts';

const BUDGET = { importSeconds: 60, peakRssMb: 512, detailP50Ms: 30 };

function readOptions() {
  const { values } = parseArgs({
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      features: { type: 'string' },
      samples: { type: 'string' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    },
  });
  const quick = isQuick(values.quick);
  const only = onlyKeys(values.only, ['completed-work', 'import', 'detail']);
  const all = !only.length || only.includes('completed-work');
  const database = databaseNameOf(values.database);
  return {
    features: Number(values.features ?? (quick ? 10_000 : 50_000)),
    samples: Number(values.samples ?? 50),
    database,
    keep: values.keep || Boolean(database),
    explain: values.explain,
    strict: values.strict,
    // The detail scenarios need the import's data, so the import always runs; 'detail' only skips its row.
    reportImport: all || only.includes('import'),
    runDetail: all || only.includes('detail'),
  };
}

async function typeWorkColorId(bench: BenchDatabase) {
  const { rows } = await bench.pool.query<{ id: number }>(
    `insert into type_work_colors (type_work, color) values ('Bench Pengaspalan', '#e53935')
     returning id`,
  );
  return rows[0]?.id ?? 0;
}

async function measureImport(bench: BenchDatabase, server: ServerProcess, features: number) {
  const built = await buildBenchZip(features);
  const headers = { ...(await signInAdmin(server.url)), accept: 'application/json' };
  const typeId = await typeWorkColorId(bench);
  const form = new FormData();
  form.append('year', '2025');
  form.append('type_work_id', String(typeId));
  form.append('file', new Blob([built.zip], { type: 'application/zip' }), 'Pekerjaan Selesai Bench.zip');

  server.resetPeak();
  const rssBefore = server.memory().rssMb;
  const startedAt = performance.now();
  const response = await fetch(`${server.url}/api-web/completed-work`, {
    method: 'POST',
    headers,
    body: form,
  });
  const body = (await response.json()) as {
    data?: { completedWork?: { id: number }; works?: number; warnings?: string[]; errorList?: string[] };
  };
  const seconds = (performance.now() - startedAt) / 1000;
  const { peakMb } = server.memory();
  if (response.status !== 201 || body.data?.works !== features || !body.data.completedWork) {
    throw new Error(`import failed: ${response.status} ${JSON.stringify(body).slice(0, 2000)}`);
  }
  const misses = [
    seconds >= BUDGET.importSeconds ? `${seconds.toFixed(1)} s >= ${BUDGET.importSeconds} s` : '',
    peakMb >= BUDGET.peakRssMb ? `peak RSS ${peakMb.toFixed(0)} MB >= ${BUDGET.peakRssMb} MB` : '',
  ].filter(Boolean);
  return {
    importId: body.data.completedWork.id,
    warnings: body.data.warnings?.length ?? 0,
    seconds,
    peakMb,
    rssBefore,
    zipMb: built.zip.length / 1024 / 1024,
    rawMb: built.uncompressedBytes / 1024 / 1024,
    points: built.points,
    misses,
  };
}

interface DetailScenario {
  key: string;
  /** The call's path; a scenario whose every call is new gives a different one each time. */
  path: () => string;
  sql: () => Promise<unknown>;
}

async function detailScenarios(
  bench: BenchDatabase,
  importId: number,
  features: number,
): Promise<DetailScenario[]> {
  const list = (query: Record<string, string>) => readListQuery(query, WORK_SORTABLE, WORK_SORTABLE.id);
  const imported = await findImport(bench.db, importId);
  if (!imported) throw new Error(`import ${importId} not found`);
  const pathOf = (query: Record<string, string>) =>
    `/api-web/completed-work-detail/${importId}?${new URLSearchParams(query)}`;
  const page = (key: string, query: Record<string, string>) => ({
    key,
    path: () => pathOf(query),
    // As the route calls it: the import's row first (its kept count), then the page.
    sql: async () => listWorks(bench.db, (await findImport(bench.db, importId)) ?? imported, list(query)),
  });
  // A search no one asked before, every call: what the first asker of a search waits.
  let newTerm = 0;
  const searchOfNewTerm = () => ({
    page: '1',
    limit: '10',
    search: `Paket Pekerjaan Jalan ${1000 + newTerm++}`,
  });
  const { rows } = await bench.pool.query<{ id: number }>(
    'select id from completed_works where import_id = $1 order by id limit 1 offset $2',
    [importId, Math.floor(features / 2)],
  );
  const workId = rows[0]?.id ?? 0;
  const deepPage = String(Math.max(1, Math.floor(features / 10 / 2)));
  return [
    page('page-1', { page: '1', limit: '10' }),
    page('deep-page', { page: deepPage, limit: '10' }),
    page('search', { page: '1', limit: '10', search: 'Paket Pekerjaan Jalan 1234' }),
    page('search, page 3', { page: '3', limit: '10', search: 'Paket Pekerjaan Jalan 12' }),
    {
      key: 'search, a new term each call',
      path: () => pathOf(searchOfNewTerm()),
      sql: async () => listWorks(bench.db, imported, list(searchOfNewTerm())),
    },
    page('sort-lokasi', { page: '1', limit: '10', sort_by: 'lokasi', order_by: 'asc' }),
    page('sort-panjang', { page: '1', limit: '10', sort_by: 'panjang', order_by: 'desc' }),
    page('sort-tahun', { page: '1', limit: '10', sort_by: 'tahun', order_by: 'asc' }),
    {
      key: 'work-detail',
      path: () => `/api-web/completed-work-detail/${workId}/detail`,
      sql: async () => {
        const work = await findWork(bench.db, workId);
        if (work) await packageLines(bench.db, work.importId, work.packageName);
      },
    },
  ];
}

async function timeSerial(run: () => Promise<unknown>, samples: number) {
  for (let i = 0; i < 5; i++) await run();
  const timings: number[] = [];
  for (let i = 0; i < samples; i++) {
    const startedAt = performance.now();
    await run();
    timings.push(performance.now() - startedAt);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

async function printPlan(bench: BenchDatabase, scenario: DetailScenario) {
  const queries = await bench.capture(scenario.sql);
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${scenario.key} (${scenario.path()}):`);
  for (const query of queries) {
    const { rows } = await bench.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    console.log(`  -- ${query.sql.slice(0, 160)}${query.sql.length > 160 ? ' ...' : ''}`);
    for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
  }
}

async function main() {
  const options = readOptions();
  const serverUrl = requireServerUrl('completed-work bench');
  const bench = await openBenchDatabase(serverUrl, options.database);
  let server: ServerProcess | undefined;
  let failed = false;
  try {
    server = await startServer(bench.url);
    const {
      rows: [pgInfo],
    } = await bench.pool.query<{ server_version: string }>('show server_version');
    console.log(
      `\ncompleted-work bench: ${options.features.toLocaleString('en')} line features, PostgreSQL ${pgInfo?.server_version}, database ${bench.name}\n`,
    );
    const imported = await measureImport(bench, server, options.features);
    if (options.reportImport) {
      console.log(
        `| import | zip (uncompressed) | points | time | server RSS before | peak RSS during | warnings | budget (< ${BUDGET.importSeconds} s, < ${BUDGET.peakRssMb} MB) |`,
      );
      console.log('|---|--:|--:|--:|--:|--:|--:|---|');
      console.log(
        `| ${options.features.toLocaleString('en')} line features, POST /api-web/completed-work | ${imported.zipMb.toFixed(1)} MB (${imported.rawMb.toFixed(1)} MB) | ${imported.points.toLocaleString('en')} | ${imported.seconds.toFixed(2)} s | ${imported.rssBefore.toFixed(0)} MB | ${imported.peakMb.toFixed(0)} MB | ${imported.warnings} | ${verdict(imported.misses)} |`,
      );
      failed ||= imported.misses.length > 0;
    }

    if (options.runDetail) {
      await bench.pool.query('analyze completed_works');
      const headers = { ...(await signInAdmin(server.url)), accept: 'application/json' };
      const scenarios = await detailScenarios(bench, imported.importId, options.features);
      console.log(
        `\n| scenario | path | HTTP p50 / p95 (${options.samples} serial calls) | SQL p50 / p95 | budget (p50 < ${BUDGET.detailP50Ms} ms) |`,
      );
      console.log('|---|---|--:|--:|---|');
      for (const scenario of scenarios) {
        const shownPath = scenario.path();
        const http = await timeSerial(async () => {
          const path = scenario.path();
          const response = await fetch(`${server?.url}${path}`, { headers });
          if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
        }, options.samples);
        const sqlTimes = await timeSerial(scenario.sql, options.samples);
        const misses = http.p50 >= BUDGET.detailP50Ms ? [`p50 ${ms(http.p50)}`] : [];
        failed ||= misses.length > 0;
        console.log(
          `| ${scenario.key} | ${shownPath} | ${ms(http.p50)} / ${ms(http.p95)} | ${ms(sqlTimes.p50)} / ${ms(sqlTimes.p95)} | ${verdict(misses)} |`,
        );
        if (options.explain || misses.length) await printPlan(bench, scenario);
      }
    }
    // A reused database keeps only what it had: the import goes again (its works with it).
    await bench.pool.query('delete from completed_work_imports where id = $1', [imported.importId]);
    await bench.pool.query("delete from type_work_colors where type_work = 'Bench Pengaspalan'");
  } finally {
    await server?.stop();
    const drop = bench.created && !options.keep;
    await bench.close({ drop });
    if (!drop) console.log(`\ndatabase ${bench.name} kept; reuse it with --database=${bench.name}`);
  }
  if (failed && options.strict) process.exitCode = 1;
}

await main();
