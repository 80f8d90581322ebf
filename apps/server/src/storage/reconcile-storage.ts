import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client.ts';
import {
  backgroundJobs,
  completedWorkImports,
  proposalFiles,
  surveyPhotos,
  surveyVideos,
} from '../db/schema/index.ts';
import type { FileStorage } from './file-storage.ts';

/**
 * The advisory lock of file placement ("eusulan" in ASCII). Every transaction that moves files into storage
 * holds it shared until it ends; the reconciliation holds it exclusively, so it never judges a file whose
 * transaction is still open, in this process or in another server on the same DATA_DIR and database.
 */
const FILE_PLACEMENT_LOCK = '28558111399502190';

/** Called inside a transaction before its first putFile. */
export async function holdFilePlacementLock(tx: Db) {
  await tx.execute(sql.raw(`select pg_advisory_xact_lock_shared(${FILE_PLACEMENT_LOCK})`));
}

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
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${FILE_PLACEMENT_LOCK})`));
    // Listed under the lock: every file listed belongs to a transaction that has ended.
    const stored = await storage.listKeys();
    const rows = await unionAll(
      tx.select({ key: proposalFiles.storageKey }).from(proposalFiles),
      tx.select({ key: surveyPhotos.storageKey }).from(surveyPhotos),
      tx.select({ key: surveyVideos.storageKey }).from(surveyVideos),
      tx.select({ key: completedWorkImports.storageKey }).from(completedWorkImports),
      // A job's upload and its export's file (modules/jobs); either may be null.
      tx.select({ key: sql<string>`${backgroundJobs.inputKey}` }).from(backgroundJobs),
      tx.select({ key: sql<string>`${backgroundJobs.outputKey}` }).from(backgroundJobs),
    );
    const named = new Set(rows.map((row) => row.key).filter((key) => key !== null));
    const orphansRemoved = stored.filter((key) => !named.has(key));
    for (const key of orphansRemoved) await storage.remove(key);
    const present = new Set(stored);
    const missing = [...named].filter((key) => !present.has(key));
    return { stagedRemoved, orphansRemoved, missing };
  });
}
