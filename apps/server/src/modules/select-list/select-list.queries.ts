import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  asbSurveyors,
  completedWorkImports,
  completedWorks,
  consultants,
  districts,
  photoCategories,
  roads,
  roadTypes,
  roles,
  subdistricts,
  typeWorkColors,
  users,
  villages,
  workNotes,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/pagination.ts';

export interface SelectQuery {
  search: string;
  limit: number;
}

const matching = (column: Parameters<typeof ilike>[0], search: string) =>
  search ? ilike(column, containsPattern(search)) : undefined;

export const districtOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: districts.id, name: districts.name })
    .from(districts)
    .where(matching(districts.name, q.search))
    .orderBy(asc(districts.name))
    .limit(q.limit);

export const subdistrictOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: subdistricts.id, name: subdistricts.name })
    .from(subdistricts)
    .where(and(eq(subdistricts.isActive, true), matching(subdistricts.name, q.search)))
    .orderBy(asc(subdistricts.name))
    .limit(q.limit);

export const roleOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: roles.id, name: roles.name, slug: roles.slug })
    .from(roles)
    .where(matching(roles.name, q.search))
    .orderBy(asc(roles.id))
    .limit(q.limit);

export const roadOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: roads.id, name: roads.name })
    .from(roads)
    .where(and(eq(roads.isActive, true), matching(roads.name, q.search)))
    .orderBy(asc(roads.name))
    .limit(q.limit);

export const villageOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: villages.id, name: villages.name, subdistrict: { name: subdistricts.name } })
    .from(villages)
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .where(
      and(
        eq(villages.isActive, true),
        eq(subdistricts.isActive, true),
        q.search ? or(matching(villages.name, q.search), matching(subdistricts.name, q.search)) : undefined,
      ),
    )
    .orderBy(asc(villages.name), asc(subdistricts.name))
    .limit(q.limit);

export const typeWorkOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: roadTypes.id, name: roadTypes.name, jenisPekerjaan: roadTypes.name })
    .from(roadTypes)
    .where(and(eq(roadTypes.isActive, true), matching(roadTypes.name, q.search)))
    .orderBy(asc(roadTypes.name))
    .limit(q.limit);

export const typeWorkColorOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: typeWorkColors.id, typeWork: typeWorkColors.typeWork, color: typeWorkColors.color })
    .from(typeWorkColors)
    .where(matching(typeWorkColors.typeWork, q.search))
    .orderBy(asc(typeWorkColors.typeWork))
    .limit(q.limit);

export interface ConsultantFilter {
  /** Only consultants without a user account, except the one of this user (editing). */
  withoutUser: boolean;
  userId?: number;
  internalFirst: boolean;
  /** Internal consultants only of this village's district; external ones always. */
  villageId?: number;
}

export async function consultantOptions(db: Db, q: SelectQuery, filter: ConsultantFilter) {
  const conditions: (SQL | undefined)[] = [eq(consultants.isActive, true)];
  if (q.search)
    conditions.push(or(matching(consultants.name, q.search), matching(consultants.code, q.search)));
  if (filter.withoutUser) {
    conditions.push(filter.userId ? or(isNull(users.id), eq(users.id, filter.userId)) : isNull(users.id));
  }
  if (filter.villageId) {
    const villageDistrict = sql`(select ${subdistricts.districtId} from ${villages} join ${subdistricts} on ${subdistricts.id} = ${villages.subdistrictId} where ${villages.id} = ${filter.villageId})`;
    conditions.push(
      or(eq(consultants.consultantType, 'external'), sql`${consultants.districtId} = ${villageDistrict}`),
    );
  }
  return db
    .select({ id: consultants.id, name: consultants.name, consultantType: consultants.consultantType })
    .from(consultants)
    .leftJoin(users, eq(users.consultantId, consultants.id))
    .where(and(...conditions))
    .orderBy(
      ...(filter.internalFirst
        ? [sql`case when ${consultants.consultantType} = 'internal' then 0 else 1 end`]
        : []),
      asc(consultants.name),
    )
    .limit(q.limit);
}

/**
 * The years that have proposals, from the counts kept by triggers (migration 0005): a few thousand rows,
 * where a DISTINCT over the proposals reads all of them (a million: ~150 ms).
 */
export const proposalYearOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ year: sql<number>`year::int` })
    .from(sql`proposal_counts`)
    .groupBy(sql`year`)
    .having(sql`sum(total) > 0`)
    .orderBy(desc(sql`year`))
    .limit(q.limit);

export const completedWorkYearOptions = (db: Db, q: SelectQuery) =>
  db
    .selectDistinct({ year: completedWorkImports.year })
    .from(completedWorkImports)
    .orderBy(desc(completedWorkImports.year))
    .limit(q.limit);

export const locationOptions = (db: Db, q: SelectQuery) =>
  db
    .selectDistinct({ lokasi: completedWorks.location })
    .from(completedWorks)
    .where(and(sql`${completedWorks.location} <> ''`, matching(completedWorks.location, q.search)))
    .orderBy(asc(completedWorks.location))
    .limit(q.limit);

/** The survey form's lists: ASB items with their unit price, photo categories, work notes. */
export const asbSurveyorOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: asbSurveyors.id, name: asbSurveyors.name, price: asbSurveyors.price })
    .from(asbSurveyors)
    .where(and(eq(asbSurveyors.isActive, true), matching(asbSurveyors.name, q.search)))
    .orderBy(asc(asbSurveyors.name))
    .limit(q.limit);

export const photoCategoryOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: photoCategories.id, name: photoCategories.name })
    .from(photoCategories)
    .where(and(eq(photoCategories.isActive, true), matching(photoCategories.name, q.search)))
    .orderBy(asc(photoCategories.name))
    .limit(q.limit);

export const workNoteOptions = (db: Db, q: SelectQuery) =>
  db
    .select({ id: workNotes.id, name: workNotes.name, description: workNotes.description })
    .from(workNotes)
    .where(
      and(
        eq(workNotes.isActive, true),
        q.search
          ? or(matching(workNotes.name, q.search), matching(workNotes.description, q.search))
          : undefined,
      ),
    )
    .orderBy(asc(workNotes.name))
    .limit(q.limit);
