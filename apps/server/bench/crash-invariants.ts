// What must hold after every crash and restart: the database opens with all migrations, its
// indexes agree with their tables (amcheck), the kept proposal counts match the proposals, no staged upload
// is left, and the stored files and the rows that name them match exactly, sizes included.
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import type { Probe } from './crash-operations.ts';

const JOURNAL = fileURLToPath(new URL('../src/db/migrations/meta/_journal.json', import.meta.url));

export interface CrashProbe extends Probe {
  close(): Promise<void>;
}

/**
 * Opens the embedded database of a data directory the way the server does (same PGlite build and
 * extensions, plus amcheck): after a SIGKILL this is where PostgreSQL's crash recovery runs.
 */
export async function openPgliteProbe(dataDir: string): Promise<CrashProbe & { db: Database }> {
  const client = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gin, amcheck } });
  await client.waitReady;
  await client.query('create extension if not exists amcheck');
  return {
    dataDir,
    /** Drizzle over the same connection: the checker runs the start-up reconciliation itself here. */
    db: drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database,
    rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

/** A pool on the PostgreSQL database the server under test uses. */
export async function openPostgresProbe(url: string, dataDir: string): Promise<CrashProbe> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  await pool.query('create extension if not exists amcheck');
  return {
    dataDir,
    rows: async <T>(text: string, params?: unknown[]) =>
      (await pool.query(text, params as unknown[])).rows as T[],
    close: () => pool.end(),
  };
}

/** Every file under a directory, as posix paths relative to it, with sizes. */
export function filesUnder(root: string): Map<string, number> {
  const found = new Map<string, number>();
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.set(path.relative(root, full).split(path.sep).join('/'), statSync(full).size);
  }
  return found;
}

export interface InvariantReport {
  violations: string[];
  storedFiles: number;
}

/** The checks that do not depend on which calls were made. */
export async function checkInvariants(probe: CrashProbe): Promise<InvariantReport> {
  const violations: string[] = [];

  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
  const [migrations] = await probe.rows<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  if (migrations?.n !== journal.entries.length) {
    violations.push(`${migrations?.n} migrations applied, ${journal.entries.length} in the journal`);
  }

  // Every B-tree index against its table (heapallindexed reads every heap tuple, so checksums are checked).
  const indexes = await probe.rows<{ name: string }>(
    `select c.oid::regclass::text as name from pg_index i
     join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
     join pg_namespace n on n.oid = c.relnamespace
     where a.amname = 'btree' and n.nspname in ('public', 'drizzle')`,
  );
  for (const index of indexes) {
    try {
      await probe.rows('select bt_index_check($1::regclass, true)', [index.name]);
    } catch (error) {
      violations.push(`amcheck ${index.name}: ${(error as Error).message}`);
    }
  }

  const [counts] = await probe.rows<{ n: number }>(
    `select count(*)::int as n from (
       select proposal_type, extract(year from proposal_date)::smallint as year, consultant_id, status_type,
              count(*)::int as total
       from proposals group by 1, 2, 3, 4
     ) actual
     full join (select * from proposal_counts where total <> 0) kept
       using (proposal_type, year, consultant_id, status_type)
     where actual.total is distinct from kept.total`,
  );
  if (counts?.n) violations.push(`${counts.n} kept proposal counts differ from the proposals`);

  const staged = filesUnder(path.join(probe.dataDir, 'tmp', 'uploads'));
  if (staged.size)
    violations.push(`${staged.size} staged uploads left: ${[...staged.keys()].slice(0, 5).join(', ')}`);

  const stored = filesUnder(path.join(probe.dataDir, 'files'));
  const named = await probe.rows<{ key: string; size: string | number | null }>(
    `select storage_key as key, size from proposal_files
     union all select storage_key, size from survey_photos
     union all select storage_key, size from survey_videos
     union all select storage_key, null from completed_work_imports`,
  );
  const namedKeys = new Set<string>();
  for (const row of named) {
    namedKeys.add(row.key);
    const size = stored.get(row.key);
    if (size === undefined) violations.push(`missing file: a row names ${row.key}`);
    else if (row.size !== null && Number(row.size) !== size) {
      violations.push(`file ${row.key} has ${size} bytes, its row says ${row.size}`);
    }
  }
  if (namedKeys.size !== named.length) violations.push('two rows name the same stored file');
  for (const key of stored.keys()) {
    if (!namedKeys.has(key)) violations.push(`orphaned file: no row names ${key}`);
  }
  return { violations, storedFiles: stored.size };
}
