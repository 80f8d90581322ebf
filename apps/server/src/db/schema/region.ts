import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Districts are the city's regions (wilayah) that internal consultants (Rayon) cover. */
export const districts = pgTable('districts', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 150 }).notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Kecamatan. */
export const subdistricts = pgTable(
  'subdistricts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Official Kemendagri code such as 35.78.01, when known. */
    code: varchar({ length: 20 }).unique(),
    name: varchar({ length: 150 }).notNull(),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subdistricts_district_idx').on(t.districtId)],
);

/** Kelurahan. */
export const villages = pgTable(
  'villages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: varchar({ length: 20 }).unique(),
    name: varchar({ length: 150 }).notNull(),
    subdistrictId: integer()
      .notNull()
      .references(() => subdistricts.id),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('villages_subdistrict_idx').on(t.subdistrictId)],
);
