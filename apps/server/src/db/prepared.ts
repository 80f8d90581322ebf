import type { Db } from './client.ts';

/**
 * A statement built once per database handle and run with placeholders, for the statements every request
 * sends: Drizzle then builds its SQL once, and PostgreSQL (the statement is named) plans it once per
 * connection. `build` calls `.prepare(name)` on a query whose values are `sql.placeholder(...)`.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
