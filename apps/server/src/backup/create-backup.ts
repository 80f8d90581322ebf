import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import {
  BACKUP_FORMAT,
  BackupError,
  DATABASE_FILES,
  describeFiles,
  FILES_DIR,
  hashFile,
  listFiles,
  MANIFEST_NAME,
  readDatabaseFacts,
  refuseBucketStorage,
  type TBackupManifest,
} from './backup-manifest.ts';
import { runPostgresTool } from './postgres-tools.ts';

export interface BackupResult {
  archivePath: string;
  archiveSize: number;
  manifest: TBackupManifest;
}

/** eusulan-backup-20261122T035012Z.tar.gz: sorts by time, safe on every file system. */
function archiveName(now: Date, attempt: number) {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `eusulan-backup-${stamp}${attempt > 1 ? `-${attempt}` : ''}.tar.gz`;
}

/**
 * npm run backup: the database and every stored file in one .tar.gz, with a manifest (migration level, rows
 * per table, each file's size and sha256) that restore checks. The database is dumped from one consistent
 * view: PostgreSQL's pg_dump in a snapshot shared with the manifest's queries (the server may keep running);
 * PGlite's own data directory tarball, taken while this process holds the data directory's lock, so the
 * server must be stopped. Stored files are never changed in place, so hard links taken after the dump are
 * a stable copy of them.
 */
export async function createBackup(
  config: AppConfig,
  options: { outDir: string; now?: Date },
): Promise<BackupResult> {
  refuseBucketStorage(config, 'backup');
  const dataDir = path.resolve(config.DATA_DIR);
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind === 'pglite' && !existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    throw new BackupError(`Belum ada database di ${path.join(dataDir, 'db')}: tidak ada yang dicadangkan.`);
  }
  await mkdir(path.join(dataDir, 'tmp'), { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, 'tmp', 'backup-'));
  try {
    await mkdir(path.join(staging, 'database'));
    const database = await dumpDatabase(config, kind, path.join(staging, DATABASE_FILES[kind]));
    const keys = await stageStoredFiles(path.join(dataDir, FILES_DIR), path.join(staging, FILES_DIR));
    const databaseFile = path.join(staging, DATABASE_FILES[kind]);
    const manifest: TBackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: {
        kind,
        file: DATABASE_FILES[kind],
        size: (await stat(databaseFile)).size,
        sha256: await hashFile(databaseFile),
        engine: `${kind === 'pglite' ? 'PGlite, PostgreSQL' : 'PostgreSQL'} ${database.serverVersion}`,
        migrations: database.migrations,
        rowCounts: database.rowCounts,
      },
      files: await describeFiles(path.join(staging, FILES_DIR), keys),
      missingFiles: [...database.storedKeys].filter((key) => !keys.includes(key)).sort(),
    };
    await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);

    const outDir = path.resolve(options.outDir);
    await mkdir(outDir, { recursive: true });
    const partial = path.join(staging, 'archive.tar.gz');
    await tar.create({ gzip: true, portable: true, cwd: staging, file: partial }, [
      MANIFEST_NAME,
      'database',
      FILES_DIR,
    ]);
    let attempt = 1;
    while (existsSync(path.join(outDir, archiveName(options.now ?? new Date(), attempt)))) attempt += 1;
    const archivePath = path.join(outDir, archiveName(options.now ?? new Date(), attempt));
    await moveFile(partial, archivePath);
    return { archivePath, archiveSize: (await stat(archivePath)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Dumps the database into `target` and reads the manifest's facts from the same view of it. */
async function dumpDatabase(config: AppConfig, kind: 'pglite' | 'postgres', target: string) {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `${error.message}\nCadangan database bawaan dibuat saat server berhenti: hentikan server, jalankan ` +
        'npm run backup, lalu nyalakan server lagi (dengan PostgreSQL, cadangan bisa dibuat selagi server berjalan).',
    );
  }
  try {
    if (kind === 'pglite') {
      const facts = await readDatabaseFacts(handle.db);
      const tarball = await handle.dumpDataDir?.();
      if (!tarball) throw new Error('PGlite handle without dumpDataDir');
      await pipeline(Readable.fromWeb(tarball.stream()), createWriteStream(target));
      return facts;
    }
    // pg_dump joins the snapshot this read-only transaction exported, so dump and facts agree.
    return await handle.db.transaction(
      async (tx) => {
        const [snapshot] = (
          (await tx.execute(sql`select pg_export_snapshot() as id`)) as unknown as { rows: { id: string }[] }
        ).rows;
        const facts = await readDatabaseFacts(tx);
        await runPostgresTool(
          'pg_dump',
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshot?.id}`,
            `--file=${target}`,
          ],
          config.DATABASE_URL,
        );
        return facts;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } finally {
    await handle.close();
  }
}

/** Hard-links (or, across devices, copies) every stored file into the staging folder; returns their keys. */
async function stageStoredFiles(storageRoot: string, stagingRoot: string) {
  const keys = await listFiles(storageRoot);
  await mkdir(stagingRoot, { recursive: true });
  for (const key of keys) {
    const target = path.join(stagingRoot, key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(path.join(storageRoot, key), target);
    } catch (error) {
      // A file removed since the listing is not part of the backup; the manifest names it if rows still do.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      await copyFile(path.join(storageRoot, key), target);
    }
  }
  return listFiles(stagingRoot);
}

/** Rename, or copy and remove when the backup folder is on another device. */
async function moveFile(source: string, target: string) {
  try {
    await rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const partial = `${target}.partial`;
    await copyFile(source, partial);
    await rename(partial, target);
  }
}
