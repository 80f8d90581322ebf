import type { TSurveyExport } from '@eusulan/shared';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  consultants,
  districts,
  photoCategories,
  proposals,
  roads,
  roadTypes,
  subdistricts,
  surveyPhotos,
  surveyRoadAsbItems,
  surveyRoads,
  surveyRoadTypes,
  surveys,
  villages,
} from '../../db/schema/index.ts';

/** The consultant behind a consultan user: only its own surveys, and an internal one only its district. */
export async function consultantOf(db: Db, consultantId: number) {
  const [row] = await db
    .select({ id: consultants.id, type: consultants.consultantType, districtId: consultants.districtId })
    .from(consultants)
    .where(eq(consultants.id, consultantId));
  return row ?? null;
}

/** One exported survey: the newest submitted survey of a proposal within the range. */
export interface ExportedSurvey {
  surveyId: number;
  proposalId: number;
}

/**
 * The surveys to export, oldest first: per proposal the newest survey submitted within the range (days of
 * the office's time zone), of proposals in the chosen districts (Rayon), optionally of one consultant.
 */
export async function findExportedSurveys(
  db: Db,
  input: Pick<TSurveyExport, 'startDate' | 'endDate' | 'districtId'> & { consultantId?: number },
  timeZone: string,
): Promise<ExportedSurvey[]> {
  const day = sql`(${surveys.submittedAt} at time zone ${timeZone})::date`;
  const conditions: SQL[] = [
    eq(surveys.isDraft, false),
    sql`${day} between ${input.startDate}::date and ${input.endDate}::date`,
    inArray(subdistricts.districtId, input.districtId),
  ];
  if (input.consultantId !== undefined) conditions.push(eq(proposals.consultantId, input.consultantId));
  const newest = db
    .selectDistinctOn([surveys.proposalId], {
      surveyId: sql<number>`${surveys.id}`.as('survey_id'),
      proposalId: sql<number>`${surveys.proposalId}`.as('proposal_id'),
      submittedAt: sql<Date>`${surveys.submittedAt}`.as('submitted_at'),
    })
    .from(surveys)
    .innerJoin(proposals, eq(proposals.id, surveys.proposalId))
    .innerJoin(villages, eq(villages.id, proposals.villageId))
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .where(and(...conditions))
    .orderBy(surveys.proposalId, sql`${surveys.submittedAt} desc`, sql`${surveys.id} desc`)
    .as('newest');
  return db
    .select({ surveyId: newest.surveyId, proposalId: newest.proposalId })
    .from(newest)
    .orderBy(newest.submittedAt, newest.proposalId);
}

/** `column = any($1)`: one array parameter however many ids, where inArray builds one parameter per id. */
const isAnyOf = (column: AnyColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

/** Each exported survey with its proposal's facts (spec §3 Proposal, with the Rayon) in one read. */
async function surveyFacts(db: Db, surveyIds: number[]) {
  return db
    .select({
      surveyId: surveys.id,
      submittedAt: surveys.submittedAt,
      roadCondition: surveys.roadCondition,
      canalExisting: surveys.canalExisting,
      canalCondition: surveys.canalCondition,
      damageIdentification: surveys.damageIdentification,
      suggestion: surveys.suggestion,
      proposal: {
        id: proposals.id,
        proposalType: proposals.proposalType,
        proposalDate: proposals.proposalDate,
        proposerName: proposals.proposerName,
        phoneNumber: proposals.phoneNumber,
        roadName: roads.name,
        rtNumber: proposals.rtNumber,
        rwNumber: proposals.rwNumber,
        address: proposals.address,
        villageName: villages.name,
        subdistrictName: subdistricts.name,
        districtName: districts.name,
        consultantName: consultants.name,
        statusType: proposals.statusType,
        processType: proposals.processType,
      },
    })
    .from(surveys)
    .innerJoin(proposals, eq(proposals.id, surveys.proposalId))
    .innerJoin(villages, eq(villages.id, proposals.villageId))
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .innerJoin(districts, eq(districts.id, subdistricts.districtId))
    .innerJoin(consultants, eq(consultants.id, proposals.consultantId))
    .leftJoin(roads, eq(roads.id, proposals.roadId))
    .where(isAnyOf(surveys.id, surveyIds));
}

/** The work types of the surveys, by name. */
async function workTypes(db: Db, surveyIds: number[]) {
  return db
    .select({ surveyId: surveyRoadTypes.surveyId, name: roadTypes.name })
    .from(surveyRoadTypes)
    .innerJoin(roadTypes, eq(roadTypes.id, surveyRoadTypes.roadTypeId))
    .where(isAnyOf(surveyRoadTypes.surveyId, surveyIds))
    .orderBy(asc(roadTypes.name));
}

/**
 * The surveyed roads with their ASB items, in the survey's road order (a road without items still counts
 * as a Ruas) and each road's items in the order they were priced.
 */
async function roadItems(db: Db, surveyIds: number[]) {
  return db
    .select({
      surveyId: surveyRoads.surveyId,
      roadId: surveyRoads.id,
      name: surveyRoadAsbItems.name,
      unitPrice: surveyRoadAsbItems.unitPrice,
      long: surveyRoadAsbItems.long,
      wide: surveyRoadAsbItems.wide,
    })
    .from(surveyRoads)
    .leftJoin(surveyRoadAsbItems, eq(surveyRoadAsbItems.surveyRoadId, surveyRoads.id))
    .where(isAnyOf(surveyRoads.surveyId, surveyIds))
    .orderBy(asc(surveyRoads.position), asc(surveyRoads.id), asc(surveyRoadAsbItems.id));
}

/** The stored photos of the exported surveys, with their category, in upload order. */
async function photoFiles(db: Db, surveyIds: number[]) {
  return db
    .select({
      id: surveyPhotos.id,
      surveyId: surveyPhotos.surveyId,
      ext: surveyPhotos.ext,
      storageKey: surveyPhotos.storageKey,
      categoryName: photoCategories.name,
    })
    .from(surveyPhotos)
    .leftJoin(photoCategories, eq(photoCategories.id, surveyPhotos.photoCategoryId))
    .where(isAnyOf(surveyPhotos.surveyId, surveyIds))
    .orderBy(asc(surveyPhotos.id));
}

type SurveyFacts = Awaited<ReturnType<typeof surveyFacts>>[number];
export type PhotoFile = Awaited<ReturnType<typeof photoFiles>>[number];

/** An ASB item of a surveyed road as the export prices it (name and unit price copied at survey time). */
export interface ExportItem {
  name: string;
  unitPrice: number;
  long: string;
  wide: string;
}

/** What the export shows of a survey (spec §3 Survey): texts, work types, roads with their ASB items. */
export interface ExportSurvey extends Omit<SurveyFacts, 'surveyId' | 'proposal'> {
  roadTypes: { name: string }[];
  roads: { items: ExportItem[] }[];
}

/** One row of the export: a proposal, its exported survey and that survey's photos. */
export interface ExportRow {
  proposal: SurveyFacts['proposal'];
  survey: ExportSurvey;
  photos: PhotoFile[];
}

/**
 * What a pass over the rows needs: the survey sheet and the zip everything; the ASB item sheet no work
 * types and no photos.
 */
export type ExportPart = 'surveys' | 'items';

/** How the export reads its surveys: how many at once, and whether a batch's queries go together. */
export interface ExportReading {
  batchSize: number;
  oneQueryAtATime: boolean;
}

/** PostgreSQL: a few hundred surveys at once keeps memory flat and queries few; the pool runs them together. */
export const POOL_EXPORT_READING: ExportReading = { batchSize: 500, oneQueryAtATime: false };

/**
 * PGlite: its one session is taken in arrival order (pglite-lock.ts), so a list call made meanwhile waits
 * behind whatever export statements are queued before it: small batches, one query at a time, leave it
 * one short statement to wait for rather than a batch's four long ones and the next batch's read-ahead.
 */
export const PGLITE_EXPORT_READING: ExportReading = { batchSize: 100, oneQueryAtATime: true };

type Results<T extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/** Runs the queries together, or each after the one before. */
async function runQueries<T extends readonly (() => Promise<unknown>)[]>(
  queries: T,
  oneAtATime: boolean,
): Promise<Results<T>> {
  if (!oneAtATime) return (await Promise.all(queries.map((query) => query()))) as Results<T>;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results<T>;
}

function groupBy<T>(rows: T[], keyOf: (row: T) => number) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** One batch of rows, in the order of `slice`; four queries whatever its size. */
async function loadBatch(
  db: Db,
  slice: ExportedSurvey[],
  part: ExportPart,
  reading: ExportReading,
): Promise<ExportRow[]> {
  const surveyIds = slice.map((row) => row.surveyId);
  const withDetails = part === 'surveys';
  const [facts, types, items, photos] = await runQueries(
    [
      () => surveyFacts(db, surveyIds),
      () => (withDetails ? workTypes(db, surveyIds) : Promise.resolve([])),
      () => roadItems(db, surveyIds),
      () => (withDetails ? photoFiles(db, surveyIds) : Promise.resolve([])),
    ] as const,
    reading.oneQueryAtATime,
  );
  const factsById = new Map(facts.map((row) => [row.surveyId, row]));
  const typesBySurvey = groupBy(types, (row) => row.surveyId);
  const itemsBySurvey = groupBy(items, (row) => row.surveyId);
  const photosBySurvey = groupBy(photos, (row) => row.surveyId);
  return slice.flatMap(({ surveyId }) => {
    const found = factsById.get(surveyId);
    if (!found) return [];
    const { surveyId: _id, proposal, ...survey } = found;
    const roads = [...groupBy(itemsBySurvey.get(surveyId) ?? [], (row) => row.roadId).values()].map(
      (rows) => ({
        items: rows.flatMap(({ name, unitPrice, long, wide }) =>
          name === null || unitPrice === null || long === null || wide === null
            ? []
            : [{ name, unitPrice, long, wide }],
        ),
      }),
    );
    return [
      {
        proposal,
        survey: {
          ...survey,
          roadTypes: (typesBySurvey.get(surveyId) ?? []).map(({ name }) => ({ name })),
          roads,
        },
        photos: photosBySurvey.get(surveyId) ?? [],
      },
    ];
  });
}

/**
 * The export's rows in batches, in the order found. Each pass reads the database again, so nothing
 * accumulates; the next batch is read while the current one is written.
 */
export async function* exportBatches(
  db: Db,
  exported: ExportedSurvey[],
  part: ExportPart = 'surveys',
  reading: ExportReading = POOL_EXPORT_READING,
): AsyncGenerator<ExportRow[]> {
  const { batchSize } = reading;
  const load = (start: number) => {
    const loading = loadBatch(db, exported.slice(start, start + batchSize), part, reading);
    // Read ahead: when the writer stops early its failure must not surface as an unhandled rejection.
    loading.catch(() => undefined);
    return loading;
  };
  let next = exported.length ? load(0) : null;
  for (let start = 0; next; start += batchSize) {
    const current = await next;
    next = start + batchSize < exported.length ? load(start + batchSize) : null;
    yield current;
  }
}
