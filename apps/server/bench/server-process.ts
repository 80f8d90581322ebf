// The server under test as its own process, started the way `npm start` starts it (its production bundle,
// dist/main.js, rebuilt when stale; NODE_ENV=production), so the load tool never shares its event loop and its memory is the
// server's alone (read from /proc/<pid>/status; with memoryProbe, also its V8 heap as memory-probe.mjs reports it).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, SERVER_BUNDLE } from '../scripts/build.ts';
import { BENCH_ADMIN, type SqlClient } from './bench-database.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The server listens here only, so every bench client reaches it from this address. */
export const SERVER_HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;

export interface MemoryStatus {
  /** Resident set size now, MB. */
  rssMb: number;
  /** Peak resident set size since start or the last resetPeak(), MB. */
  peakMb: number;
}

export interface ServerProcess {
  url: string;
  pid: number;
  memory(): MemoryStatus;
  /** The server's latest process.memoryUsage() (memoryProbe only; about every 250 ms). */
  memoryUsage(): NodeJS.MemoryUsage | undefined;
  /** The longest event-loop delay of the server's latest 250 ms (memoryProbe only). */
  eventLoopDelayMs(): number | undefined;
  /** The server's memoryUsage() right after a full garbage collection (memoryProbe only). */
  liveMemory(): Promise<NodeJS.MemoryUsage>;
  /** What the server printed (stdout and stderr). */
  output(): string;
  /** Starts a new peak: Linux resets VmHWM to the current RSS when 5 is written to clear_refs. */
  resetPeak(): void;
  stop(): Promise<void>;
  /** SIGKILL, as a crash ends it (no shutdown handler runs); resolves once it has exited. */
  kill(): Promise<void>;
}

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used, in ms; null when it is gone or not on this machine. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU ms used so far by each backend on the pool's database (the server's pool, mostly), when PostgreSQL
 * runs on this machine; null otherwise.
 */
export async function backendCpu(pool: SqlClient) {
  const { rows } = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms === null) return null;
    cpu.set(pid, ms);
  }
  return cpu;
}

/** The CPU ms the backends used between two backendCpu() readings (a backend new since `before` counts whole). */
export function backendCpuBetween(before: Map<number, number> | null, after: Map<number, number> | null) {
  if (!after) return null;
  return [...after].reduce((sum, [pid, ms]) => sum + ms - (before?.get(pid) ?? 0), 0);
}

function readMemory(pid: number): MemoryStatus {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

function waitForUrl(child: ChildProcess, output: () => string) {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output()}`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const port = /http:\/\/localhost:(\d+)/.exec(output())?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
}

export interface ServerOptions {
  /** The data directory (PGlite's database and the files) to use and keep; a temporary one otherwise. */
  dataDir?: string;
  /** Load memory-probe.mjs into the server, so memoryUsage() answers. */
  memoryProbe?: boolean;
  logLevel?: 'silent' | 'error' | 'warn';
  /** Environment set last, over the defaults here (CAPTCHA_PROVIDER, TOKEN_SECRET and the like). */
  env?: Record<string, string>;
}

/** The server on the PostgreSQL database of databaseUrl, or (undefined) on PGlite in the data directory. */
export async function startServer(
  databaseUrl: string | undefined,
  options: ServerOptions = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'eusulan-bench-'));
  const probe = options.memoryProbe ? ['--expose-gc', '--import', './bench/memory-probe.mjs'] : [];
  // BENCH_CPU_PROFILE_DIR=dir: the server writes a V8 CPU profile there when it stops (open in DevTools).
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  await ensureServerBuild();
  const child = spawn(process.execPath, [...probe, ...profile, SERVER_BUNDLE], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.memoryProbe ? (['ipc'] as const) : [])],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl ?? '',
      HOST: SERVER_HOST,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logLevel ?? 'silent',
      CAPTCHA_PROVIDER: 'none',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO: '',
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let memoryUsage: NodeJS.MemoryUsage | undefined;
  let eventLoopDelayMs: number | undefined;
  child.on('message', (message: { memoryUsage?: NodeJS.MemoryUsage; eventLoopDelayMs?: number }) => {
    memoryUsage = message.memoryUsage ?? memoryUsage;
    eventLoopDelayMs = message.eventLoopDelayMs ?? eventLoopDelayMs;
  });
  const liveMemory = () =>
    new Promise<NodeJS.MemoryUsage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not report its live memory')), 10_000);
      const onMessage = (message: { liveMemory?: NodeJS.MemoryUsage }) => {
        if (!message.liveMemory) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message.liveMemory);
      };
      child.on('message', onMessage);
      child.send('collect');
    });
  const url = await waitForUrl(child, () => output).catch(async (error: unknown) => {
    // A server that did not come up in time must not live on unowned (and hold its data directory).
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    memory: () => readMemory(pid),
    memoryUsage: () => memoryUsage,
    eventLoopDelayMs: () => eventLoopDelayMs,
    liveMemory,
    output: () => output,
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Signs in the bench admin (CAPTCHA_PROVIDER=none) and answers the request headers to send. */
export const signInAdmin = (url: string) => signIn(url, BENCH_ADMIN);

/** Signs in a user (CAPTCHA_PROVIDER=none) and answers the request headers to send. */
export async function signIn(
  url: string,
  credentials: { username: string; password: string },
): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) {
    throw new Error(`login of ${credentials.username} failed: ${response.status} ${await response.text()}`);
  }
  const body = (await response.json()) as { data: { auth: { accessToken: string } } };
  return { authorization: `Bearer ${body.data.auth.accessToken}` };
}
