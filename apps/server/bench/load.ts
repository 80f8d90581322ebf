// Load: an office of 50 people on the server at once, on PostgreSQL and on PGlite. Each virtual
// user (load-workload.ts) signs in as its own account and works the screens of its role, one call at a time,
// at most --rate calls a second (default 2: a page every second or so, far busier than a person reading
// it), for 60 s (--short: 10 s); users arrive one by one over the first 30 % of the run (at most 10 s).
// Logins, lists with searches and pages, details, select lists, the map layers and uploads (proposals with
// a png and a pdf, survey photos) are all in the mix. The load tool is autocannon, one instance of one
// connection per user, so every user keeps its own session and pace.
//
// Pass (exit 1 otherwise): no errors (an answer other than the call's expected statuses, a socket error, a
// timeout); on PostgreSQL the p99 of the reads (GET), all together and per type with 100 or more answers,
// under 300 ms; on PGlite, whose one connection makes requests queue, the same under 3 s; and the
// server's memory flat: its RSS and V8 heap right after a full collection at 95 % of the run at most
// max(10 %, 16 MB) above the same at 50 %.
//
// Data (load-data.ts): 5,000 generated proposals over the real Surabaya regions with survey details,
// 2,000 completed-work lines and the 50 users; PostgreSQL in a fresh eusulan_bench_<random> on the
// TEST_DATABASE_URL server (dropped afterwards) or --database=NAME (reused and kept), PGlite in a temporary
// data directory. The server runs as its own production process (server-process.ts) with memory-probe.mjs.
//
// Flags: --short, --duration=S, --users=N, --rate=N (0: no pause), --proposals=N, --works=N,
// --db=pglite,postgres (default: PGlite, and PostgreSQL when TEST_DATABASE_URL is set), --database=NAME, --keep,
// --latency=report (CI: the p99 limits are printed, not judged; errors and memory still are, since a shared
// machine's load moves latency but never makes an error or a leak).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openBenchDatabase, openPgliteBenchDatabase, type SqlClient } from './bench-database.ts';
import { type LoadFixtures, prepareLoadData } from './load-data.ts';
import { buildUploadBodies, type Call, VirtualUser } from './load-workload.ts';
import { databaseNameOf, onlyKeys, positiveInt } from './options.ts';
import { ms, percentile, verdict } from './report.ts';
import {
  backendCpu,
  backendCpuBetween,
  processCpuMs,
  type ServerProcess,
  startServer,
} from './server-process.ts';

type DatabaseKind = 'postgres' | 'pglite';

const READ_P99_LIMIT_MS: Record<DatabaseKind, number> = { postgres: 300, pglite: 3000 };
/** A read type's own p99 is held to the limit from this many answers on; below, its p99 is just its maximum. */
const P99_MIN_ANSWERS = 100;
/** Live memory (after a full collection) read at these shares of the run; the second may exceed the first by the margin. */
const LIVE_READINGS = [0.5, 0.95] as const;
const MEMORY_LIMIT = { growth: 0.1, minimumMb: 16 };
/** Seconds a call may wait for its answer before it counts as a timeout (an error). */
const TIMEOUT_SECONDS = 30;
const SAMPLE_INTERVAL_MS = 250;
const RAMP = { shareOfRun: 0.3, maxSeconds: 10 };
/** Calls per second of one user: a clerk clicking through a screen every second or so (a page is 1-3 calls). */
const DEFAULT_RATE = 2;
/** Error answers kept to print, per run. */
const ERROR_SAMPLES = 10;

function readOptions() {
  const { values } = parseArgs({
    strict: true,
    options: {
      short: { type: 'boolean', default: false },
      duration: { type: 'string' },
      users: { type: 'string' },
      rate: { type: 'string' },
      proposals: { type: 'string' },
      works: { type: 'string' },
      db: { type: 'string' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      latency: { type: 'string', default: 'judge' },
    },
  });
  if (values.latency !== 'judge' && values.latency !== 'report') {
    throw new Error(`--latency must be judge or report, not ${values.latency}`);
  }
  const database = databaseNameOf(values.database);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const kinds = onlyKeys(values.db ?? (serverUrl ? 'pglite,postgres' : 'pglite'), [
    'pglite',
    'postgres',
  ]) as DatabaseKind[];
  if (kinds.includes('postgres') && !serverUrl) {
    throw new Error(
      '--db=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  }
  return {
    kinds,
    serverUrl,
    duration: positiveInt('duration', values.duration, values.short ? 10 : 60),
    users: positiveInt('users', values.users, 50),
    /** Calls per second of each user; 0: none of them ever pauses. */
    rate: values.rate === '0' ? 0 : positiveInt('rate', values.rate, DEFAULT_RATE),
    proposals: positiveInt('proposals', values.proposals, 5000),
    works: positiveInt('works', values.works, 2000),
    database,
    keep: values.keep || Boolean(database),
    judgesLatency: values.latency === 'judge',
  };
}
type LoadOptions = ReturnType<typeof readOptions>;

interface TypeFigures {
  isRead: boolean;
  latencies: number[];
  errors: number;
}

interface MemorySample {
  /** Seconds since the load began. */
  at: number;
  rssMb: number;
  heapMb: number | null;
  /** The server's longest event-loop delay in the 250 ms before. */
  eventLoopDelayMs: number | null;
}

/** The server's memory right after a full collection, at a share of the run. */
interface LiveReading {
  share: number;
  rssMb: number;
  heapMb: number;
  externalMb: number;
}

interface SlowRead {
  type: string;
  ms: number;
  /** Seconds since the load began. */
  at: number;
}
/** Slow reads printed per run. */
const SLOW_READS_SHOWN = 8;

interface RunResult {
  kind: DatabaseKind;
  seconds: number;
  byType: Map<string, TypeFigures>;
  errors: string[];
  errorCount: number;
  memory: MemorySample[];
  live: LiveReading[];
  signedInUsers: number;
  /** The slowest reads, each with when it was answered: a slow start reads differently from a slow run. */
  slowestReads: SlowRead[];
  /** CPU time the server process used during the run. */
  serverCpuMs: number;
  /** CPU time this process (the load tool) used during the run. */
  toolCpuMs: number;
  /** The load tool's longest event-loop delay: a late tool delays its calls and so adds to their times. */
  toolDelayMs: number;
  /** CPU time of the PostgreSQL backends on the database (PGlite runs inside the server: null). */
  databaseCpuMs: number | null;
  /** The machine's CPU time during the run: all of it, and the part any process used. */
  machine: { totalMs: number; busyMs: number };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** The machine's CPU time so far over all cores (/proc/stat, in USER_HZ ticks): in all, and not idle. */
function machineCpu() {
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { totalMs: total * 10, busyMs: (total - idle) * 10 };
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/**
 * Runs every user against the server for `seconds`. Users arrive one by one over the ramp: fifty argon2id
 * logins in the same second would hold both cores for about two seconds, which no office does at once.
 */
async function runLoad(
  kind: DatabaseKind,
  server: ServerProcess,
  fixtures: LoadFixtures,
  options: LoadOptions,
  database?: SqlClient,
): Promise<RunResult> {
  const seconds = options.duration;
  const uploads = await buildUploadBodies(fixtures);
  const users = fixtures.users.map((user) => new VirtualUser(user, fixtures, uploads));
  const byType = new Map<string, TypeFigures>();
  const errors: string[] = [];
  let errorCount = 0;
  const signedIn = new Set<string>();
  const fail = (call: Call | undefined, what: string) => {
    errorCount++;
    if (errors.length < ERROR_SAMPLES)
      errors.push(`${call?.type ?? '?'} ${call?.method} ${call?.path}: ${what}`);
    if (call) figuresOf(call).errors++;
  };
  const figuresOf = (call: Call) => {
    let figures = byType.get(call.type);
    if (!figures) {
      figures = { isRead: call.method === 'GET', latencies: [], errors: 0 };
      byType.set(call.type, figures);
    }
    return figures;
  };

  const memory: MemorySample[] = [];
  const startedAt = performance.now();
  const slowestReads: SlowRead[] = [];
  const noteRead = (type: string, responseMs: number) => {
    const fastestKept = slowestReads.at(-1);
    if (slowestReads.length === SLOW_READS_SHOWN && fastestKept && fastestKept.ms >= responseMs) return;
    slowestReads.push({ type, ms: responseMs, at: (performance.now() - startedAt) / 1000 });
    slowestReads.sort((a, b) => b.ms - a.ms);
    slowestReads.length = Math.min(slowestReads.length, SLOW_READS_SHOWN);
  };
  const sample = () => {
    const heap = server.memoryUsage();
    memory.push({
      at: (performance.now() - startedAt) / 1000,
      rssMb: server.memory().rssMb,
      heapMb: heap ? mb(heap.heapUsed) : null,
      eventLoopDelayMs: server.eventLoopDelayMs() ?? null,
    });
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_INTERVAL_MS);
  const cpuBefore = processCpuMs(server.pid) ?? Number.NaN;
  const toolBefore = process.cpuUsage();
  const toolDelay = monitorEventLoopDelay({ resolution: 10 });
  toolDelay.enable();
  const machineBefore = machineCpu();
  const backendsBefore = database ? await backendCpu(database) : null;

  const live: LiveReading[] = [];
  const liveTimers = LIVE_READINGS.map((share) =>
    setTimeout(
      () => {
        server.liveMemory().then(
          (usage) =>
            live.push({
              share,
              rssMb: mb(usage.rss),
              heapMb: mb(usage.heapUsed),
              externalMb: mb(usage.external),
            }),
          // A missing reading fails the memory check.
          () => undefined,
        );
      },
      share * seconds * 1000,
    ),
  );

  const rampMs = Math.min(RAMP.shareOfRun * seconds, RAMP.maxSeconds) * 1000;
  const runs = users.map(async (user, n) => {
    const delayMs = (rampMs * n) / users.length;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    let answer = { status: 0, body: '' };
    const instance = autocannon({
      url: server.url,
      connections: 1,
      connectionRate: options.rate || undefined,
      duration: seconds - delayMs / 1000,
      timeout: TIMEOUT_SECONDS,
      requests: [
        {
          setupRequest: (request) => {
            const call = user.next();
            return {
              ...request,
              method: call.method,
              path: call.path,
              headers: { ...call.headers },
              body: call.body,
            };
          },
          onResponse: (status, body, _context, headers) => {
            answer = { status, body };
            user.current?.onAnswer?.(status, body, headers);
          },
        },
      ],
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const call = user.current;
      if (!call) return;
      if (call.type === 'login' && statusCode === 200) signedIn.add(user.user.username);
      if (!call.expect.includes(statusCode)) {
        fail(call, `${statusCode} ${answer.body.slice(0, 300)}`);
        return;
      }
      const figures = figuresOf(call);
      figures.latencies.push(responseTime);
      if (figures.isRead) noteRead(call.type, responseTime);
    });
    instance.on('reqError', (error) => fail(user.current, error.message));
    await instance;
  });
  await Promise.all(runs);
  clearInterval(sampler);
  for (const timer of liveTimers) clearTimeout(timer);
  sample();
  const serverCpuMs = (processCpuMs(server.pid) ?? Number.NaN) - cpuBefore;
  const tool = process.cpuUsage(toolBefore);
  toolDelay.disable();
  const machineAfter = machineCpu();
  const databaseCpuMs = database ? backendCpuBetween(backendsBefore, await backendCpu(database)) : null;
  return {
    databaseCpuMs,
    serverCpuMs,
    toolCpuMs: (tool.user + tool.system) / 1000,
    toolDelayMs: toolDelay.max / 1e6,
    machine: {
      totalMs: machineAfter.totalMs - machineBefore.totalMs,
      busyMs: machineAfter.busyMs - machineBefore.busyMs,
    },
    kind,
    seconds: (performance.now() - startedAt) / 1000,
    byType,
    errors,
    errorCount,
    memory,
    live,
    signedInUsers: signedIn.size,
    slowestReads,
  };
}

/**
 * Memory is flat when what stays alive near the end (RSS and V8 heap right after a full collection) is no
 * more than at the middle of the run, plus a margin.
 */
function memoryVerdict(live: LiveReading[]) {
  const [middle, end] = LIVE_READINGS.map((share) => live.find((reading) => reading.share === share));
  if (!middle || !end) return ['no live memory readings'];
  const allowed = (base: number) => base + Math.max(base * MEMORY_LIMIT.growth, MEMORY_LIMIT.minimumMb);
  return [
    end.rssMb > allowed(middle.rssMb)
      ? `RSS ${end.rssMb.toFixed(0)} MB > ${allowed(middle.rssMb).toFixed(0)} MB`
      : '',
    end.heapMb > allowed(middle.heapMb)
      ? `heap ${end.heapMb.toFixed(0)} MB > ${allowed(middle.heapMb).toFixed(0)} MB`
      : '',
  ].filter(Boolean);
}

function report(result: RunResult, users: number, judgesLatency: boolean) {
  const limit = READ_P99_LIMIT_MS[result.kind];
  const rows = [...result.byType.entries()].sort(([a], [b]) => a.localeCompare(b));
  const total = rows.reduce((sum, [, figures]) => sum + figures.latencies.length + figures.errors, 0);
  const reads = sorted(rows.flatMap(([, figures]) => (figures.isRead ? figures.latencies : [])));
  const latencyMisses: string[] = [];
  const misses: string[] = [];

  console.log(`\n| request type (${result.kind}) | kind | answers | p50 | p99 | max | errors |`);
  console.log('|---|---|--:|--:|--:|--:|--:|');
  for (const [type, figures] of rows) {
    const latencies = sorted(figures.latencies);
    const p99 = percentile(latencies, 99);
    if (figures.isRead && latencies.length >= P99_MIN_ANSWERS && p99 >= limit) {
      latencyMisses.push(`${type} p99 ${ms(p99)} >= ${limit} ms`);
    }
    console.log(
      `| ${type} | ${figures.isRead ? 'read' : 'write'} | ${latencies.length.toLocaleString('en')} | ${ms(percentile(latencies, 50))} | ${ms(p99)} | ${ms(latencies.at(-1) ?? Number.NaN)} | ${figures.errors} |`,
    );
  }
  const readsP99 = percentile(reads, 99);
  if (readsP99 >= limit) latencyMisses.push(`all reads p99 ${ms(readsP99)} >= ${limit} ms`);
  console.log(
    `| all reads | read | ${reads.length.toLocaleString('en')} | ${ms(percentile(reads, 50))} | ${ms(readsP99)} | ${ms(reads.at(-1) ?? Number.NaN)} | |`,
  );

  console.log(
    `slowest reads (answered at, s since the load began): ${result.slowestReads
      .map((read) => `${read.type} ${ms(read.ms)} at ${read.at.toFixed(1)}`)
      .join(', ')}`,
  );

  const memoryMisses = memoryVerdict(result.live);
  const first = result.memory[0];
  const last = result.memory.at(-1);
  const peak = Math.max(...result.memory.map((s) => s.rssMb));
  console.log(
    `\n${total.toLocaleString('en')} answers in ${result.seconds.toFixed(1)} s = ${(total / result.seconds).toFixed(0)} req/s from ${users} users (${result.signedInUsers} signed in); errors: ${result.errorCount}; ` +
      `CPU: server ${(result.serverCpuMs / 1000).toFixed(1)} s (${(result.serverCpuMs / total).toFixed(1)} ms per request), ` +
      `${result.databaseCpuMs === null ? '' : `PostgreSQL ${(result.databaseCpuMs / 1000).toFixed(1)} s, `}load tool ${(result.toolCpuMs / 1000).toFixed(1)} s; ` +
      `the machine ${((100 * result.machine.busyMs) / result.machine.totalMs).toFixed(0)} % busy, other work ${((result.machine.busyMs - result.serverCpuMs - result.toolCpuMs - (result.databaseCpuMs ?? 0)) / 1000).toFixed(1)} s`,
  );
  console.log(
    `server RSS: ${first?.rssMb.toFixed(0)} MB before, ${last?.rssMb.toFixed(0)} MB after, peak ${peak.toFixed(0)} MB; ` +
      `after a full collection: ${result.live
        .map(
          (reading) =>
            `at ${reading.share * 100} % RSS ${reading.rssMb.toFixed(0)} MB, heap ${reading.heapMb.toFixed(0)} MB, external ${reading.externalMb.toFixed(0)} MB`,
        )
        .join('; ')}`,
  );
  const tenths = Array.from({ length: 11 }, (_, n) =>
    result.memory.reduce((nearest, sample) =>
      Math.abs(sample.at - (n * result.seconds) / 10) < Math.abs(nearest.at - (n * result.seconds) / 10)
        ? sample
        : nearest,
    ),
  );
  console.log(`RSS by tenth of the run (MB): ${tenths.map((s) => s.rssMb.toFixed(0)).join(' ')}`);
  console.log(`heap by tenth of the run (MB): ${tenths.map((s) => s.heapMb?.toFixed(0) ?? '-').join(' ')}`);
  const longestDelayByTenth = Array.from({ length: 10 }, (_, n) =>
    Math.max(
      0,
      ...result.memory
        .filter((s) => s.at >= (n * result.seconds) / 10 && s.at < ((n + 1) * result.seconds) / 10)
        .map((s) => s.eventLoopDelayMs ?? 0),
    ),
  );
  console.log(
    `server event loop, longest delay by tenth of the run (ms): ${longestDelayByTenth.map((delay) => delay.toFixed(0)).join(' ')}; ` +
      `load tool event loop, longest delay: ${ms(result.toolDelayMs)}`,
  );
  for (const error of result.errors) console.log(`  error: ${error}`);

  if (result.errorCount) misses.push(`${result.errorCount} errors`);
  if (result.signedInUsers < users) misses.push(`only ${result.signedInUsers} of ${users} users signed in`);
  misses.push(...memoryMisses.map((miss) => `memory not flat: ${miss}`));
  if (judgesLatency) misses.push(...latencyMisses);
  else if (latencyMisses.length) console.log(`latency, reported and not judged: ${latencyMisses.join('; ')}`);
  const latencyLimit = `p99 of all reads, and of each read type with ${P99_MIN_ANSWERS}+ answers, < ${limit} ms`;
  console.log(
    `${result.kind}: ${verdict(misses)} (limits: no errors; ${judgesLatency ? latencyLimit : `latency reported only (${latencyLimit})`}; memory flat: RSS and heap after a full collection at ${LIVE_READINGS[1] * 100} % of the run <= at ${LIVE_READINGS[0] * 100} % + max(${MEMORY_LIMIT.growth * 100} %, ${MEMORY_LIMIT.minimumMb} MB))`,
  );
  return misses.length === 0;
}

async function loadOnPostgres(options: LoadOptions) {
  const bench = await openBenchDatabase(options.serverUrl ?? '', options.database);
  let server: ServerProcess | undefined;
  try {
    const fixtures = await prepareLoadData(bench, options);
    server = await startServer(bench.url, { memoryProbe: true, logLevel: 'error' });
    const result = await runLoad('postgres', server, fixtures, options, bench.pool);
    const passed = report(result, fixtures.users.length, options.judgesLatency);
    if (!passed && server.output().trim()) console.log(`server output:\n${server.output().slice(-3000)}`);
    return passed;
  } finally {
    await server?.stop();
    const drop = bench.created && !options.keep;
    await bench.close({ drop });
    if (!drop) console.log(`database ${bench.name} kept; reuse it with --database=${bench.name}`);
  }
}

async function loadOnPglite(options: LoadOptions) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-load-'));
  let server: ServerProcess | undefined;
  try {
    const target = await openPgliteBenchDatabase(dataDir);
    let fixtures: LoadFixtures;
    try {
      fixtures = await prepareLoadData(target, options);
    } finally {
      await target.close();
    }
    server = await startServer(undefined, { dataDir, memoryProbe: true, logLevel: 'error' });
    const result = await runLoad('pglite', server, fixtures, options);
    const passed = report(result, fixtures.users.length, options.judgesLatency);
    if (!passed && server.output().trim()) console.log(`server output:\n${server.output().slice(-3000)}`);
    return passed;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = readOptions();
  console.log(
    `load: ${options.users} users for ${options.duration} s, ${options.rate ? `${options.rate} calls/s each` : 'unpaced'}, on ${options.kinds.join(' and ')}; ` +
      `${options.proposals.toLocaleString('en')} proposals, ${options.works.toLocaleString('en')} completed-work lines; ` +
      `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  let passed = true;
  for (const kind of options.kinds) {
    console.log(`\n== ${kind}`);
    const ok = kind === 'postgres' ? await loadOnPostgres(options) : await loadOnPglite(options);
    passed &&= ok;
  }
  if (!passed) process.exitCode = 1;
}

await main();
