import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { typeWorkColors } from './master.ts';

/** One uploaded zip of completed works: a row of the Pekerjaan Selesai list. */
export const completedWorkImports = pgTable(
  'completed_work_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    year: integer().notNull(),
    typeWorkColorId: integer()
      .notNull()
      .references(() => typeWorkColors.id),
    fileName: varchar({ length: 255 }).notNull(),
    storageKey: text().notNull(),
    uploadedById: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('completed_work_imports_year_idx').on(t.year)],
);

/** A [latitude, longitude] pair in WGS84. */
export type LatLon = [number, number];

/** One line feature of an import; features with the same package name form one package. */
export const completedWorks = pgTable(
  'completed_works',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    importId: integer()
      .notNull()
      .references(() => completedWorkImports.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    packageName: text().notNull(),
    location: text().notNull().default(''),
    /** Metres. */
    locationLength: numeric({ precision: 14, scale: 2 }),
    packageLength: numeric({ precision: 14, scale: 2 }),
    /** Whole Rupiah. */
    locationValue: bigint({ mode: 'number' }),
    packageValue: bigint({ mode: 'number' }),
    coordinates: jsonb().$type<LatLon[][]>().notNull().default([]),
    minLat: doublePrecision(),
    minLon: doublePrecision(),
    maxLat: doublePrecision(),
    maxLon: doublePrecision(),
  },
  (t) => [
    index('completed_works_import_idx').on(t.importId),
    index('completed_works_year_idx').on(t.year),
    index('completed_works_bbox_idx').on(t.minLat, t.maxLat, t.minLon, t.maxLon),
  ],
);
