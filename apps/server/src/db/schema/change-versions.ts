import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * A counter per kind of data that answers kept in memory depend on: deferred triggers add one
 * at the commit of every transaction that changed such data (migration 0018), so an answer kept under a
 * version is never older than the data that version names, on every instance.
 */
export const changeVersions = pgTable('change_versions', {
  name: varchar({ length: 40 }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
