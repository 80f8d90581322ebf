import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { completedWorkImports, typeWorkColors } from '../../db/schema/index.ts';
import { containsPattern, type ListRequest, lowerEquals } from '../../lib/pagination.ts';

export const TYPE_WORK_COLOR_SORTABLE = {
  id: typeWorkColors.id,
  typeWork: typeWorkColors.typeWork,
  color: typeWorkColors.color,
};
const columns = { id: typeWorkColors.id, typeWork: typeWorkColors.typeWork, color: typeWorkColors.color };

/** GET type-work-color: the colours searched on type or colour, one page and the total. */
export async function listTypeWorkColors(db: Db, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where = list.search
    ? or(ilike(typeWorkColors.typeWork, pattern), ilike(typeWorkColors.color, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(typeWorkColors)
      .where(where)
      .orderBy(list.orderBy, typeWorkColors.id)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ total: count() }).from(typeWorkColors).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findColor(db: Db, id: number) {
  const [row] = await db.select(columns).from(typeWorkColors).where(eq(typeWorkColors.id, id));
  return row ?? null;
}

/** Whether another colour (not `exceptId`) already has this type of work, case aside. */
export async function typeWorkTaken(db: Db, typeWork: string, exceptId?: number) {
  const [row] = await db
    .select({ id: typeWorkColors.id })
    .from(typeWorkColors)
    .where(
      and(
        lowerEquals(typeWorkColors.typeWork, typeWork),
        exceptId ? ne(typeWorkColors.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Inserts the colour, or updates colour `id`; answers its id (null when `id` is gone). */
export async function saveColor(tx: Db, values: { typeWork: string; color: string }, id?: number) {
  const [row] = id
    ? await tx
        .update(typeWorkColors)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(typeWorkColors.id, id))
        .returning(columns)
    : await tx.insert(typeWorkColors).values(values).returning(columns);
  return row?.id ?? null;
}

/** Whether a completed-work import draws its works in this colour. */
export async function colorInUse(db: Db, id: number) {
  const [used] = await db
    .select({ id: completedWorkImports.id })
    .from(completedWorkImports)
    .where(eq(completedWorkImports.typeWorkColorId, id))
    .limit(1);
  return Boolean(used);
}

/** Deletes colour `id`; answers its id (null when it was gone). */
export async function deleteColor(tx: Db, id: number) {
  const [row] = await tx
    .delete(typeWorkColors)
    .where(eq(typeWorkColors.id, id))
    .returning({ id: typeWorkColors.id });
  return row?.id ?? null;
}
