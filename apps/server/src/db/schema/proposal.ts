import { FILE_KINDS, PROCESS_TYPES, PROPOSAL_TYPES, STATUS_TYPES } from '@eusulan/shared';
import { type SQL, sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgEnum, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { consultants, roads } from './master.ts';
import { villages } from './region.ts';

export const proposalType = pgEnum('proposal_type', PROPOSAL_TYPES);
export const statusType = pgEnum('status_type', STATUS_TYPES);
export const processType = pgEnum('process_type', PROCESS_TYPES);
export const fileKind = pgEnum('file_kind', FILE_KINDS);

export const proposals = pgTable(
  'proposals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    proposalType: proposalType().notNull(),
    proposalDate: date({ mode: 'string' }).notNull(),
    proposerName: varchar({ length: 200 }).notNull(),
    phoneNumber: varchar({ length: 32 }).notNull(),
    roadId: integer().references(() => roads.id),
    villageId: integer()
      .notNull()
      .references(() => villages.id),
    /** Two-digit strings 00-99; null when not given. */
    rtNumber: varchar({ length: 2 }),
    rwNumber: varchar({ length: 2 }),
    address: text().notNull(),
    consultantId: integer()
      .notNull()
      .references(() => consultants.id),
    statusType: statusType().notNull().default('unverified'),
    processType: processType(),
    createdById: integer().references(() => users.id),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedById: integer().references(() => users.id),
    approvedAt: timestamp({ withTimezone: true }),
    approvedById: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * What a list search matches: proposer, phone and address, lower-cased, joined by a character nobody
     * types (so no match spans two fields). Stored so the index recheck of a search is a plain LIKE on one
     * column; migration 0006 indexes it with the type tab (btree_gin + pg_trgm).
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${proposals.proposerName} || E'\\x1f' || ${proposals.phoneNumber} || E'\\x1f' || ${proposals.address})`,
      ),
  },
  // Migrations 0002, 0004, 0006 and 0013 add what Drizzle cannot declare: the trigram search index,
  // (proposal_type, id) covering the list filters, the name sort, and the place-key expression index used
  // by the history count.
  (t) => [
    index('proposals_type_date_idx').on(t.proposalType, t.proposalDate),
    // A consultant's waiting proposals of one tab, newest first (verification; the need-approval dots).
    index('proposals_consultant_status_idx').on(t.consultantId, t.statusType, t.proposalType, t.createdAt),
    // A consultant's proposals in id order (Tugas Survey's list), walked from a block's first id.
    index('proposals_consultant_id_idx').on(t.consultantId, t.id),
    index('proposals_status_type_idx').on(t.statusType, t.proposalType),
    index('proposals_place_idx').on(t.roadId, t.villageId, t.rtNumber, t.rwNumber),
    index('proposals_created_at_idx').on(t.createdAt),
  ],
);

/** Attachments of a proposal: the proposer's files and the structural approval documents. */
export const proposalFiles = pgTable(
  'proposal_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    kind: fileKind().notNull(),
    name: varchar({ length: 255 }).notNull(),
    ext: varchar({ length: 16 }).notNull(),
    mimeType: varchar({ length: 100 }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    uploadedById: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_files_proposal_idx').on(t.proposalId, t.kind)],
);
