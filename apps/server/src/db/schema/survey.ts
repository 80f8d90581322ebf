import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { asbSurveyors, consultants, photoCategories, roadTypes } from './master.ts';
import { proposals } from './proposal.ts';

/** One drawn segment of a surveyed road line. */
export interface LineSegment {
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
}

/** A consultant's survey of a proposal; every submitted survey stays as history, the newest is current. */
export const surveys = pgTable(
  'surveys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    consultantId: integer()
      .notNull()
      .references(() => consultants.id),
    surveyorId: integer().references(() => users.id),
    isDraft: boolean().notNull().default(true),
    /** The field identification of spec §3 Survey: existing road and canal. */
    roadCondition: text().notNull().default(''),
    canalExisting: text().notNull().default(''),
    canalCondition: text().notNull().default(''),
    /** Rich text (sanitised HTML). */
    damageIdentification: text().notNull().default(''),
    suggestion: text().notNull().default(''),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_proposal_idx').on(t.proposalId, t.createdAt)],
);

/** The work types chosen for a survey. */
export const surveyRoadTypes = pgTable(
  'survey_road_types',
  {
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    roadTypeId: integer()
      .notNull()
      .references(() => roadTypes.id),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.roadTypeId] })],
);

/** One surveyed road of a survey: its drawn line and its priced ASB items. */
export const surveyRoads = pgTable(
  'survey_roads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    drawLine: jsonb().$type<LineSegment[]>().notNull().default([]),
    /**
     * The drawn line as the dashboard sends it: joined paths as encoded polylines (lib/map-lines.ts), written
     * with drawLine; null only for rows written outside the app until the next start fills them.
     */
    encodedPaths: text().array(),
  },
  (t) => [index('survey_roads_survey_idx').on(t.surveyId)],
);

/** An ASB item priced on a surveyed road; name and unit price are copied at survey time. */
export const surveyRoadAsbItems = pgTable(
  'survey_road_asb_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    surveyRoadId: integer()
      .notNull()
      .references(() => surveyRoads.id, { onDelete: 'cascade' }),
    asbSurveyorId: integer().references(() => asbSurveyors.id, { onDelete: 'set null' }),
    name: varchar({ length: 255 }).notNull(),
    unitPrice: bigint({ mode: 'number' }).notNull(),
    /** Metres, two decimals. */
    long: numeric({ precision: 12, scale: 2 }).notNull(),
    wide: numeric({ precision: 12, scale: 2 }).notNull(),
  },
  (t) => [index('survey_road_asb_items_road_idx').on(t.surveyRoadId)],
);

const mediaColumns = {
  name: varchar({ length: 255 }).notNull(),
  ext: varchar({ length: 16 }).notNull(),
  mimeType: varchar({ length: 100 }).notNull(),
  size: bigint({ mode: 'number' }).notNull(),
  storageKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const surveyPhotos = pgTable(
  'survey_photos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    photoCategoryId: integer().references(() => photoCategories.id),
    /** What the surveyor wrote about the picture: with the category, the report's caption. */
    description: text().notNull().default(''),
    ...mediaColumns,
  },
  (t) => [index('survey_photos_survey_idx').on(t.surveyId)],
);

export const surveyVideos = pgTable(
  'survey_videos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    description: text().notNull().default(''),
    ...mediaColumns,
  },
  (t) => [index('survey_videos_survey_idx').on(t.surveyId)],
);
