import { and, eq, sql } from 'drizzle-orm';
import { allQueries } from '../../db/all-queries.ts';
import type { Db } from '../../db/client.ts';
import { consultants, roads, subdistricts, villages } from '../../db/schema/index.ts';

// The master records a proposal names (road, village, consultant): the checks of one form and the import's
// lookup tables.

/** Which of the referenced master records exist and are active (a new choice must be active). */
export async function activeReferences(
  db: Db,
  ids: { roadId?: number | null; villageId?: number; consultantId?: number },
) {
  const { roadId, villageId, consultantId } = ids;
  const [road, village, consultant] = await allQueries(db, [
    () =>
      roadId
        ? db
            .select({ id: roads.id })
            .from(roads)
            .where(and(eq(roads.id, roadId), eq(roads.isActive, true)))
        : Promise.resolve([{ id: 0 }]),
    () =>
      villageId
        ? db
            .select({ id: villages.id })
            .from(villages)
            .where(and(eq(villages.id, villageId), eq(villages.isActive, true)))
        : Promise.resolve([{ id: 0 }]),
    () =>
      consultantId
        ? db
            .select({ id: consultants.id })
            .from(consultants)
            .where(and(eq(consultants.id, consultantId), eq(consultants.isActive, true)))
        : Promise.resolve([{ id: 0 }]),
  ]);
  return { road: road.length > 0, village: village.length > 0, consultant: consultant.length > 0 };
}

/** A consultant's type and district, and a village's district, for consultantServesVillage. */
export async function consultantAndVillageDistricts(db: Db, consultantId: number, villageId: number) {
  const [row] = await db
    .select({
      consultantType: consultants.consultantType,
      districtId: consultants.districtId,
      // Aliases of its own: drizzle leaves column names unqualified in a one-table select.
      villageDistrictId: sql<
        number | null
      >`(select s.district_id from villages v join subdistricts s on s.id = v.subdistrict_id where v.id = ${villageId})`,
    })
    .from(consultants)
    .where(eq(consultants.id, consultantId));
  return row ?? null;
}

/** Lookup tables for the import: active roads, villages (with subdistrict) and consultants. */
export async function importLookups(db: Db) {
  const [roadRows, villageRows, consultantRows] = await Promise.all([
    db
      .select({ id: roads.id, name: roads.name })
      .from(roads)
      .where(eq(roads.isActive, true))
      .orderBy(roads.name),
    db
      .select({
        id: villages.id,
        name: villages.name,
        subdistrict: subdistricts.name,
        districtId: subdistricts.districtId,
      })
      .from(villages)
      .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
      .where(eq(villages.isActive, true))
      .orderBy(villages.name),
    db
      .select({
        id: consultants.id,
        code: consultants.code,
        name: consultants.name,
        consultantType: consultants.consultantType,
        districtId: consultants.districtId,
      })
      .from(consultants)
      .where(eq(consultants.isActive, true))
      .orderBy(consultants.name),
  ]);
  return { roads: roadRows, villages: villageRows, consultants: consultantRows };
}
