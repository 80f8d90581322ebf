import type { TSurveyDraft } from '@eusulan/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { allQueries } from '../../db/all-queries.ts';
import type { Db } from '../../db/client.ts';
import {
  asbSurveyors,
  consultants,
  photoCategories,
  proposals,
  roadTypes,
  surveyPhotos,
  surveyRoadAsbItems,
  surveyRoads,
  surveyRoadTypes,
  surveys,
  surveyVideos,
} from '../../db/schema/index.ts';
import { encodeSegments } from '../../lib/map-lines.ts';

export async function findProposalForSurvey(db: Db, proposalId: number) {
  const [row] = await db
    .select({ id: proposals.id, consultantId: proposals.consultantId, statusType: proposals.statusType })
    .from(proposals)
    .where(eq(proposals.id, proposalId));
  return row ?? null;
}

/**
 * Holds the proposal's row until the transaction ends, so two saves or uploads racing to open the first
 * draft of a survey wait for one another and the second finds the draft the first created.
 */
export async function lockProposalForDraft(tx: Db, proposalId: number) {
  await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, proposalId)).for('update');
}

/** The open draft of a proposal (at most one is kept open at a time). */
export async function findDraftId(db: Db, proposalId: number) {
  const [row] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.proposalId, proposalId), eq(surveys.isDraft, true)))
    .orderBy(desc(surveys.id))
    .limit(1);
  return row?.id ?? null;
}

export async function createDraft(
  db: Db,
  values: { proposalId: number; consultantId: number; surveyorId: number },
) {
  const [row] = await db.insert(surveys).values(values).returning({ id: surveys.id });
  return row!.id;
}

/** Submitted surveys of a proposal, newest first: the newest is `survey`, all are `surveyHistories`. */
export async function submittedSurveyIds(db: Db, proposalId: number) {
  const rows = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.proposalId, proposalId), eq(surveys.isDraft, false)))
    .orderBy(desc(surveys.submittedAt), desc(surveys.id));
  return rows.map((row) => row.id);
}

/** Everything of the given surveys, in a fixed number of queries whatever their count. */
export async function loadSurveys(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const [surveyRows, typeRows, roadRows, photoRows, videoRows] = await allQueries(db, [
    () =>
      db
        .select({
          id: surveys.id,
          proposalId: surveys.proposalId,
          isDraft: surveys.isDraft,
          createdAt: surveys.createdAt,
          updatedAt: surveys.updatedAt,
          submittedAt: surveys.submittedAt,
          roadCondition: surveys.roadCondition,
          canalExisting: surveys.canalExisting,
          canalCondition: surveys.canalCondition,
          damageIdentification: surveys.damageIdentification,
          suggestion: surveys.suggestion,
          surveyorName: consultants.name,
        })
        .from(surveys)
        .innerJoin(consultants, eq(consultants.id, surveys.consultantId))
        .where(inArray(surveys.id, ids)),
    () =>
      db
        .select({ surveyId: surveyRoadTypes.surveyId, id: roadTypes.id, name: roadTypes.name })
        .from(surveyRoadTypes)
        .innerJoin(roadTypes, eq(roadTypes.id, surveyRoadTypes.roadTypeId))
        .where(inArray(surveyRoadTypes.surveyId, ids))
        .orderBy(asc(roadTypes.name)),
    () =>
      db
        .select({ id: surveyRoads.id, surveyId: surveyRoads.surveyId, drawLine: surveyRoads.drawLine })
        .from(surveyRoads)
        .where(inArray(surveyRoads.surveyId, ids))
        .orderBy(asc(surveyRoads.position), asc(surveyRoads.id)),
    () =>
      db
        .select({
          id: surveyPhotos.id,
          surveyId: surveyPhotos.surveyId,
          name: surveyPhotos.name,
          ext: surveyPhotos.ext,
          size: surveyPhotos.size,
          categoryId: photoCategories.id,
          categoryName: photoCategories.name,
          description: surveyPhotos.description,
        })
        .from(surveyPhotos)
        .leftJoin(photoCategories, eq(photoCategories.id, surveyPhotos.photoCategoryId))
        .where(inArray(surveyPhotos.surveyId, ids))
        .orderBy(asc(surveyPhotos.id)),
    () =>
      db
        .select({
          id: surveyVideos.id,
          surveyId: surveyVideos.surveyId,
          name: surveyVideos.name,
          ext: surveyVideos.ext,
          size: surveyVideos.size,
          description: surveyVideos.description,
        })
        .from(surveyVideos)
        .where(inArray(surveyVideos.surveyId, ids))
        .orderBy(asc(surveyVideos.id)),
  ]);
  const roadIds = roadRows.map((road) => road.id);
  const itemRows = roadIds.length
    ? await db
        .select({
          surveyRoadId: surveyRoadAsbItems.surveyRoadId,
          asbSurveyorId: surveyRoadAsbItems.asbSurveyorId,
          name: surveyRoadAsbItems.name,
          unitPrice: surveyRoadAsbItems.unitPrice,
          long: surveyRoadAsbItems.long,
          wide: surveyRoadAsbItems.wide,
        })
        .from(surveyRoadAsbItems)
        .where(inArray(surveyRoadAsbItems.surveyRoadId, roadIds))
        .orderBy(asc(surveyRoadAsbItems.id))
    : [];
  return surveyRows.map((survey) => ({
    ...survey,
    roadTypes: typeRows.filter((row) => row.surveyId === survey.id).map(({ id, name }) => ({ id, name })),
    roads: roadRows
      .filter((road) => road.surveyId === survey.id)
      .map((road) => ({ ...road, items: itemRows.filter((item) => item.surveyRoadId === road.id) })),
    photos: photoRows.filter((row) => row.surveyId === survey.id),
    videos: videoRows.filter((row) => row.surveyId === survey.id),
  }));
}
export type LoadedSurvey = Awaited<ReturnType<typeof loadSurveys>>[number];

/** Active records among the given ids, with the ASB prices to copy into the survey. */
export async function activeSurveyReferences(db: Db, roadTypeIds: number[], asbIds: number[]) {
  const [types, asb] = await Promise.all([
    roadTypeIds.length
      ? db
          .select({ id: roadTypes.id })
          .from(roadTypes)
          .where(and(inArray(roadTypes.id, roadTypeIds), eq(roadTypes.isActive, true)))
      : Promise.resolve([]),
    asbIds.length
      ? db
          .select({ id: asbSurveyors.id, name: asbSurveyors.name, price: asbSurveyors.price })
          .from(asbSurveyors)
          .where(and(inArray(asbSurveyors.id, asbIds), eq(asbSurveyors.isActive, true)))
      : Promise.resolve([]),
  ]);
  return { roadTypeIds: new Set(types.map((row) => row.id)), asb: new Map(asb.map((row) => [row.id, row])) };
}

/** Replaces the draft's fields, work types, roads and ASB items with the given ones. */
export async function replaceDraftContent(
  tx: Db,
  surveyId: number,
  draft: TSurveyDraft,
  asb: Map<number, { name: string; price: number }>,
) {
  await tx
    .update(surveys)
    .set({
      roadCondition: draft.roadCondition,
      canalExisting: draft.canalExisting,
      canalCondition: draft.canalCondition,
      damageIdentification: draft.damageIdentification,
      suggestion: draft.suggestion,
      updatedAt: sql`now()`,
    })
    .where(eq(surveys.id, surveyId));
  await tx.delete(surveyRoadTypes).where(eq(surveyRoadTypes.surveyId, surveyId));
  const typeIds = [...new Set(draft.roadTypes)];
  if (typeIds.length) {
    await tx.insert(surveyRoadTypes).values(typeIds.map((roadTypeId) => ({ surveyId, roadTypeId })));
  }
  await tx.delete(surveyRoads).where(eq(surveyRoads.surveyId, surveyId));
  for (const [position, road] of draft.surveyRoad.entries()) {
    const [inserted] = await tx
      .insert(surveyRoads)
      .values({
        surveyId,
        position,
        drawLine: road.drawLine.lokasi,
        encodedPaths: encodeSegments(road.drawLine.lokasi),
      })
      .returning({ id: surveyRoads.id });
    if (!road.asbSurveyors.length) continue;
    await tx.insert(surveyRoadAsbItems).values(
      road.asbSurveyors.map((item) => {
        const master = asb.get(item.asbSurveyorId)!;
        return {
          surveyRoadId: inserted!.id,
          asbSurveyorId: item.asbSurveyorId,
          name: master.name,
          unitPrice: master.price,
          long: String(item.long),
          wide: String(item.wide),
        };
      }),
    );
  }
}

export async function markSubmitted(tx: Db, surveyId: number, proposalId: number) {
  await tx
    .update(surveys)
    .set({ isDraft: false, submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(surveys.id, surveyId));
  // A first survey moves the proposal on; a new survey of a surveyed proposal keeps it surveyed.
  await tx
    .update(proposals)
    .set({ statusType: 'surveyed', updatedAt: sql`now()` })
    .where(and(eq(proposals.id, proposalId), eq(proposals.statusType, 'verified')));
}

export async function photoCategoryIsActive(db: Db, id: number) {
  const [row] = await db
    .select({ id: photoCategories.id })
    .from(photoCategories)
    .where(and(eq(photoCategories.id, id), eq(photoCategories.isActive, true)));
  return Boolean(row);
}

type MediaTable = typeof surveyPhotos | typeof surveyVideos;

/** A photo or video with its survey's proposal and consultant, for access checks. */
export async function findSurveyMedia(db: Db, table: MediaTable, id: number) {
  const [row] = await db
    .select({
      id: table.id,
      surveyId: table.surveyId,
      name: table.name,
      mimeType: table.mimeType,
      size: table.size,
      storageKey: table.storageKey,
      isDraft: surveys.isDraft,
      proposalId: surveys.proposalId,
      consultantId: proposals.consultantId,
    })
    .from(table)
    .innerJoin(surveys, eq(surveys.id, table.surveyId))
    .innerJoin(proposals, eq(proposals.id, surveys.proposalId))
    .where(eq(table.id, id));
  return row ?? null;
}

/** What goes with an uploaded file: a photo's category and description, a video's description. */
export type SurveyMediaExtra =
  | { kind: 'photo'; photoCategoryId: number; description: string }
  | { kind: 'video'; description: string };

/** A photo or video of a survey, stored under `storageKey`; answers its id. */
export async function insertSurveyMedia(
  tx: Db,
  media: { surveyId: number; name: string; ext: string; mimeType: string; size: number; storageKey: string },
  extra: SurveyMediaExtra,
) {
  const [row] =
    extra.kind === 'photo'
      ? await tx
          .insert(surveyPhotos)
          .values({ ...media, photoCategoryId: extra.photoCategoryId, description: extra.description })
          .returning({ id: surveyPhotos.id })
      : await tx
          .insert(surveyVideos)
          .values({ ...media, description: extra.description })
          .returning({ id: surveyVideos.id });
  return row!.id;
}

export async function deleteSurveyMedia(tx: Db, table: MediaTable, id: number) {
  await tx.delete(table).where(eq(table.id, id));
}
