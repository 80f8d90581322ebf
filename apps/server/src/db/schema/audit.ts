import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Field values as recorded: text, numbers, flags, lists of names, or null. */
export type AuditValues = Record<string, unknown>;

/**
 * The audit trail: one row per change of a proposal or a master record, written in the same
 * transaction as the change. Before and after hold only the fields that changed (a creation: every field
 * after; a deletion: every field before). Names are copied, so the record still reads right after a rename.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and username when it acted. */
    actorName: varchar({ length: 220 }),
    entity: varchar({ length: 32 }).notNull(),
    entityId: integer().notNull(),
    action: varchar({ length: 32 }).notNull(),
    before: jsonb().$type<AuditValues>(),
    after: jsonb().$type<AuditValues>(),
  },
  (t) => [index('audit_events_entity_idx').on(t.entity, t.entityId, t.id)],
);
