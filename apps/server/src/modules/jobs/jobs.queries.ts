import { JOB_FILE_KEEP_HOURS, JOB_STEPS, type TJobKind, type TJobProgress } from '@eusulan/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backgroundJobs } from '../../db/schema/index.ts';

export type JobRow = typeof backgroundJobs.$inferSelect;

/** pg-boss's own tables live in this schema (a restore drops it with the others, backup/restore-backup.ts). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** Rows are kept this long after they finish (their files only JOB_FILE_KEEP_HOURS). */
export const JOB_ROW_KEEP_DAYS = 7;

export async function insertJob(
  db: Db,
  job: { id: string; kind: TJobKind; createdById: number; input: unknown; inputKey: string | null },
): Promise<JobRow> {
  const [row] = await db
    .insert(backgroundJobs)
    .values({ ...job, step: JOB_STEPS.queued })
    .returning();
  if (!row) throw new Error('job row missing after insert');
  return row;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
  return row;
}

/** Takes a queued job for this worker; undefined when another has it or it has finished. */
export async function claimJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(backgroundJobs)
    .set({
      status: 'running',
      attempts: sql`${backgroundJobs.attempts} + 1`,
      startedAt: sql`coalesce(${backgroundJobs.startedAt}, now())`,
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.status, 'queued')))
    .returning();
  return row;
}

/** The step and count the web shows; also the heartbeat that says the worker is alive. */
export async function saveProgress(db: Db, id: string, progress: TJobProgress) {
  await db
    .update(backgroundJobs)
    .set({ step: progress.step, done: progress.done, total: progress.total, heartbeatAt: sql`now()` })
    .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.status, 'running')));
}

/**
 * Marks a running job done, its count full as last reported (saves from outside the job's transaction may
 * not have landed yet); false when this run no longer holds it: a sweep took it back meanwhile, and
 * another worker may have claimed it again (a later attempt).
 */
export async function completeJob(
  db: Db,
  claimed: { id: string; attempts: number },
  finished: { result: unknown; outputKey?: string; progress: TJobProgress | null },
) {
  const { id } = claimed;
  const count = finished.progress ? (finished.progress.total ?? finished.progress.done) : 0;
  const rows = await db
    .update(backgroundJobs)
    .set({
      status: 'done',
      step: JOB_STEPS.done,
      done: count,
      total: count,
      result: finished.result,
      outputKey: finished.outputKey ?? null,
      finishedAt: sql`now()`,
    })
    .where(
      and(
        eq(backgroundJobs.id, id),
        eq(backgroundJobs.status, 'running'),
        eq(backgroundJobs.attempts, claimed.attempts),
      ),
    )
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}

export async function failJob(db: Db, id: string, message: string, result: unknown = null) {
  await db
    .update(backgroundJobs)
    .set({ status: 'failed', message, result, finishedAt: sql`now()` })
    .where(and(eq(backgroundJobs.id, id), inArray(backgroundJobs.status, ['queued', 'running'])));
}

/** A job whose worker is gone goes back to the queue (or fails, see JobRunner.recover). */
export async function requeueJob(db: Db, id: string) {
  await db
    .update(backgroundJobs)
    .set({ status: 'queued', step: JOB_STEPS.queued, done: 0, total: null, heartbeatAt: null })
    .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.status, 'running')));
}

/** The queue entry now carrying the job. */
export async function saveQueueJobId(db: Db, id: string, queueJobId: string) {
  await db.update(backgroundJobs).set({ queueJobId }).where(eq(backgroundJobs.id, id));
}

/** Running jobs whose heartbeat is older than `seconds` (0: every running one). */
export function abandonedJobs(db: Db, seconds: number) {
  return db
    .select()
    .from(backgroundJobs)
    .where(
      and(
        eq(backgroundJobs.status, 'running'),
        lt(backgroundJobs.heartbeatAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
}

/** Queued jobs older than `seconds`: their queue entry may never have been sent (a crash right after insert). */
export function waitingJobs(db: Db, seconds: number) {
  return db
    .select()
    .from(backgroundJobs)
    .where(
      and(
        eq(backgroundJobs.status, 'queued'),
        lt(backgroundJobs.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
}

/** Finished jobs whose files are due to go: their uploads at once, exports after JOB_FILE_KEEP_HOURS. */
export function filesDue(db: Db) {
  const outputExpired = sql<boolean>`${backgroundJobs.outputKey} is not null and ${backgroundJobs.finishedAt} < now() - make_interval(hours => ${JOB_FILE_KEEP_HOURS})`;
  return db
    .select({
      id: backgroundJobs.id,
      inputKey: backgroundJobs.inputKey,
      outputKey: backgroundJobs.outputKey,
      outputExpired,
    })
    .from(backgroundJobs)
    .where(
      and(
        inArray(backgroundJobs.status, ['done', 'failed']),
        sql`(${backgroundJobs.inputKey} is not null or ${outputExpired})`,
      ),
    );
}

export async function forgetFiles(db: Db, id: string, which: { input: boolean; output: boolean }) {
  await db
    .update(backgroundJobs)
    .set({ ...(which.input ? { inputKey: null } : {}), ...(which.output ? { outputKey: null } : {}) })
    .where(eq(backgroundJobs.id, id));
}

/** Rows long finished, with no file left. */
export async function deleteOldJobs(db: Db) {
  await db
    .delete(backgroundJobs)
    .where(
      and(
        inArray(backgroundJobs.status, ['done', 'failed']),
        lt(backgroundJobs.finishedAt, sql`now() - make_interval(days => ${JOB_ROW_KEEP_DAYS})`),
        sql`${backgroundJobs.inputKey} is null and ${backgroundJobs.outputKey} is null`,
      ),
    );
}

/** eusulan_jobs{queue,state} for GET /metrics. */
export async function jobCounts(db: Db) {
  const rows = await db
    .select({ queue: backgroundJobs.kind, state: backgroundJobs.status, count: sql<number>`count(*)::int` })
    .from(backgroundJobs)
    .groupBy(backgroundJobs.kind, backgroundJobs.status);
  return rows;
}
