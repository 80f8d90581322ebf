import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * The independent queries of a query function: together on the pool, one after another in a transaction.
 * A transaction is one connection, which runs one query at a time: node-postgres queues the others with a
 * deprecation warning, and refuses them from pg 9 on.
 */
export async function allQueries<T extends readonly unknown[]>(
  db: Db,
  queries: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction))
    return (await Promise.all(queries.map((query) => query()))) as unknown as T;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as unknown as T;
}
