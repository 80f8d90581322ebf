// The bench's database: a fresh eusulan_bench_<random> on the TEST_DATABASE_URL server (dropped at the end)
// or a named one that is reused and kept. Migrated and given its admin the way the server does it.
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { testConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/db/bootstrap.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

export const BENCH_ADMIN = { username: 'admin', password: 'BenchAdmin123' };
/** Same size as the server's own pool (db/client.ts), so direct SQL runs with the same concurrency limit. */
const POOL_SIZE = 10;

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export interface BenchDatabase {
  name: string;
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
