import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import {
  completedWorkImports,
  completedWorks,
  consultants,
  districts,
  type LatLon,
  type LineSegment,
  proposals,
  roads,
  subdistricts,
  surveyRoadAsbItems,
  surveyRoads,
  surveyRoadTypes,
  surveys,
  typeWorkColors,
  villages,
} from '../src/db/schema/index.ts';
import { encodeParts, encodeSegments } from '../src/lib/map-lines.ts';

/**
 * Rows written straight into the database for a test, each valid as the app would write it, with defaults a
 * test overrides only where it cares. Every builder takes the database first (`t.db`, or a transaction) and
 * answers the rows it wrote. Names get a running number so unique columns never collide within one database.
 */
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface Place {
  districtId: number;
  subdistrictId: number;
  villageId: number;
  roadId: number;
}

/**
 * A place a proposal can name: a kecamatan of a district, a kelurahan in it and a road. Each id given is
 * reused instead of a new row (a second village of a kecamatan: `{ subdistrictId, roadId }`); each name
 * given names the new row.
 */
export async function buildPlace(
  db: Db,
  overrides: Partial<Place> & {
    district?: string;
    subdistrict?: string;
    village?: string;
    road?: string;
  } = {},
): Promise<Place> {
  const n = next();
  let { districtId, subdistrictId, roadId } = overrides;
  if (subdistrictId === undefined) {
    const district = { name: overrides.district ?? `Kota Uji ${n}` };
    districtId ??= (await one(db.insert(districts).values(district).returning())).id;
    const subdistrict = { name: overrides.subdistrict ?? `Kecamatan Uji ${n}`, districtId };
    subdistrictId = (await one(db.insert(subdistricts).values(subdistrict).returning())).id;
  } else if (districtId === undefined) {
    const subdistrict = db.select().from(subdistricts).where(eq(subdistricts.id, subdistrictId));
    districtId = (await one(subdistrict)).districtId;
  }
  const village = { name: overrides.village ?? `Kelurahan Uji ${n}`, subdistrictId };
  const villageId = (await one(db.insert(villages).values(village).returning())).id;
  const road = { name: overrides.road ?? `Jalan Uji ${n}` };
  roadId ??= (await one(db.insert(roads).values(road).returning())).id;
  return { districtId, subdistrictId, villageId, roadId };
}

/** A consultant: external unless `districtId` (its Rayon's district) or `consultantType` says otherwise. */
export async function buildConsultant(db: Db, overrides: Partial<typeof consultants.$inferInsert> = {}) {
  const n = next();
  return one(
    db
      .insert(consultants)
      .values({
        code: `KU-${n}`,
        name: `Konsultan ${n}`,
        consultantType: overrides.districtId ? 'internal' : 'external',
        ...overrides,
      })
      .returning(),
  );
}

/**
 * A proposal, unverified unless `statusType` says otherwise. Without `villageId` it gets a place of its own
 * (its road too); without `consultantId`, an external consultant of its own.
 */
export async function buildProposal(db: Db, overrides: Partial<typeof proposals.$inferInsert> = {}) {
  const n = next();
  let { villageId, roadId, consultantId } = overrides;
  if (villageId === undefined) {
    const place = await buildPlace(db);
    villageId = place.villageId;
    roadId ??= place.roadId;
  }
  consultantId ??= (await buildConsultant(db)).id;
  return one(
    db
      .insert(proposals)
      .values({
        proposalType: 'taruna',
        proposalDate: '2026-06-01',
        proposerName: `Pengusul ${n}`,
        phoneNumber: '081234567890',
        address: `Jl. Uji ${n}`,
        ...overrides,
        villageId,
        roadId,
        consultantId,
      })
      .returning(),
  );
}

/** One surveyed road of a survey: its drawn line and its priced ASB items. */
export interface SurveyLine {
  position?: number;
  drawLine?: LineSegment[];
  /** As the app writes them (from drawLine) unless given; null leaves them to the start's fill. */
  encodedPaths?: string[] | null;
  items?: Omit<typeof surveyRoadAsbItems.$inferInsert, 'surveyRoadId'>[];
}

/**
 * A survey of a proposal, by the proposal's consultant unless `consultantId` says otherwise: submitted now
 * unless `isDraft` (or `submittedAt`) says otherwise, with the work types of `roadTypeIds` and one surveyed
 * road per entry of `lines` (position = its index unless given).
 */
export async function buildSurvey(
  db: Db,
  overrides: Partial<typeof surveys.$inferInsert> & {
    proposalId: number;
    roadTypeIds?: number[];
    lines?: SurveyLine[];
  },
) {
  const { roadTypeIds = [], lines = [], ...fields } = overrides;
  const consultantId =
    fields.consultantId ??
    (await one(db.select().from(proposals).where(eq(proposals.id, fields.proposalId)))).consultantId;
  const isDraft = fields.isDraft ?? false;
  const survey = await one(
    db
      .insert(surveys)
      .values({ isDraft, submittedAt: isDraft ? null : new Date(), ...fields, consultantId })
      .returning(),
  );
  if (roadTypeIds.length) {
    await db
      .insert(surveyRoadTypes)
      .values(roadTypeIds.map((roadTypeId) => ({ surveyId: survey.id, roadTypeId })));
  }
  const roadsOfSurvey = [];
  for (const [index, line] of lines.entries()) {
    const drawLine = line.drawLine ?? [];
    const road = await one(
      db
        .insert(surveyRoads)
        .values({
          surveyId: survey.id,
          position: line.position ?? index,
          drawLine,
          encodedPaths: line.encodedPaths === undefined ? encodeSegments(drawLine) : line.encodedPaths,
        })
        .returning(),
    );
    const items = line.items?.length
      ? await db
          .insert(surveyRoadAsbItems)
          .values(line.items.map((item) => ({ ...item, surveyRoadId: road.id })))
          .returning()
      : [];
    roadsOfSurvey.push({ ...road, items });
  }
  return { ...survey, lines: roadsOfSurvey };
}

/** A completed-work type (Jenis Pekerjaan) and its map colour. */
export async function buildWorkType(db: Db, overrides: Partial<typeof typeWorkColors.$inferInsert> = {}) {
  return one(
    db
      .insert(typeWorkColors)
      .values({ typeWork: `Pekerjaan ${next()}`, color: '#e53935', ...overrides })
      .returning(),
  );
}

/** A completed-work import (one uploaded zip) of 2025 and a work type of its own unless given. */
export async function buildCompletedWorkImport(
  db: Db,
  overrides: Partial<typeof completedWorkImports.$inferInsert> = {},
) {
  const typeWorkColorId = overrides.typeWorkColorId ?? (await buildWorkType(db)).id;
  const n = next();
  return one(
    db
      .insert(completedWorkImports)
      .values({
        year: 2025,
        fileName: `pekerjaan-${n}.zip`,
        storageKey: `completed-works/uji-${n}.zip`,
        ...overrides,
        typeWorkColorId,
      })
      .returning(),
  );
}

const SHORT_LINE: LatLon[][] = [
  [
    [-7.27, 112.75],
    [-7.271, 112.751],
  ],
];

/** The bounding box of a work's coordinates, as the import stores it. */
function bboxOf(coordinates: LatLon[][]) {
  const points = coordinates.flat();
  if (!points.length) return {};
  const lats = points.map((point) => point[0]);
  const lons = points.map((point) => point[1]);
  return {
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
    minLon: Math.min(...lons),
    maxLon: Math.max(...lons),
  };
}

/**
 * A completed work (one line feature), in a new import unless `importId` says otherwise, of that import's
 * year; its bounding box and encoded lines as the import writes them unless given (null leaves the lines to
 * the start's fill).
 */
export async function buildCompletedWork(
  db: Db,
  overrides: Partial<typeof completedWorks.$inferInsert> = {},
) {
  const imported = overrides.importId
    ? await one(db.select().from(completedWorkImports).where(eq(completedWorkImports.id, overrides.importId)))
    : await buildCompletedWorkImport(db, overrides.year === undefined ? {} : { year: overrides.year });
  const coordinates = overrides.coordinates ?? SHORT_LINE;
  const n = next();
  return one(
    db
      .insert(completedWorks)
      .values({
        importId: imported.id,
        year: imported.year,
        packageName: `Paket ${n}`,
        location: `Jalan ${n}`,
        encodedLines: encodeParts(coordinates),
        ...bboxOf(coordinates),
        ...overrides,
        coordinates,
      })
      .returning(),
  );
}
