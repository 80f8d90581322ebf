import { and, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern, type ListRequest, lowerEquals } from '../../lib/pagination.ts';

/** The columns every simple master table has (roads, road types, photo categories, ASB, work notes). */
export type SimpleMasterTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  isActive: PgColumn;
  updatedAt: PgColumn;
};
export type SimpleMasterRow = Record<string, unknown> & { id: number; name: string; isActive: boolean };

export async function listRows(db: Db, table: SimpleMasterTable, list: ListRequest) {
  const where: SQL | undefined = list.search ? ilike(table.name, containsPattern(list.search)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(list.orderBy, table.id)
      .limit(list.limit)
      .offset(list.offset),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as SimpleMasterRow[], total: total?.total ?? 0 };
}

export async function findRow(db: Db, table: SimpleMasterTable, id: number) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return (row as SimpleMasterRow | undefined) ?? null;
}

/** Whether another row already carries this name, compared case-insensitively. */
export async function nameTaken(db: Db, table: SimpleMasterTable, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(lowerEquals(table.name, name), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertRow(db: Db, table: SimpleMasterTable, values: Record<string, unknown>) {
  const [row] = await db
    .insert(table)
    .values(values as never)
    .returning();
  return row as SimpleMasterRow;
}

export async function updateRow(
  db: Db,
  table: SimpleMasterTable,
  id: number,
  values: Record<string, unknown>,
) {
  const [row] = await db
    .update(table)
    .set({ ...values, updatedAt: sql`now()` } as never)
    .where(eq(table.id, id))
    .returning();
  return (row as SimpleMasterRow | undefined) ?? null;
}

export async function toggleActive(db: Db, table: SimpleMasterTable, id: number) {
  const [row] = await db
    .update(table)
    .set({ isActive: sql`not ${table.isActive}`, updatedAt: sql`now()` } as never)
    .where(eq(table.id, id))
    .returning();
  return (row as SimpleMasterRow | undefined) ?? null;
}
