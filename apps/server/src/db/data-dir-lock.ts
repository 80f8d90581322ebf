import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database: PGlite has no lock of its own, and two processes writing
 * one data directory corrupt it. The lock is a file holding its owner's pid; the kernel does not release it,
 * so an owner killed with SIGKILL leaves it behind, and the next process checks whether that owner still
 * runs (pid alive, same process start time, same boot) and takes over a stale lock instead of refusing.
 * Time-based locks (proper-lockfile) do not fit: a restart right after a crash would wait out the stale
 * time, and a long synchronous PGlite query would miss the refresh and count as lost.
 */
export const LOCK_FILE_NAME = 'db.lock';

interface LockOwner {
  pid: number;
  host: string;
  /** /proc start time of the process (Linux), so a reused pid is not taken for the owner. */
  processStart?: string;
  bootId?: string;
  program: string;
  since: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner,
  ) {
    const dataDir = path.dirname(lockPath);
    const since = new Date(owner.since).toLocaleString('id-ID', { timeZone: 'Asia/Jakarta' });
    const advice =
      owner.host === hostname()
        ? 'hentikan proses itu dulu, atau pakai DATA_DIR lain.'
        : `hentikan proses itu dulu. Bila di ${owner.host} sudah tidak ada proses e-Usulan Jalan yang berjalan, hapus berkas ${lockPath}.`;
    super(
      `Direktori data ${dataDir} sedang dipakai proses lain (${owner.program}, pid ${owner.pid} di ${owner.host}, sejak ${since}). ` +
        `Database bawaan (PGlite) hanya boleh dibuka oleh satu proses sekaligus: ${advice}`,
    );
  }
}

function readOptional(file: string) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number) {
  const stat = readOptional(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' do not.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    processStart: processStartOf(process.pid),
    bootId: readOptional('/proc/sys/kernel/random/boot_id'),
    program: path.basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
  };
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Another machine's process cannot be checked: it counts as running. */
function isRunning(owner: LockOwner) {
  if (owner.host !== hostname()) return true;
  const bootId = readOptional('/proc/sys/kernel/random/boot_id');
  if (owner.bootId && bootId && owner.bootId !== bootId) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const processStart = processStartOf(owner.pid);
  return !(owner.processStart && processStart && owner.processStart !== processStart);
}

/**
 * Moves a stale lock out of the way. Renaming is atomic, so when another process took the lock between our
 * read and the rename, what we moved is its fresh lock, and it goes back.
 */
function breakStaleLock(lockPath: string, staleText: string) {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8').trim() !== staleText) linkSync(aside, lockPath);
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Takes `<dataDir>/db.lock` for this process, or throws DataDirLockedError naming the process that holds it.
 * Released by release(), and on any exit of the process that still runs 'exit' handlers.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  const ownText = JSON.stringify(currentOwner());
  // Written whole under a private name, then hard-linked into place: linking fails when the lock exists, and
  // a reader never sees a half-written lock.
  const draft = `${lockPath}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, ownText);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(draft, lockPath);
        return heldLock(lockPath, ownText);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const text = readOptional(lockPath);
      if (text === undefined) continue;
      const owner = parseOwner(text);
      if (owner && isRunning(owner)) throw new DataDirLockedError(lockPath, owner);
      breakStaleLock(lockPath, text);
    }
    throw new Error(`Kunci ${lockPath} terus berganti pemilik; coba lagi.`);
  } finally {
    unlinkSync(draft);
  }
}

function heldLock(lockPath: string, ownText: string): DataDirLock {
  const release = () => {
    process.removeListener('exit', release);
    if (readOptional(lockPath) === ownText) unlinkSync(lockPath);
  };
  process.on('exit', release);
  return { path: lockPath, release };
}
