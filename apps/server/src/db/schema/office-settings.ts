import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { surveys } from './survey.ts';

/**
 * The office's letter settings (Pengaturan Surat), one row (id 1) written by the first save: until then the
 * shared defaults apply. The crest is a stored file; without one the letterhead shows the app's own mark.
 */
export const officeSettings = pgTable(
  'office_settings',
  {
    id: integer().primaryKey(),
    letterNumberFormat: varchar({ length: 120 }).notNull(),
    sifat: varchar({ length: 40 }).notNull(),
    crestStorageKey: text(),
    crestName: varchar({ length: 255 }),
    crestMimeType: varchar({ length: 100 }),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('office_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The last running number given per year. Numbering a report locks its year's row, so two reports numbered
 * at once take turns and never share a number; the unique index below is the last word all the same.
 */
export const letterNumberCounters = pgTable('letter_number_counters', {
  year: integer().primaryKey(),
  lastNumber: integer().notNull().default(0),
});

/**
 * The letter of a submitted survey's report: its Nomor and Sifat as they were when it was first numbered, so
 * a reprint carries the same letter even after the office changes its format.
 */
export const surveyReportLetters = pgTable(
  'survey_report_letters',
  {
    surveyId: integer()
      .primaryKey()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    number: integer().notNull(),
    letterNumber: varchar({ length: 160 }).notNull(),
    sifat: varchar({ length: 40 }).notNull(),
    numberedById: integer().references(() => users.id, { onDelete: 'set null' }),
    numberedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_report_letters_year_number_unique').on(t.year, t.number)],
);
