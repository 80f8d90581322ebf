import { char, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { completedWorkImports } from './completed-work.ts';

/**
 * Every file an import stored, by its SHA-256: the same file sent twice (a double click, a second tab, a
 * colleague) is refused instead of doubling the proposals or the works on the map. The unique index is what
 * decides when two arrive at once. A completed-work file is freed when its import is removed.
 */
export const importedFiles = pgTable(
  'imported_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** 'proposal' or 'completed-work': the same file may feed both importers' checks, not both stores. */
    kind: varchar({ length: 40 }).notNull(),
    sha256: char({ length: 64 }).notNull(),
    fileName: varchar({ length: 255 }).notNull(),
    /** Proposals or works it stored. */
    itemCount: integer().notNull(),
    importedById: integer().references(() => users.id, { onDelete: 'set null' }),
    completedWorkImportId: integer().references(() => completedWorkImports.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('imported_files_kind_sha256_unique').on(t.kind, t.sha256),
    index('imported_files_completed_work_import_idx').on(t.completedWorkImportId),
  ],
);
