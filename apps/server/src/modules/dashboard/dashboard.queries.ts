import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  completedWorkImports,
  completedWorks,
  consultants,
  proposals,
  roads,
  subdistricts,
  surveyRoadAsbItems,
  surveyRoads,
  surveys,
  typeWorkColors,
  villages,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/pagination.ts';
import { proposalRowsVersion } from '../proposal/proposal-rows.queries.ts';
import { mapRoads, nameOrAddressLike } from '../proposal/proposal-visibility.ts';

/** Filters of the proposal layer: undefined means every year, an empty list none. */
export interface ProposalFilter {
  years?: number[];
}
/** Filters of the completed-work layer: undefined means no filter, an empty list matches nothing. */
export interface CompletedWorkFilter {
  years?: number[];
  locations?: string[];
  typeWorkIds?: number[];
}

const proposalYear = sql<number>`extract(year from ${proposals.proposalDate})::int`;

/**
 * The roads the map draws (the map rule, proposal-visibility.ts: of each proposal's newest submitted survey,
 * the roads with a line), optionally of the proposals of an id window, as the FROM item map_road.
 */
const mapRoadsIn = (window?: IdWindow) =>
  sql`${mapRoads(window ? (id) => sql`${id} >= ${window.from} and ${id} < ${window.to}` : undefined)} as map_road`;
/** The columns of map_road. */
const mapRoad = {
  proposalId: sql<number>`map_road.proposal_id`,
  surveyId: sql<number>`map_road.survey_id`,
  id: sql<number>`map_road.id`,
  position: sql<number>`map_road.position`,
  drawLine: sql`map_road.draw_line`,
  encodedPaths: sql`map_road.encoded_paths`,
};

/** Proposal ids from (inclusive) to (exclusive). */
interface IdWindow {
  from: number;
  to: number;
}

const proposalWhere = (filter: ProposalFilter) =>
  filter.years ? inArray(proposalYear, filter.years) : undefined;

function completedWorkWhere(filter: CompletedWorkFilter): SQL | undefined {
  return and(
    filter.years ? inArray(completedWorks.year, filter.years) : undefined,
    filter.locations ? inArray(completedWorks.location, filter.locations) : undefined,
    filter.typeWorkIds ? inArray(completedWorkImports.typeWorkColorId, filter.typeWorkIds) : undefined,
  );
}

/**
 * What the proposal layer depends on: the version of the proposal rows (migration 0018), which moves at the
 * commit of any change to proposals or surveys (and to the names a list row shows, a few more than the layer
 * needs): one row read, where counting every proposal and survey would cost each /maps load and each
 * revalidation a scan of both tables.
 */
export async function proposalLayerVersion(db: Db): Promise<string> {
  return String(await proposalRowsVersion(db));
}

/**
 * What the completed-work layer depends on: imports are never edited (only added, or removed whole by a
 * database administrator), and a colour edit touches its type's updated_at.
 */
export async function completedWorkLayerVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({
      imports: sql<string>`count(*)::text || '/' || coalesce(max(${completedWorkImports.id}), 0)::text`,
      colours: sql<string>`(select count(*)::text || '/' || coalesce(max(${typeWorkColors.updatedAt})::text, '') from ${typeWorkColors})`,
    })
    .from(completedWorkImports);
  return `${row?.imports}|${row?.colours}`;
}

/**
 * Proposal ids per query of the proposal layer on the embedded database, whose one session each query holds
 * until it is done: the whole city's layer in one query is 0.4-0.7 s of CPU at 100,000 proposals, which
 * every other request would wait for. Read in windows of 2,048 ids (about 600 surveyed proposals, 12-15 ms
 * each), other requests take the session between them; the windows cost the layer about 60 % more CPU in
 * all, and it is built only when the data changed. PostgreSQL serves other requests on its other
 * connections meanwhile, and one query is faster there than windows, so it reads the layer whole.
 */
export const PGLITE_LAYER_WINDOW = 2048;

/**
 * The layers' two forms: the spec's §3 shapes (segments, points), answered by default, and the compact
 * encoded polylines our web asks for (`format=encoded`).
 */
export type LayerForm = 'spec' | 'encoded';

/**
 * GET dashboard: per proposal on the map, the roads the map draws of it (mapRoads) in order, as JSON text:
 * their drawable segments (spec form) or their encoded paths. With `window`, read window by window of
 * proposal ids (still in id order).
 */
export async function proposalLayerRows(
  db: Db,
  filter: ProposalFilter,
  options: { window?: number; form?: LayerForm } = {},
) {
  const { window } = options;
  const readWindow = options.form === 'encoded' ? proposalLayerWindow : proposalSegmentsWindow;
  if (!window) return readWindow(db, filter);
  const [range] = await db
    .select({
      first: sql<number | null>`min(${surveys.proposalId})`,
      last: sql<number | null>`max(${surveys.proposalId})`,
    })
    .from(surveys)
    .where(eq(surveys.isDraft, false));
  const rows: { proposalId: number; lines: string }[] = [];
  if (range?.first == null || range.last == null) return rows;
  for (let from = range.first; from <= range.last; from += window) {
    for (const row of await readWindow(db, filter, { from, to: from + window })) rows.push(row);
  }
  return rows;
}

function proposalLayerWindow(db: Db, filter: ProposalFilter, window?: IdWindow) {
  return db
    .select({
      proposalId: proposals.id,
      lines: sql<string>`to_json(array_agg(p.path order by ${mapRoad.position}, ${mapRoad.id}, p.ord))::text`,
    })
    .from(mapRoadsIn(window))
    .innerJoin(proposals, eq(proposals.id, mapRoad.proposalId))
    .innerJoin(sql`unnest(${mapRoad.encodedPaths}) with ordinality as p(path, ord)`, sql`true`)
    .where(
      and(
        proposalWhere(filter),
        window ? gte(proposals.id, window.from) : undefined,
        window ? lt(proposals.id, window.to) : undefined,
      ),
    )
    .groupBy(proposals.id)
    .orderBy(asc(proposals.id));
}

/** Spec §5 in SQL: a stored segment is drawn when its four values are numbers in range. */
const isDrawableSegment = (segment: SQL) => {
  // CASE, not AND: PostgreSQL may evaluate AND's sides in any order, and a text value would fail the cast.
  const inRange = (key: string, limit: number) =>
    sql`case when jsonb_typeof(${segment}->${key}) = 'number' then abs((${segment}->>${key})::float8) <= ${sql.raw(String(limit))} else false end`;
  return sql`(${inRange('startLat', 90)} and ${inRange('startLon', 180)} and ${inRange('endLat', 90)} and ${inRange('endLon', 180)})`;
};

/**
 * The spec form of proposalLayerWindow: the drawable segments of the roads the map draws, in order, as a
 * JSON array of spec §3 segments (exactly the four keys).
 */
function proposalSegmentsWindow(db: Db, filter: ProposalFilter, window?: IdWindow) {
  const segment = sql`s.segment`;
  return db
    .select({
      proposalId: proposals.id,
      lines: sql<string>`json_agg(jsonb_build_object('startLat', ${segment}->'startLat', 'startLon', ${segment}->'startLon', 'endLat', ${segment}->'endLat', 'endLon', ${segment}->'endLon') order by ${mapRoad.position}, ${mapRoad.id}, s.ord)::text`,
    })
    .from(mapRoadsIn(window))
    .innerJoin(proposals, eq(proposals.id, mapRoad.proposalId))
    .innerJoin(sql`jsonb_array_elements(${mapRoad.drawLine}) with ordinality as s(segment, ord)`, sql`true`)
    .where(
      and(
        proposalWhere(filter),
        isDrawableSegment(segment),
        window ? gte(proposals.id, window.from) : undefined,
        window ? lt(proposals.id, window.to) : undefined,
      ),
    )
    .groupBy(proposals.id)
    .orderBy(asc(proposals.id));
}

/**
 * GET dashboard/completed-work: every matching work with a drawable part, its type's colour and its lines
 * as JSON text of encoded polylines (the encoded form) or its stored parts (the spec form, made drawable by
 * the presenter).
 */
export async function completedWorkLayerRows(db: Db, filter: CompletedWorkFilter, form: LayerForm = 'spec') {
  return db
    .select({
      id: completedWorks.id,
      color: typeWorkColors.color,
      lines:
        form === 'encoded'
          ? sql<string>`to_json(${completedWorks.encodedLines})::text`
          : sql<string>`${completedWorks.coordinates}::text`,
      // Every stored point is drawable and every part has two or more (all imported works: the import
      // refuses a point out of range), so the presenter may rewrite the stored text as it is.
      allDrawable: sql<boolean>`coalesce(${completedWorks.minLat} >= -90 and ${completedWorks.maxLat} <= 90 and ${completedWorks.minLon} >= -180 and ${completedWorks.maxLon} <= 180 and cardinality(${completedWorks.encodedLines}) = jsonb_array_length(${completedWorks.coordinates}), false)`,
    })
    .from(completedWorks)
    .innerJoin(completedWorkImports, eq(completedWorkImports.id, completedWorks.importId))
    .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
    .where(and(completedWorkWhere(filter), sql`cardinality(${completedWorks.encodedLines}) > 0`))
    .orderBy(asc(completedWorks.id));
}

/** The export's map picture: each matching work's encoded lines with its type's name and colour. */
export async function completedWorkPictureRows(db: Db, filter: CompletedWorkFilter) {
  return db
    .select({
      typeWork: typeWorkColors.typeWork,
      color: typeWorkColors.color,
      lines: completedWorks.encodedLines,
    })
    .from(completedWorks)
    .innerJoin(completedWorkImports, eq(completedWorkImports.id, completedWorks.importId))
    .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
    .where(and(completedWorkWhere(filter), sql`cardinality(${completedWorks.encodedLines}) > 0`))
    .orderBy(asc(typeWorkColors.typeWork), asc(completedWorks.id));
}

const surveyTotal = (surveyId: SQL | typeof surveys.id) => sql<string | null>`(
  select sum(${surveyRoadAsbItems.unitPrice} * ${surveyRoadAsbItems.long} * ${surveyRoadAsbItems.wide})::numeric(20, 2)::text
  from ${surveyRoadAsbItems}
  join ${surveyRoads} on ${surveyRoads.id} = ${surveyRoadAsbItems.surveyRoadId}
  where ${surveyRoads.surveyId} = ${surveyId})`;

/** The export's Usulan rows: the proposals the map draws, with place, status and the survey's total. */
export async function proposalExportRows(db: Db, filter: ProposalFilter) {
  // The survey the map draws of each proposal, by IN: a join would repeat the row for each of its roads.
  const drawnSurvey = sql`${surveys.id} in (select map_road.survey_id from ${mapRoadsIn()})`;
  return db
    .select({
      id: proposals.id,
      proposalType: proposals.proposalType,
      proposalDate: proposals.proposalDate,
      proposerName: proposals.proposerName,
      road: roads.name,
      village: villages.name,
      subdistrict: subdistricts.name,
      rtNumber: proposals.rtNumber,
      rwNumber: proposals.rwNumber,
      address: proposals.address,
      statusType: proposals.statusType,
      processType: proposals.processType,
      consultant: consultants.name,
      submittedAt: surveys.submittedAt,
      total: surveyTotal(surveys.id),
    })
    .from(surveys)
    .innerJoin(proposals, eq(proposals.id, surveys.proposalId))
    .leftJoin(roads, eq(roads.id, proposals.roadId))
    .innerJoin(villages, eq(villages.id, proposals.villageId))
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .innerJoin(consultants, eq(consultants.id, proposals.consultantId))
    .where(and(proposalWhere(filter), drawnSurvey))
    .orderBy(desc(proposals.proposalDate), desc(proposals.id));
}
export type ProposalExportRow = Awaited<ReturnType<typeof proposalExportRows>>[number];

/** The export's Pekerjaan Selesai rows, newest year first, then type, package and file order. */
export async function completedWorkExportRows(db: Db, filter: CompletedWorkFilter) {
  return db
    .select({
      id: completedWorks.id,
      packageName: completedWorks.packageName,
      location: completedWorks.location,
      typeWork: typeWorkColors.typeWork,
      year: completedWorks.year,
      locationLength: completedWorks.locationLength,
      packageLength: completedWorks.packageLength,
      locationValue: completedWorks.locationValue,
      packageValue: completedWorks.packageValue,
    })
    .from(completedWorks)
    .innerJoin(completedWorkImports, eq(completedWorkImports.id, completedWorks.importId))
    .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
    .where(completedWorkWhere(filter))
    .orderBy(
      desc(completedWorks.year),
      asc(typeWorkColors.typeWork),
      asc(completedWorks.packageName),
      asc(completedWorks.id),
    );
}
export type CompletedWorkExportRow = Awaited<ReturnType<typeof completedWorkExportRows>>[number];

/** Names of the chosen work types, for the PDF's filter lines. */
export async function typeWorkNames(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ typeWork: typeWorkColors.typeWork })
    .from(typeWorkColors)
    .where(inArray(typeWorkColors.id, ids))
    .orderBy(asc(typeWorkColors.typeWork));
  return rows.map((row) => row.typeWork);
}

type Bounds = { minLat: number | null; minLon: number | null; maxLat: number | null; maxLon: number | null };

/** The extent of the drawable segments of the roads the map draws in scope (`segments`, `drawnSegment`). */
const segmentExtent = {
  minLat: sql<number | null>`min(least((seg->>'startLat')::float8, (seg->>'endLat')::float8))`,
  minLon: sql<number | null>`min(least((seg->>'startLon')::float8, (seg->>'endLon')::float8))`,
  maxLat: sql<number | null>`max(greatest((seg->>'startLat')::float8, (seg->>'endLat')::float8))`,
  maxLon: sql<number | null>`max(greatest((seg->>'startLon')::float8, (seg->>'endLon')::float8))`,
};
const segments = sql`jsonb_array_elements(${mapRoad.drawLine}) as seg`;
/** Of `segments`, those the map draws: a segment out of range would stretch the box off the line. */
const drawnSegment = isDrawableSegment(sql`seg`);

/** 'Cari Jalan...': master roads by name with the extent of their proposals' lines on the map. */
export async function searchRoads(db: Db, search: string, limit: number) {
  return db
    .select({
      id: roads.id,
      name: roads.name,
      proposals: sql<number>`count(distinct ${proposals.id})::int`,
      ...segmentExtent,
    })
    .from(roads)
    .innerJoin(proposals, eq(proposals.roadId, roads.id))
    .innerJoin(mapRoadsIn(), eq(mapRoad.proposalId, proposals.id))
    .innerJoin(segments, sql`true`)
    .where(and(ilike(roads.name, containsPattern(search)), drawnSegment))
    .groupBy(roads.id, roads.name)
    .orderBy(asc(roads.name))
    .limit(limit);
}

/**
 * 'Cari Jalan...': proposals by proposer, address or number, with the extent of their lines; by phone
 * number too for readers who see it (`withPhone`).
 */
export async function searchProposals(db: Db, search: string, limit: number, withPhone: boolean) {
  const pattern = containsPattern(search.toLowerCase());
  const byId = /^\d{1,9}$/.test(search) ? eq(proposals.id, Number(search)) : undefined;
  return db
    .select({
      id: proposals.id,
      proposerName: proposals.proposerName,
      address: proposals.address,
      road: roads.name,
      ...segmentExtent,
    })
    .from(proposals)
    .innerJoin(mapRoadsIn(), eq(mapRoad.proposalId, proposals.id))
    .leftJoin(roads, eq(roads.id, proposals.roadId))
    .innerJoin(segments, sql`true`)
    .where(
      and(
        or(withPhone ? sql`${proposals.searchText} like ${pattern}` : nameOrAddressLike(pattern), byId),
        drawnSegment,
      ),
    )
    .groupBy(proposals.id, proposals.proposerName, proposals.address, roads.name)
    .orderBy(desc(proposals.id))
    .limit(limit);
}

/** 'Cari Jalan...': completed-work locations by name, with the extent of their lines (bbox columns). */
export async function searchCompletedWorkLocations(db: Db, search: string, limit: number) {
  return db
    .select({
      id: sql<number>`min(${completedWorks.id})::int`,
      location: completedWorks.location,
      works: sql<number>`count(*)::int`,
      minLat: sql<number | null>`min(${completedWorks.minLat})`,
      minLon: sql<number | null>`min(${completedWorks.minLon})`,
      maxLat: sql<number | null>`max(${completedWorks.maxLat})`,
      maxLon: sql<number | null>`max(${completedWorks.maxLon})`,
    })
    .from(completedWorks)
    .where(and(ilike(completedWorks.location, containsPattern(search)), isNotNull(completedWorks.minLat)))
    .groupBy(completedWorks.location)
    .orderBy(asc(completedWorks.location))
    .limit(limit);
}

export const hasBounds = <T extends Bounds>(
  row: T,
): row is T & { minLat: number; minLon: number; maxLat: number; maxLon: number } =>
  row.minLat !== null && row.minLon !== null && row.maxLat !== null && row.maxLon !== null;
