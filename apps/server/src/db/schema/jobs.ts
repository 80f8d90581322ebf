import { index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Background jobs as the office sees them: who asked, the step and how far it is, the
 * answer or why it failed, the export's stored file. pg-boss (its own `pgboss` schema) only hands the job
 * to a worker; see modules/jobs.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid().primaryKey(),
    kind: varchar({ length: 40 }).notNull(),
    status: varchar({ length: 16 }).notNull().default('queued'),
    createdById: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the job needs besides its files: validated input, the asker's scope. */
    input: jsonb().notNull(),
    /** The upload it reads (imports), kept in file storage so any instance's worker can read it. */
    inputKey: text(),
    step: varchar({ length: 60 }).notNull(),
    done: integer().notNull().default(0),
    total: integer(),
    result: jsonb(),
    message: text(),
    /** The finished export's file in storage; cleared when it is removed after JOB_FILE_KEEP_HOURS. */
    outputKey: text(),
    attempts: integer().notNull().default(0),
    /** pg-boss's entry that hands it to a worker now (a new one when it is sent again after a lost worker). */
    queueJobId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    /** Touched while a worker runs it: a running job whose heartbeat stopped lost its worker. */
    heartbeatAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('background_jobs_status_idx').on(t.status, t.heartbeatAt),
    index('background_jobs_created_idx').on(t.createdAt),
  ],
);
