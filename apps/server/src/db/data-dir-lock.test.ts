import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'eusulan-lock-'));
  dirs.push(dir);
  return dir;
}

describe('lockDataDir', () => {
  it('refuses a second holder, also in the same process, until the first releases', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/sedang dipakai proses lain .*pid \d+/);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over the lock of a dead process, of a reused pid and a garbled lock file', () => {
    const dir = freshDir();
    const lockPath = path.join(dir, LOCK_FILE_NAME);
    const owner = { host: hostname(), program: 'main.ts' };
    const staleLocks = [
      // A pid above the kernel's pid_max never runs.
      JSON.stringify({ ...owner, pid: 2 ** 30, since: new Date().toISOString() }),
      // Our own pid, but recorded by a process that started at another moment: the pid was reused.
      JSON.stringify({ ...owner, pid: process.pid, processStart: '1', since: new Date().toISOString() }),
      '{"pid": 12',
    ];
    for (const stale of staleLocks) {
      writeFileSync(lockPath, stale);
      const lock = lockDataDir(dir);
      expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
      lock.release();
    }
  });

  it('refuses a lock held on another machine and says which file to remove if that machine is done', () => {
    const dir = freshDir();
    const lockPath = path.join(dir, LOCK_FILE_NAME);
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: 1, host: 'server-lain', program: 'main.ts', since: new Date().toISOString() }),
    );
    expect(() => lockDataDir(dir)).toThrow(
      `di server-lain sudah tidak ada proses e-Usulan Jalan yang berjalan, hapus berkas ${lockPath}`,
    );
  });
});

interface ServerRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves with the server's address once it listens, rejects if it exits first. */
  ready: Promise<string>;
}

function startServer(dataDir: string): ServerRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CAPTCHA_PROVIDER: 'none',
      ADMIN_PASSWORD: 'Admin12345',
      TOKEN_SECRET: 'x'.repeat(40),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /berjalan di (http:\/\/\S+)/.exec(output)?.[1];
      if (address) resolve(address.replace('localhost', '127.0.0.1'));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  ready.catch(() => {});
  return { child, output: () => output, exited, ready };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('two servers on one DATA_DIR (PGlite)', () => {
  it('refuses a second server and a backup, lets the next one start after a SIGKILL, and a clean stop frees the lock', async () => {
    const dataDir = freshDir();
    const lockPath = path.join(dataDir, LOCK_FILE_NAME);
    const first = startServer(dataDir);
    const firstAddress = await first.ready;

    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`sedang dipakai proses lain (main.ts, pid ${first.child.pid}`);
    expect(second.output()).not.toContain('Error:');
    expect((await fetch(`${firstAddress}/api/health`)).status).toBe(200);

    // A backup of the embedded database needs the server stopped, and says so.
    const backup = await run('npm', ['run', '--silent', 'backup'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(backup).toMatchObject({ code: 1 });
    expect((backup as { stderr: string }).stderr).toContain(
      'Cadangan database bawaan dibuat saat server berhenti',
    );
    expect(existsSync(path.join(dataDir, 'backups'))).toBe(false);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockPath)).toBe(true);

    const third = startServer(dataDir);
    const thirdAddress = await third.ready;
    expect((await fetch(`${thirdAddress}/api/health`)).status).toBe(200);
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(third.child.pid);
    // The shutdown every stop signal runs (SIGHUP: a closed terminal) closes PGlite and frees the lock.
    third.child.kill('SIGHUP');
    expect(await third.exited).toBe(0);
    expect(existsSync(lockPath)).toBe(false);
  }, 90_000);
});
