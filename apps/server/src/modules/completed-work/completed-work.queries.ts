import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { completedWorkImports, completedWorks, type LatLon, typeWorkColors } from '../../db/schema/index.ts';
import { countedPageIds } from '../../lib/counted-page.ts';
import { containsPattern, type ListRequest } from '../../lib/pagination.ts';
import type { ParsedWork } from './completed-work-features.ts';

/** sort_by of GET completed-work: the list's columns. */
export const IMPORT_SORTABLE = {
  id: completedWorkImports.id,
  name: completedWorkImports.fileName,
  year: completedWorkImports.year,
  typeWork: typeWorkColors.typeWork,
  createdAt: completedWorkImports.createdAt,
};

/** sort_by of GET completed-work-detail/{id}: the detail table's columns (spec §3 names). */
export const WORK_SORTABLE = {
  id: completedWorks.id,
  nama: completedWorks.packageName,
  lokasi: completedWorks.location,
  tahun: completedWorks.year,
  panjang: completedWorks.packageLength,
  panjangLokasi: completedWorks.locationLength,
};

const importColumns = {
  id: completedWorkImports.id,
  fileName: completedWorkImports.fileName,
  year: completedWorkImports.year,
  createdAt: completedWorkImports.createdAt,
  typeWorkColorId: typeWorkColors.id,
  typeWork: typeWorkColors.typeWork,
  color: typeWorkColors.color,
  workCount: completedWorkImports.workCount,
};
export type ImportRecord = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export async function findTypeWorkColor(db: Db, id: number) {
  const [row] = await db
    .select({ id: typeWorkColors.id, typeWork: typeWorkColors.typeWork, color: typeWorkColors.color })
    .from(typeWorkColors)
    .where(eq(typeWorkColors.id, id));
  return row ?? null;
}

export async function findImport(db: Db, id: number) {
  const [row] = await db
    .select(importColumns)
    .from(completedWorkImports)
    .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
    .where(eq(completedWorkImports.id, id));
  return row ?? null;
}

/** GET completed-work: imports, newest first by default, filtered by year and a search on file name or type. */
export async function listImports(db: Db, filters: { year?: number }, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where = and(
    filters.year ? eq(completedWorkImports.year, filters.year) : undefined,
    list.search
      ? or(ilike(completedWorkImports.fileName, pattern), ilike(typeWorkColors.typeWork, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(importColumns)
      .from(completedWorkImports)
      .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
      .where(where)
      .orderBy(list.orderBy, completedWorkImports.id)
      .limit(list.limit)
      .offset(list.offset),
    db
      .select({ total: count() })
      .from(completedWorkImports)
      .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

const workRowColumns = {
  id: completedWorks.id,
  packageName: completedWorks.packageName,
  location: completedWorks.location,
  year: completedWorks.year,
  locationLength: completedWorks.locationLength,
  packageLength: completedWorks.packageLength,
};
export type WorkRowRecord = Awaited<ReturnType<typeof listWorks>>['rows'][number];

/** GET completed-work-detail/{id}: the works of one import, searched on package name and location. */
export async function listWorks(db: Db, imported: Pick<ImportRecord, 'id' | 'workCount'>, list: ListRequest) {
  const ofImport = eq(completedWorks.importId, imported.id);
  if (list.search) return searchWorks(db, ofImport, list);
  const [rows, total] = await Promise.all([
    db
      .select(workRowColumns)
      .from(completedWorks)
      .where(ofImport)
      .orderBy(list.orderBy, completedWorks.id)
      .limit(list.limit)
      .offset(list.offset),
    // The count kept with the import; counted for imports written outside the app.
    imported.workCount ?? countWorks(db, ofImport),
  ]);
  return { rows, total };
}

/** A search in one import: the matches counted and paged in one statement (countedPageIds), then their rows. */
async function searchWorks(db: Db, ofImport: SQL, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where = and(
    ofImport,
    or(ilike(completedWorks.packageName, pattern), ilike(completedWorks.location, pattern)),
  );
  const sortKey = sql`${list.sort?.column ?? completedWorks.id}`.as('sort_key');
  const matched = db.select({ id: completedWorks.id, sortKey }).from(completedWorks).where(where);
  const { ids, total } = await countedPageIds(db, matched, list, {
    idOrder: 'asc',
    countAll: () => countWorks(db, where),
  });
  if (!ids.length) return { rows: [], total };
  const found = await db.select(workRowColumns).from(completedWorks).where(inArray(completedWorks.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

async function countWorks(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ total: count() }).from(completedWorks).where(where);
  return row?.total ?? 0;
}

/** One work with its import's type and colour (GET completed-work-detail/{id}/detail). */
export async function findWork(db: Db, id: number) {
  const [row] = await db
    .select({
      ...workRowColumns,
      importId: completedWorks.importId,
      locationValue: completedWorks.locationValue,
      packageValue: completedWorks.packageValue,
      coordinates: completedWorks.coordinates,
      typeWork: typeWorkColors.typeWork,
      color: typeWorkColors.color,
    })
    .from(completedWorks)
    .innerJoin(completedWorkImports, eq(completedWorkImports.id, completedWorks.importId))
    .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
    .where(eq(completedWorks.id, id));
  return row ?? null;
}
export type WorkRecord = NonNullable<Awaited<ReturnType<typeof findWork>>>;

/** The lines of every work of one package (same NAMA in the same import), in file order. */
export async function packageLines(db: Db, importId: number, packageName: string): Promise<LatLon[][][]> {
  const rows = await db
    .select({ coordinates: completedWorks.coordinates })
    .from(completedWorks)
    .where(and(eq(completedWorks.importId, importId), eq(completedWorks.packageName, packageName)))
    .orderBy(asc(completedWorks.id));
  return rows.map((row) => row.coordinates);
}

export async function insertImport(db: Db, values: typeof completedWorkImports.$inferInsert) {
  const [row] = await db
    .insert(completedWorkImports)
    .values(values)
    .returning({ id: completedWorkImports.id });
  if (!row) throw new Error('import row not inserted');
  return row.id;
}

/** Works per INSERT: about 2 MB of JSON at 50 points a line. */
const INSERT_CHUNK = 1000;

/** One work as a json_to_recordset record; its coordinates are already JSON text. */
const recordOf = (work: ParsedWork) =>
  `{"package_name":${JSON.stringify(work.packageName)},"location":${JSON.stringify(work.location)},` +
  `"location_length":${work.locationLength},"package_length":${work.packageLength},` +
  `"location_value":${work.locationValue},"package_value":${work.packageValue},` +
  `"coordinates":${work.coordinates},"encoded_lines":${work.encodedLines},"min_lat":${work.minLat},"min_lon":${work.minLon},` +
  `"max_lat":${work.maxLat},"max_lon":${work.maxLon}}`;

/**
 * Inserts the works of an import in chunks as they are read, each chunk one statement with one JSON
 * parameter (far less work and garbage than twelve parameters per row); only a chunk is held at a time.
 */
export async function insertWorks(db: Db, importId: number, year: number, works: AsyncIterable<ParsedWork>) {
  const insert = async (chunk: ParsedWork[]) => {
    const records = `[${chunk.map(recordOf).join(',')}]`;
    await db.execute(sql`
      insert into ${completedWorks} (import_id, year, package_name, location, location_length, package_length,
        location_value, package_value, coordinates, encoded_lines, min_lat, min_lon, max_lat, max_lon)
      select ${importId}, ${year}, r.package_name, r.location, r.location_length, r.package_length,
        r.location_value, r.package_value, r.coordinates, r.encoded_lines, r.min_lat, r.min_lon, r.max_lat,
        r.max_lon
      from json_to_recordset(${records}::json) as r(package_name text, location text,
        location_length numeric, package_length numeric, location_value bigint, package_value bigint,
        coordinates jsonb, encoded_lines text[], min_lat double precision, min_lon double precision, max_lat double precision,
        max_lon double precision)`);
  };
  let chunk: ParsedWork[] = [];
  let stored = 0;
  for await (const work of works) {
    chunk.push(work);
    stored++;
    if (chunk.length < INSERT_CHUNK) continue;
    await insert(chunk);
    chunk = [];
  }
  if (chunk.length) await insert(chunk);
  await db
    .update(completedWorkImports)
    .set({ workCount: stored })
    .where(eq(completedWorkImports.id, importId));
}

/**
 * An import, locked for its removal or replacement (FOR UPDATE: a second removal waits and then finds it
 * gone), with what its audit record names and the zip to remove afterwards.
 */
export async function lockImport(db: Db, id: number) {
  const [row] = await db
    .select({
      fileName: completedWorkImports.fileName,
      year: completedWorkImports.year,
      typeWork: typeWorkColors.typeWork,
      workCount: completedWorkImports.workCount,
      storageKey: completedWorkImports.storageKey,
    })
    .from(completedWorkImports)
    .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
    .where(eq(completedWorkImports.id, id))
    .for('update', { of: completedWorkImports });
  return row ?? null;
}

/** Removes an import; its works and the record of its file go with it (ON DELETE CASCADE). */
export async function deleteImport(db: Db, id: number) {
  await db.delete(completedWorkImports).where(eq(completedWorkImports.id, id));
}
