// The bench's database: a fresh eusulan_bench_<random> on the TEST_DATABASE_URL server (dropped at the end)
// or a named one that is reused and kept; or, for the load run, a PGlite data directory. Migrated and given
// its admin the way the server does it.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { testConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/db/bootstrap.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

export const BENCH_ADMIN = { username: 'admin', password: 'BenchAdmin123' };
/** Same size as the server's own pool (db/client.ts), so direct SQL runs with the same concurrency limit. */
const POOL_SIZE = 10;

/** The part of pg.Pool the data generators use, so they fill a PGlite database as well. */
export interface SqlClient {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: R[] }>;
}
export interface SqlPool extends SqlClient {
  connect(): Promise<SqlClient & { release(): void }>;
}
/** A database the generators fill: its name (for COMMENT ON DATABASE), a pool on it and Drizzle on it. */
export interface DataTarget {
  name: string;
  pool: SqlPool;
  db: Database;
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export interface BenchDatabase extends DataTarget {
  url: string;
  /** True when this run created the database. */
  created: boolean;
  pool: pg.Pool;
  /** Drizzle on the pool, configured like the server's (schema, snake_case). */
  db: Database;
  /** The SQL (with parameters) that `work` sends, for EXPLAIN. */
  capture(work: () => Promise<unknown>): Promise<CapturedQuery[]>;
  close(options: { drop: boolean }): Promise<void>;
}

async function withServerClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(serverUrl: string, requestedName?: string): Promise<BenchDatabase> {
  const name = requestedName ?? `eusulan_bench_${randomBytes(4).toString('hex')}`;
  const created = await withServerClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`create database ${name}`);
    return true;
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const handle = await openDatabase({ url: url.toString(), dataDir: ':memory:' });
  try {
    await prepareDatabase(handle, testConfig({ ADMIN_PASSWORD: BENCH_ADMIN.password }));
  } finally {
    await handle.close();
  }

  const pool = new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE });
  // pool.end() resolves before its sockets close; the drop's FORCE then terminates them, and an idle
  // client's error with no listener would crash the process (and abort the drop).
  pool.on('error', () => undefined);
  let captured: CapturedQuery[] | null = null;
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: {
      logQuery(sql, params) {
        captured?.push({ sql, params });
      },
    },
  }) as unknown as Database;

  return {
    name,
    url: url.toString(),
    created,
    pool,
    db,
    async capture(work) {
      captured = [];
      try {
        await work();
        return captured;
      } finally {
        captured = null;
      }
    },
    async close({ drop }) {
      await pool.end();
      if (drop) {
        await withServerClient(serverUrl, (client) =>
          client.query(`drop database if exists ${name} with (force)`),
        );
      }
    },
  };
}

/**
 * A PGlite database in dataDir (the server's layout: dataDir/db), migrated with the bench admin, as a
 * DataTarget. Close it before a server opens the same directory.
 */
export async function openPgliteBenchDatabase(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  await prepareDatabase(handle, testConfig({ ADMIN_PASSWORD: BENCH_ADMIN.password, DATA_DIR: dataDir }));
  // Drizzle keeps its driver client as $client; db/client.ts hands out only the Drizzle instance.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  // One session: the generators' BEGIN ... COMMIT on "a pool client" is simply that session.
  const session: SqlClient = {
    query: async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      client.query<R>(text, values),
  };
  const pool: SqlPool = { ...session, connect: async () => ({ ...session, release: () => undefined }) };
  return { name: 'postgres', pool, db: handle.db, close: () => handle.close() } satisfies DataTarget & {
    close(): Promise<void>;
  };
}
