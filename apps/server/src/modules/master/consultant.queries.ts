import { and, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultants, districts } from '../../db/schema/index.ts';
import { containsPattern, type ListRequest, lowerEquals } from '../../lib/pagination.ts';

export const CONSULTANT_SORTABLE = {
  id: consultants.id,
  code: consultants.code,
  name: consultants.name,
  consultantType: consultants.consultantType,
  district: districts.name,
  isActive: consultants.isActive,
};

const columns = {
  id: consultants.id,
  code: consultants.code,
  name: consultants.name,
  consultantType: consultants.consultantType,
  isActive: consultants.isActive,
  districtId: districts.id,
  districtName: districts.name,
};

export async function listConsultants(db: Db, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where: SQL | undefined = list.search
    ? or(ilike(consultants.code, pattern), ilike(consultants.name, pattern), ilike(districts.name, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(consultants)
      .leftJoin(districts, eq(districts.id, consultants.districtId))
      .where(where)
      .orderBy(list.orderBy, consultants.id)
      .limit(list.limit)
      .offset(list.offset),
    db
      .select({ total: count() })
      .from(consultants)
      .leftJoin(districts, eq(districts.id, consultants.districtId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findConsultant(db: Db, id: number) {
  const [row] = await db
    .select(columns)
    .from(consultants)
    .leftJoin(districts, eq(districts.id, consultants.districtId))
    .where(eq(consultants.id, id));
  return row ?? null;
}

export async function takenBy(db: Db, field: 'code' | 'name', value: string, exceptId?: number) {
  const [row] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(lowerEquals(consultants[field], value), exceptId ? ne(consultants.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function saveConsultant(
  db: Db,
  values: { code: string; name: string; consultantType: 'internal' | 'external'; districtId: number | null },
  id?: number,
) {
  if (id) {
    const [row] = await db
      .update(consultants)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(consultants.id, id))
      .returning({ id: consultants.id });
    return row?.id ?? null;
  }
  const [row] = await db.insert(consultants).values(values).returning({ id: consultants.id });
  return row?.id ?? null;
}

export async function toggleConsultant(db: Db, id: number) {
  const [row] = await db
    .update(consultants)
    .set({ isActive: sql`not ${consultants.isActive}`, updatedAt: sql`now()` })
    .where(eq(consultants.id, id))
    .returning({ id: consultants.id });
  return row?.id ?? null;
}
