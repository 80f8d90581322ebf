import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { sourceFile } from '../server-files.ts';

/** A message for whoever runs npm run backup / restore: printed as it is, without a stack. */
export class BackupError extends Error {}

/**
 * Backup and restore carry DATA_DIR/files; with STORAGE_DRIVER=s3 the files are in the bucket, which its own
 * versioning and replication protect. An archive of the database alone would look complete and is not, so
 * both refuse and say what to do instead.
 */
export function refuseBucketStorage(config: { STORAGE_DRIVER: string }, action: 'backup' | 'restore') {
  if (config.STORAGE_DRIVER !== 's3') return;
  throw new BackupError(
    `npm run ${action} hanya untuk berkas di DATA_DIR (STORAGE_DRIVER=local). Dengan STORAGE_DRIVER=s3, ` +
      'cadangkan database dengan pg_dump dan lindungi bucket dengan versioning atau replikasinya sendiri ' +
      '(docs/deploy.md, "Backups").',
  );
}

export const BACKUP_FORMAT = 'e-usulan-jalan-backup';
export const MANIFEST_NAME = 'manifest.json';
/** Where the archive keeps each part; nothing else may be in it. */
export const DATABASE_FILES = {
  pglite: 'database/pglite-data.tar.gz',
  postgres: 'database/postgres.dump',
} as const;
export const FILES_DIR = 'files';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const size = z.number().int().nonnegative();
/** A storage key as file-storage.ts writes them: relative, forward slashes, no '.' or '..' step. */
const storageKey = z
  .string()
  .min(1)
  .refine(
    (key) =>
      !key.includes('\\') &&
      !key.includes('\0') &&
      !key.split('/').some((part) => part === '' || part === '.' || part === '..'),
    { error: 'kunci berkas tidak valid' },
  );

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.enum([DATABASE_FILES.pglite, DATABASE_FILES.postgres]),
    size,
    sha256,
    engine: z.string(),
    /** The migration level: how many ran, and the last one's tag and journal time. */
    migrations: z.object({ applied: size, latestTag: z.string(), latestAt: z.number().int() }),
    /** Rows per table of the public schema, as the dump holds them; restore checks them again. */
    rowCounts: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), size),
  }),
  files: z.array(z.object({ key: storageKey, size, sha256 })),
  /** Keys the database names whose file was not in storage when the backup was made. */
  missingFiles: z.array(z.string()),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;
export type TStoredFile = TBackupManifest['files'][number];

const MIGRATIONS_JOURNAL = sourceFile('db/migrations/meta/_journal.json');

/** The migrations this version of the application knows, oldest first. */
export function knownMigrations(): { tag: string; when: number }[] {
  return (
    JSON.parse(readFileSync(MIGRATIONS_JOURNAL, 'utf8')) as { entries: { tag: string; when: number }[] }
  ).entries;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What a backup records of the database and restore checks: engine, migration level, rows per table, and
 * every storage key the rows name (any column called storage_key, so a new file table is covered too).
 */
export async function readDatabaseFacts(db: Db) {
  const [migrationsTable] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  );
  if (!migrationsTable?.name) {
    throw new BackupError('Database ini belum pernah dipakai e-Usulan Jalan (belum ada tabel migrasi).');
  }
  const [setting] = rowsOf<{ version: string }>(
    await db.execute(sql`select current_setting('server_version') as version`),
  );
  const applied = rowsOf<{ created_at: string | number }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`),
  );
  const latestAt = Number(applied.at(-1)?.created_at ?? 0);
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((row) => row.table_name);
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ count: string | number }>(
      await db.execute(sql`select count(*) as count from ${sql.identifier(table)}`),
    );
    rowCounts[table] = Number(row?.count ?? 0);
  }
  const keyColumns = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'storage_key' order by table_name`),
  );
  const storedKeys = new Set<string>();
  for (const { table_name } of keyColumns) {
    for (const row of rowsOf<{ storage_key: string }>(
      await db.execute(sql`select storage_key from ${sql.identifier(table_name)}`),
    )) {
      storedKeys.add(row.storage_key);
    }
  }
  return {
    serverVersion: setting?.version ?? 'unknown',
    migrations: {
      applied: applied.length,
      latestTag:
        knownMigrations().find((entry) => entry.when === latestAt)?.tag ?? `tidak dikenal (${latestAt})`,
      latestAt,
    },
    rowCounts,
    storedKeys,
  };
}

export async function hashFile(file: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under root as a storage key (forward slashes), sorted. */
export async function listFiles(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if ((await lstat(path.join(root, entry))).isFile()) files.push(entry.split(path.sep).join('/'));
  }
  return files.sort();
}

/** Size and sha256 of each file under root. */
export async function describeFiles(root: string, keys: string[]): Promise<TStoredFile[]> {
  const described: TStoredFile[] = [];
  for (const key of keys) {
    const file = path.join(root, key);
    described.push({ key, size: (await lstat(file)).size, sha256: await hashFile(file) });
  }
  return described;
}
