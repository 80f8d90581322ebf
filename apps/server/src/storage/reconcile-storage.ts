import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import type { FileStorage } from './file-storage.ts';
import { holdFilePlacementLockAlone, namedStorageKeys } from './storage.queries.ts';

export interface ReconcileResult {
  /** Staged uploads (and work directories) of requests that never finished. */
  stagedRemoved: number;
  /** Stored files no row names. */
  orphansRemoved: string[];
  /** Keys rows name whose file is not in storage: reported, never deleted. */
  missing: string[];
}

async function sweepStaging(stagingDir: string, startedAt: Date) {
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(stagingDir, name);
    const { mtimeMs } = await lstat(entry);
    if (mtimeMs >= startedAt.getTime()) continue;
    await rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * reconcileStorage: makes storage match the database after a crash (run at start-up, before serving).
 * Staged entries older than `startedAt` belong to requests a crash cut short and are deleted. Stored files
 * no row names were moved in by a transaction that never committed, or dropped by one that committed just
 * before the crash, and are deleted. A row whose file is missing is only reported: the row is the record,
 * and its file can only come back from a backup.
 */
export async function reconcileStorage(
  db: Database,
  storage: FileStorage,
  startedAt: Date,
): Promise<ReconcileResult> {
  const stagedRemoved = await sweepStaging(storage.stagingDir, startedAt);
  return db.transaction(async (tx) => {
    await holdFilePlacementLockAlone(tx);
    // Listed under the lock: every file listed belongs to a transaction that has ended.
    const stored = await storage.listKeys();
    const rows = await namedStorageKeys(tx);
    const named = new Set(rows.map((row) => row.key).filter((key) => key !== null));
    const orphansRemoved = stored.filter((key) => !named.has(key));
    for (const key of orphansRemoved) await storage.remove(key);
    const present = new Set(stored);
    const missing = [...named].filter((key) => !present.has(key));
    return { stagedRemoved, orphansRemoved, missing };
  });
}
