import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import type { AppConfig } from '../config.ts';
import { APPLICATION_NAME, openDatabase } from '../db/client.ts';
import { type DataDirLock, DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { JOB_QUEUE_SCHEMA } from '../modules/jobs/jobs.queries.ts';
import {
  BackupError,
  FILES_DIR,
  hashFile,
  knownMigrations,
  listFiles,
  MANIFEST_NAME,
  readDatabaseFacts,
  refuseBucketStorage,
  type TBackupManifest,
  ZBackupManifest,
} from './backup-manifest.ts';
import { runPostgresTool } from './postgres-tools.ts';

export interface RestoreResult {
  manifest: TBackupManifest;
  replacedExisting: boolean;
}

const KIND_NAMES = { pglite: 'database bawaan (PGlite)', postgres: 'PostgreSQL' } as const;

/**
 * npm run restore: puts a backup's database and files in place of the configured ones. Everything is
 * unpacked and checked against the manifest in DATA_DIR/tmp first; then the new files and (PGlite) data
 * directory are swapped in by renames, and PostgreSQL is loaded in one transaction that also recounts the
 * rows. A failure at any step puts back what was there, so the target is either wholly restored or untouched.
 * A target that already holds data is only replaced with `force`.
 */
export async function restoreBackup(
  config: AppConfig,
  options: { archivePath: string; force?: boolean },
): Promise<RestoreResult> {
  refuseBucketStorage(config, 'restore');
  const archivePath = path.resolve(options.archivePath);
  if (!existsSync(archivePath)) throw new BackupError(`Berkas cadangan tidak ditemukan: ${archivePath}`);
  const dataDir = path.resolve(config.DATA_DIR);
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const createdDataDir = !existsSync(dataDir);
  let lock: DataDirLock | undefined;
  let staging: string | undefined;
  let restored = false;
  const swapped: { target: string; aside?: string }[] = [];
  try {
    // The server must not run meanwhile: PGlite's lock tells for the embedded database.
    if (kind === 'pglite') lock = lockForRestore(dataDir);
    await mkdir(path.join(dataDir, 'tmp'), { recursive: true });
    staging = await mkdtemp(path.join(dataDir, 'tmp', 'restore-'));
    const unpacked = path.join(staging, 'unpacked');
    const manifest = await unpackAndVerify(archivePath, unpacked);
    checkCompatible(manifest, kind);

    const hasData = await targetHasData(config, dataDir);
    if (hasData && !options.force) {
      throw new BackupError(
        `Target pemulihan sudah berisi data (${hasData}). Jalankan lagi dengan --force untuk menggantinya; ` +
          'data yang ada sekarang akan hilang, jadi buat cadangannya dulu bila masih diperlukan.',
      );
    }
    if (kind === 'postgres') await refuseWhileServerConnected(config.DATABASE_URL as string);

    const stagedFiles = path.join(unpacked, FILES_DIR);
    await mkdir(stagedFiles, { recursive: true });
    const swapIn = async (source: string, target: string) => {
      const entry: { target: string; aside?: string } = { target };
      if (existsSync(target)) {
        entry.aside = path.join(staging as string, `replaced-${path.basename(target)}`);
        await rename(target, entry.aside);
      }
      swapped.push(entry);
      await rename(source, target);
    };
    if (kind === 'pglite') {
      const stagedDb = await loadPgliteCopy(manifest, unpacked, staging);
      await swapIn(stagedDb, path.join(dataDir, 'db'));
      await swapIn(stagedFiles, path.join(dataDir, FILES_DIR));
    } else {
      await swapIn(stagedFiles, path.join(dataDir, FILES_DIR));
      await loadPostgres(manifest, unpacked, staging, config.DATABASE_URL as string);
    }
    restored = true;
    return { manifest, replacedExisting: Boolean(hasData) };
  } finally {
    if (!restored) {
      // Put the previous folders back, newest swap first.
      for (const { target, aside } of swapped.reverse()) {
        await rm(target, { recursive: true, force: true });
        if (aside) await rename(aside, target);
      }
    }
    if (staging) await removeTree(staging);
    lock?.release();
    if (!restored && createdDataDir) await removeTree(dataDir);
    else await rmdir(path.join(dataDir, 'tmp')).catch(() => {});
  }
}

/**
 * Removes a folder, retrying while it is still being written: when tar refuses a damaged archive its
 * promise settles before the writes already under way have closed, so the first attempt can meet
 * ENOTEMPTY. A folder that still resists is left for the start-up sweep rather than hiding the real error.
 */
async function removeTree(folder: string) {
  await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch((error) => {
    console.warn(`Folder sementara tidak bisa dihapus (${folder}): ${(error as Error).message}`);
  });
}

/** A short-lived connection to the target, for the checks before a restore. */
async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `${APPLICATION_NAME}-restore`,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Tidak bisa terhubung ke PostgreSQL tujuan (DATABASE_URL): ${(error as Error).message}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function lockForRestore(dataDir: string) {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(`${error.message}\nHentikan server dulu sebelum memulihkan cadangan.`);
  }
}

/** Unpacks the archive and checks every part against the manifest's sizes and hashes. */
async function unpackAndVerify(archivePath: string, target: string): Promise<TBackupManifest> {
  await mkdir(target, { recursive: true });
  const strayEntries: string[] = [];
  try {
    await tar.extract({
      file: archivePath,
      cwd: target,
      strict: true,
      // Only what createBackup writes: the manifest, and plain files and folders under database/ and files/.
      filter: (entryPath, entry) => {
        const allowed =
          ('type' in entry ? ['File', 'Directory'].includes(entry.type) : false) &&
          (entryPath === MANIFEST_NAME || /^(database|files)(\/|$)/.test(entryPath));
        if (!allowed) strayEntries.push(entryPath);
        return allowed;
      },
    });
  } catch (error) {
    throw new BackupError(
      `Berkas cadangan rusak atau tidak lengkap, tidak ada yang dipulihkan: ${(error as Error).message}`,
    );
  }
  if (strayEntries.length) {
    throw new BackupError(
      `Berkas cadangan berisi entri yang tidak dikenal: ${strayEntries.slice(0, 5).join(', ')}`,
    );
  }
  let manifest: TBackupManifest;
  try {
    manifest = ZBackupManifest.parse(JSON.parse(await readFile(path.join(target, MANIFEST_NAME), 'utf8')));
  } catch {
    throw new BackupError(
      'Berkas ini bukan cadangan e-Usulan Jalan (manifest.json tidak ada atau tidak valid).',
    );
  }
  const problems: string[] = [];
  const check = async (relative: string, expected: { size: number; sha256: string }) => {
    const file = path.join(target, relative);
    if (!existsSync(file)) return problems.push(`${relative} tidak ada`);
    if ((await stat(file)).size !== expected.size || (await hashFile(file)) !== expected.sha256) {
      problems.push(`${relative} berbeda dari manifest`);
    }
  };
  await check(manifest.database.file, manifest.database);
  for (const file of manifest.files) await check(`${FILES_DIR}/${file.key}`, file);
  const listed = new Set(manifest.files.map((file) => file.key));
  for (const key of await listFiles(path.join(target, FILES_DIR))) {
    if (!listed.has(key)) problems.push(`${FILES_DIR}/${key} tidak tercantum di manifest`);
  }
  if (problems.length) {
    throw new BackupError(
      `Isi cadangan tidak cocok dengan manifest, tidak ada yang dipulihkan: ${problems.slice(0, 5).join('; ')}` +
        (problems.length > 5 ? ` (dan ${problems.length - 5} lagi)` : ''),
    );
  }
  return manifest;
}

function checkCompatible(manifest: TBackupManifest, kind: 'pglite' | 'postgres') {
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `Cadangan ini berisi ${KIND_NAMES[manifest.database.kind]}, sedangkan targetnya ${KIND_NAMES[kind]} karena ` +
        `DATABASE_URL ${kind === 'postgres' ? 'diisi' : 'kosong'}. Pulihkan ke jenis database yang sama.`,
    );
  }
  const newest = knownMigrations().at(-1)?.when ?? 0;
  if (manifest.database.migrations.latestAt > newest) {
    throw new BackupError(
      `Cadangan dibuat oleh versi aplikasi yang lebih baru (migrasi ${manifest.database.migrations.latestTag}); ` +
        'perbarui aplikasi dulu, lalu pulihkan.',
    );
  }
}

/** What the target already holds, or '' when it is empty. */
async function targetHasData(config: AppConfig, dataDir: string) {
  const found: string[] = [];
  if ((await listFiles(path.join(dataDir, FILES_DIR))).length)
    found.push(`berkas di ${path.join(dataDir, FILES_DIR)}`);
  if (config.DATABASE_URL) {
    const { rows } = await withClient(config.DATABASE_URL, (client) =>
      client.query<{ used: boolean }>(`
        select exists (select 1 from pg_namespace where nspname = 'drizzle')
            or exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public') as used`),
    );
    if (rows[0]?.used) found.push('tabel di database PostgreSQL tujuan');
  } else if (existsSync(path.join(dataDir, 'db')) && (await readdir(path.join(dataDir, 'db'))).length) {
    found.push(`database di ${path.join(dataDir, 'db')}`);
  }
  return found.join(' dan ');
}

async function refuseWhileServerConnected(databaseUrl: string) {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ count: string }>(
      `select count(*) as count from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [APPLICATION_NAME],
    ),
  );
  if (Number(rows[0]?.count) > 0) {
    throw new BackupError(
      'Server e-Usulan Jalan masih terhubung ke database tujuan. Hentikan server dulu sebelum memulihkan cadangan.',
    );
  }
}

/** Builds the restored PGlite data directory in staging and checks its rows; returns its path. */
async function loadPgliteCopy(manifest: TBackupManifest, unpacked: string, staging: string) {
  const copyRoot = path.join(staging, 'pglite');
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({
      dataDir: copyRoot,
      loadDataDir: await openAsBlob(path.join(unpacked, manifest.database.file)),
    });
  } catch (error) {
    throw new BackupError(
      `Database dalam cadangan tidak bisa dibuka oleh versi PGlite ini (${manifest.database.engine}): ${(error as Error).message}`,
    );
  }
  try {
    const facts = await readDatabaseFacts(handle.db);
    const mismatch = compareRows(manifest, facts.rowCounts);
    if (mismatch) throw new BackupError(`Database hasil pemulihan tidak cocok dengan manifest: ${mismatch}`);
  } finally {
    await handle.close();
  }
  return path.join(copyRoot, 'db');
}

function compareRows(manifest: TBackupManifest, actual: Record<string, number>) {
  const tables = new Set([...Object.keys(manifest.database.rowCounts), ...Object.keys(actual)]);
  for (const table of tables) {
    if (manifest.database.rowCounts[table] !== actual[table]) {
      return `tabel ${table} berisi ${actual[table] ?? 0} baris, manifest ${manifest.database.rowCounts[table] ?? 0}`;
    }
  }
  return '';
}

/**
 * Loads the dump in a single transaction: the old schemas are dropped, the dump is replayed, and the row
 * counts of the manifest are checked before the commit, so a failure leaves the database as it was.
 */
async function loadPostgres(
  manifest: TBackupManifest,
  unpacked: string,
  staging: string,
  databaseUrl: string,
) {
  const prelude = path.join(staging, 'prelude.sql');
  const script = path.join(staging, 'restore.sql');
  const verify = path.join(staging, 'verify.sql');
  // Every schema the app writes: the migrations' record, the data, and the job queue's (pg-boss) tables.
  const dropped = ['drizzle', JOB_QUEUE_SCHEMA, 'public'].map(
    (schema) => `drop schema if exists ${schema} cascade;\n`,
  );
  await writeFile(prelude, `${dropped.join('')}create schema public;\n`);
  await runPostgresTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--no-comments',
    `--file=${script}`,
    path.join(unpacked, manifest.database.file),
  ]);
  const checks = Object.entries(manifest.database.rowCounts).map(
    ([table, count]) =>
      `  select count(*) into actual from public."${table}";\n` +
      `  if actual <> ${count} then raise exception 'tabel % berisi % baris, manifest %', '${table}', actual, ${count}; end if;`,
  );
  await writeFile(verify, `do $$\ndeclare actual bigint;\nbegin\n${checks.join('\n')}\nend $$;\n`);
  try {
    await runPostgresTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        `--file=${prelude}`,
        `--file=${script}`,
        `--file=${verify}`,
      ],
      databaseUrl,
    );
  } catch (error) {
    throw new BackupError(
      `Database PostgreSQL tidak dipulihkan (tidak ada yang berubah): ${(error as Error).message}`,
    );
  }
}
