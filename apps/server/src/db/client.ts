import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sourceFile } from '../server-files.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { LockedPglite, PgliteSessionLock } from './pglite-lock.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either, so a workflow can run them inside one transaction. */
export type Db = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server process runs its own on this database: servers started together on
   * one PostgreSQL database would otherwise migrate it (and create the first admin) at the same time, and
   * all but one fail. PGlite has one process already (data-dir-lock.ts).
   */
  alone<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball, taken between two queries. */
  dumpDataDir?(): Promise<Blob>;
  /** The connections in use now, for GET /metrics (plugins/metrics.ts). */
  usage(): DatabaseUsage;
  /**
   * Plain SQL for a library that brings its own (pg-boss): with values one statement, without them a script
   * of several, answered by the last statement's rows. On PGlite it waits for the session lock like every other call.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * node-postgres' pool counts: connections open (total) and idle, and queries waiting for a connection. PGlite
 * has one session and no pool: total 1, and waiting counts the calls waiting for its lock (pglite-lock.ts).
 */
export interface DatabaseUsage {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** How the server's connections name themselves, so a restore can tell whether a server still uses the database. */
export const APPLICATION_NAME = 'e-usulan-jalan';

const MIGRATIONS_DIR = sourceFile('db/migrations');
/** The session-level advisory lock of start-up work ("eu-start" in ASCII); see DatabaseHandle.alone. */
const START_UP_LOCK = '7310799544002900596';
const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * PostgreSQL when a URL is given, otherwise PGlite in dataDir/db (or in memory for ':memory:'), which this
 * process then holds alone (data-dir-lock.ts) until close().
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string | ':memory:';
  /** PostgreSQL only: the pool's size (DATABASE_POOL_MAX); 10 when not given. */
  poolMax?: number;
  /** PGlite only: start a new data directory from this dumpDataDir() tarball (a restore). */
  loadDataDir?: Blob;
  /** PGlite only: how long a call may wait for the session lock before it is refused (pglite-lock.ts). */
  lockWaitMs?: number;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      application_name: APPLICATION_NAME,
    });
    // An idle connection the server drops (restart, terminate) emits 'error' on the pool; unhandled, that
    // would crash the process. The pool replaces the connection on the next query.
    pool.on('error', (error) => {
      console.error(`Koneksi PostgreSQL terputus: ${error.message}`);
    });
    const db = drizzleNodePg(pool, drizzleOptions);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      async alone(work) {
        // A connection of its own, outside the pool (which may have a single one): ending it releases the
        // lock, whatever happens to the work.
        const holder = new pg.Client({ connectionString: options.url, application_name: APPLICATION_NAME });
        await holder.connect();
        try {
          await holder.query(`select pg_advisory_lock(${START_UP_LOCK})`);
          return await work();
        } finally {
          await holder.end();
        }
      },
      close: () => pool.end(),
      executeSql: (text, values) => pool.query(text, values),
      usage: () => ({
        max: pool.options.max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  // Loaded only here: PGlite and its WebAssembly build cost a PostgreSQL deployment ~40 MB of RSS otherwise.
  const [
    { PGlite: EmbeddedPostgres },
    { pg_trgm },
    { btree_gin },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // pg_trgm backs the case-insensitive 'contains' search of every list (migration 0001); btree_gin puts the
  // type tab into the proposal search index (migration 0006).
  const pgliteOptions = { extensions: { pg_trgm, btree_gin }, loadDataDir: options.loadDataDir };
  let client: PGlite;
  let releaseLock = () => {};
  if (options.dataDir === ':memory:') {
    client = new EmbeddedPostgres(pgliteOptions);
    await client.waitReady;
  } else {
    releaseLock = lockDataDir(options.dataDir).release;
    try {
      const dir = path.join(options.dataDir, 'db');
      mkdirSync(dir, { recursive: true });
      client = new EmbeddedPostgres(dir, pgliteOptions);
      await client.waitReady;
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  // One session for the whole server: calls take its lock in arrival order, with a bound on the wait.
  const lock = new PgliteSessionLock(options.lockWaitMs);
  const locked = new LockedPglite(client, lock);
  const db = drizzlePglite(locked as unknown as PGlite, drizzleOptions);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    alone: (work) => work(),
    async close() {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    async executeSql(text, values) {
      if (values?.length) return locked.query(text, values);
      const results = await locked.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    usage: () => ({ max: 1, total: 1, idle: lock.held ? 0 : 1, waiting: lock.waiting }),
  };
}
