import { sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  backgroundJobs,
  completedWorkImports,
  officeSettings,
  proposalFiles,
  surveyPhotos,
  surveyVideos,
} from '../db/schema/index.ts';

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

/** The reconciliation's side of the lock: waits for every placing transaction to end, and keeps new ones out. */
export async function holdFilePlacementLockAlone(tx: Db) {
  await tx.execute(sql.raw(`select pg_advisory_xact_lock(${FILE_PLACEMENT_LOCK})`));
}

/** Every storage key a row names (null keys included, for the caller to drop). */
export function namedStorageKeys(tx: Db) {
  return unionAll(
    tx.select({ key: proposalFiles.storageKey }).from(proposalFiles),
    tx.select({ key: surveyPhotos.storageKey }).from(surveyPhotos),
    tx.select({ key: surveyVideos.storageKey }).from(surveyVideos),
    tx.select({ key: completedWorkImports.storageKey }).from(completedWorkImports),
    // The letterhead's crest (modules/office-settings); null while the app's own mark is used.
    tx.select({ key: sql<string>`${officeSettings.crestStorageKey}` }).from(officeSettings),
    // A job's upload and its export's file (modules/jobs); either may be null.
    tx.select({ key: sql<string>`${backgroundJobs.inputKey}` }).from(backgroundJobs),
    tx.select({ key: sql<string>`${backgroundJobs.outputKey}` }).from(backgroundJobs),
  );
}
