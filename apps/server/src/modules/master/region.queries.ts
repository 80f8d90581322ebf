import { and, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { districts, subdistricts, villages } from '../../db/schema/index.ts';
import { containsPattern, type ListRequest, lowerEquals } from '../../lib/pagination.ts';

export const SUBDISTRICT_SORTABLE = {
  id: subdistricts.id,
  name: subdistricts.name,
  district: districts.name,
  isActive: subdistricts.isActive,
};

const subdistrictColumns = {
  id: subdistricts.id,
  name: subdistricts.name,
  isActive: subdistricts.isActive,
  district: { id: districts.id, name: districts.name },
};

export async function listSubdistricts(db: Db, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where: SQL | undefined = list.search
    ? or(ilike(subdistricts.name, pattern), ilike(districts.name, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(subdistrictColumns)
      .from(subdistricts)
      .innerJoin(districts, eq(districts.id, subdistricts.districtId))
      .where(where)
      .orderBy(list.orderBy, subdistricts.id)
      .limit(list.limit)
      .offset(list.offset),
    db
      .select({ total: count() })
      .from(subdistricts)
      .innerJoin(districts, eq(districts.id, subdistricts.districtId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findSubdistrict(db: Db, id: number) {
  const [row] = await db
    .select(subdistrictColumns)
    .from(subdistricts)
    .innerJoin(districts, eq(districts.id, subdistricts.districtId))
    .where(eq(subdistricts.id, id));
  return row ?? null;
}

export async function districtExists(db: Db, id: number) {
  const [row] = await db.select({ id: districts.id }).from(districts).where(eq(districts.id, id));
  return Boolean(row);
}

export async function subdistrictNameTaken(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: subdistricts.id })
    .from(subdistricts)
    .where(and(lowerEquals(subdistricts.name, name), exceptId ? ne(subdistricts.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function saveSubdistrict(db: Db, values: { name: string; districtId: number }, id?: number) {
  if (id) {
    const [row] = await db
      .update(subdistricts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(subdistricts.id, id))
      .returning({ id: subdistricts.id });
    return row?.id ?? null;
  }
  const [row] = await db.insert(subdistricts).values(values).returning({ id: subdistricts.id });
  return row?.id ?? null;
}

export async function toggleSubdistrict(db: Db, id: number) {
  const [row] = await db
    .update(subdistricts)
    .set({ isActive: sql`not ${subdistricts.isActive}`, updatedAt: sql`now()` })
    .where(eq(subdistricts.id, id))
    .returning({ id: subdistricts.id });
  return row?.id ?? null;
}

export const VILLAGE_SORTABLE = {
  id: villages.id,
  name: villages.name,
  subdistrict: subdistricts.name,
  isActive: villages.isActive,
};

const villageColumns = {
  id: villages.id,
  name: villages.name,
  isActive: villages.isActive,
  subdistrict: { id: subdistricts.id, name: subdistricts.name },
};

export async function listVillages(db: Db, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where: SQL | undefined = list.search
    ? or(ilike(villages.name, pattern), ilike(subdistricts.name, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(villageColumns)
      .from(villages)
      .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
      .where(where)
      .orderBy(list.orderBy, villages.id)
      .limit(list.limit)
      .offset(list.offset),
    db
      .select({ total: count() })
      .from(villages)
      .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findVillage(db: Db, id: number) {
  const [row] = await db
    .select(villageColumns)
    .from(villages)
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .where(eq(villages.id, id));
  return row ?? null;
}

/** Kelurahan names repeat across a city, so a name is unique within its kecamatan only. */
export async function villageNameTaken(db: Db, name: string, subdistrictId: number, exceptId?: number) {
  const [row] = await db
    .select({ id: villages.id })
    .from(villages)
    .where(
      and(
        lowerEquals(villages.name, name),
        eq(villages.subdistrictId, subdistrictId),
        exceptId ? ne(villages.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function saveVillage(db: Db, values: { name: string; subdistrictId: number }, id?: number) {
  if (id) {
    const [row] = await db
      .update(villages)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(villages.id, id))
      .returning({ id: villages.id });
    return row?.id ?? null;
  }
  const [row] = await db.insert(villages).values(values).returning({ id: villages.id });
  return row?.id ?? null;
}

export async function toggleVillage(db: Db, id: number) {
  const [row] = await db
    .update(villages)
    .set({ isActive: sql`not ${villages.isActive}`, updatedAt: sql`now()` })
    .where(eq(villages.id, id))
    .returning({ id: villages.id });
  return row?.id ?? null;
}
