// The server under test as its own process, started the way `npm start` starts it (node --import tsx
// src/main.ts, NODE_ENV=production), so the load tool never shares its event loop and its memory is the
// server's alone (read from /proc/<pid>/status).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN } from './bench-database.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
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
  /** Starts a new peak: Linux resets VmHWM to the current RSS when 5 is written to clear_refs. */
  resetPeak(): void;
  stop(): Promise<void>;
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

export async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'none',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO: '',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await waitForUrl(child, () => output);
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    memory: () => readMemory(pid),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in the bench admin (CAPTCHA_PROVIDER=none) and answers the request headers to send. */
export async function signInAdmin(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: { auth: { accessToken: string } } };
  return { authorization: `Bearer ${body.data.auth.accessToken}` };
}
