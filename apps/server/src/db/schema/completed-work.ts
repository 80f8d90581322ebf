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
    /**
     * Its works, counted as they are stored (an import never changes afterwards), so the detail table's
     * total is not a count over tens of thousands of rows; null for rows written outside the app.
     */
    workCount: integer(),
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
    /** The drawable parts as encoded polylines for the dashboard (lib/map-lines.ts); null as for survey roads. */
    encodedLines: text().array(),
    minLat: doublePrecision(),
    minLon: doublePrecision(),
    maxLat: doublePrecision(),
    maxLon: doublePrecision(),
  },
  (t) => [
    // The works of one import page by id (the detail table's default order) straight from this index.
    index('completed_works_import_idx').on(t.importId, t.id),
    // Every line of one package (the detail modal's second map), and the table sorted by package name.
    index('completed_works_package_idx').on(t.importId, t.packageName),
    // The table sorted by either length.
    index('completed_works_package_length_idx').on(t.importId, t.packageLength),
    index('completed_works_location_length_idx').on(t.importId, t.locationLength),
    // The location select list (distinct names in order) and location filters.
    index('completed_works_location_idx').on(t.location),
    // The detail table's search (ILIKE '%text%') on package name and location.
    index('completed_works_package_name_trgm_idx').using('gin', t.packageName.op('gin_trgm_ops')),
    index('completed_works_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
    index('completed_works_year_idx').on(t.year),
    // The detail table sorted by year (Tahun): the planner otherwise walks the year index of every import.
    index('completed_works_import_year_idx').on(t.importId, t.year, t.id),
    index('completed_works_bbox_idx').on(t.minLat, t.maxLat, t.minLon, t.maxLon),
  ],
);
