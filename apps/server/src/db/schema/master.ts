import { CONSULTANT_TYPES } from '@eusulan/shared';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { districts } from './region.ts';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const roads = pgTable('roads', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 200 }).notNull(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

/** Road types, shown in the UI as Jenis Pekerjaan (work types). */
export const roadTypes = pgTable('road_types', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 150 }).notNull(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

export const consultantType = pgEnum('consultant_type', CONSULTANT_TYPES);

export const consultants = pgTable(
  'consultants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: varchar({ length: 32 }).notNull().unique(),
    name: varchar({ length: 200 }).notNull(),
    consultantType: consultantType().notNull(),
    /** Internal consultants work for one district; external ones have none. */
    districtId: integer().references(() => districts.id),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('consultants_district_idx').on(t.districtId)],
);

export const photoCategories = pgTable('photo_categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 150 }).notNull(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

/** ASB: standard unit prices (Analisa Standar Belanja) a surveyor prices items with, in whole Rupiah. */
export const asbSurveyors = pgTable('asb_surveyors', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 255 }).notNull(),
  price: bigint({ mode: 'number' }).notNull().default(0),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

/** Map colour per completed-work type; typeWork is free text. */
export const typeWorkColors = pgTable('type_work_colors', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  typeWork: varchar({ length: 150 }).notNull(),
  color: varchar({ length: 16 }).notNull(),
  ...timestamps,
});

/** Catatan Pekerjaan: standard notes a surveyor can insert into a suggestion. */
export const workNotes = pgTable('work_notes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 200 }).notNull(),
  description: text().notNull().default(''),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});
