import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { JOB_MESSAGES, type TJobKind, type TJobProgress } from '@eusulan/shared';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { holdFilePlacementLock } from '../../storage/storage.queries.ts';
import * as queries from './jobs.queries.ts';
import { JOB_QUEUE_SCHEMA, type JobRow } from './jobs.queries.ts';

/** A job refused for a reason the office can act on: its message and, for imports, the list of problems. */
export class JobRefused extends Error {
  constructor(
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

/**
 * This run no longer holds its job (a sweep took it back, and another worker may run it again): what the
 * run stored is rolled back, and the job is left to the run that holds it.
 */
class JobTakenBack extends Error {
  constructor() {
    super('job taken back');
  }
}

/** What a job's handler gets: its row, a local copy of its upload, and ways to report and finish. */
export interface JobContext {
  job: JobRow;
  db: Database;
  storage: FileStorage;
  /** The upload as a local file (imports), in a work directory removed after the job; null without one. */
  inputPath: string | null;
  /** A directory of the job's own for files it writes (removed afterwards). */
  workDir: string;
  /** Saved at most every PROGRESS_SAVE_MS, and always when the step changes. */
  progress(progress: TJobProgress): void;
  /**
   * Marks the job done inside the transaction that stores its data, so a crash can never leave data stored
   * by a job that will run again. Jobs that store nothing just return their result.
   */
  completeIn(tx: Transaction, result: unknown): Promise<void>;
}

/** A finished export: its file (in workDir) and name; an import's answer is its result alone. */
export interface JobOutcome {
  result: unknown;
  outputFile?: { path: string; name: string };
}

export type JobHandler = (context: JobContext) => Promise<JobOutcome>;

const PROGRESS_SAVE_MS = 500;
/** A running job's heartbeat (its progress saves, and this tick) older than this lost its worker. */
export const ABANDONED_AFTER_SECONDS = 90;
const HEARTBEAT_MS = 15_000;
const SWEEP_MS = 30_000;
/** Attempts before a job that keeps losing its worker (a crash it causes, say) is failed for good. */
const MAX_ATTEMPTS = 3;
/**
 * One pg-boss queue for every kind (the row says which), so JOB_WORKERS loops on it run at most that many
 * jobs at once. pg-boss must never expire a job while it runs; lost workers are found by heartbeat instead.
 */
const QUEUE = 'background-jobs';
const QUEUE_OPTIONS = { expireInSeconds: 6 * 3600, retryLimit: 0, retentionDays: 7 } as const;

/**
 * Background jobs on pg-boss, PostgreSQL's own queue from npm: on PostgreSQL every instance with
 * JOB_WORKERS > 0 takes jobs from the shared queue; on PGlite the same queue runs in this process.
 * background_jobs holds what the office sees (step, progress, answer, file); pg-boss hands the job
 * to exactly one worker. A worker that dies (crash, kill) stops its heartbeat, and a sweep on any instance
 * puts the job back in the queue; a graceful shutdown lets running jobs finish first.
 */
export class JobRunner {
  readonly #handlers = new Map<TJobKind, JobHandler>();
  #boss: PgBoss | null = null;
  #sweepTimer: NodeJS.Timeout | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #running = new Set<Promise<unknown>>();
  #queueStatements = new Set<Promise<unknown>>();
  #isStopped = false;

  constructor(
    private readonly deps: {
      db: Database;
      database: Pick<DatabaseHandle, 'executeSql' | 'kind' | 'alone'>;
      storage: FileStorage;
      log: FastifyBaseLogger;
      workers: number;
    },
  ) {}

  /** Each domain module defines its kinds' handlers while the app is built, before start. */
  define(kind: TJobKind, handler: JobHandler) {
    this.#handlers.set(kind, handler);
  }

  /**
   * Starts the queue; when the database refuses (it is down at start-up), logs it and tries again every
   * 30 s, so the server still answers /api/health and /api/ready says what is wrong.
   */
  async start() {
    try {
      await this.#startQueue();
    } catch (error) {
      this.deps.log.error(
        { err: error },
        'Antrian proses latar belakang gagal dimulai; dicoba lagi 30 detik lagi.',
      );
      this.#retryTimer = setTimeout(() => void this.start(), 30_000).unref();
    }
  }

  async #startQueue() {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.#queueSql(text, values) },
      schema: JOB_QUEUE_SCHEMA,
      schedule: false,
      // Its maintenance (archiving, expiring) is cheap; every 2 minutes is plenty for a few jobs a day.
      maintenanceIntervalSeconds: 120,
    });
    boss.on('error', (error) => this.deps.log.error({ err: error }, 'Antrian proses latar belakang gagal.'));
    // One instance at a time: servers started together on a new database each installed pg-boss's schema,
    // and its CREATE SCHEMA IF NOT EXISTS is not safe against another session's (duplicate key on
    // pg_namespace, about one start in five of the two-instance test); the loser's queue waited 30 s.
    await this.deps.database.alone(async () => {
      await boss.start();
      await boss.createQueue(QUEUE, { name: QUEUE, ...QUEUE_OPTIONS });
    });
    this.#boss = boss;
    // PGlite is this process alone: whatever was running when it last stopped lost its worker.
    await this.recover(this.deps.database.kind === 'pglite' ? 0 : ABANDONED_AFTER_SECONDS);
    if (this.deps.workers > 0) {
      for (let worker = 0; worker < this.deps.workers; worker += 1) {
        await boss.work<{ jobId: string }>(
          QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 1 },
          async ([entry]) => {
            if (entry) await this.#track(this.run(entry.data.jobId));
          },
        );
      }
      this.#sweepTimer = setInterval(() => {
        this.recover(ABANDONED_AFTER_SECONDS).catch((error) =>
          this.deps.log.error({ err: error }, 'Pemeriksaan proses latar belakang gagal.'),
        );
      }, SWEEP_MS).unref();
    }
  }

  /** Stops taking jobs and waits for the running ones (graceful shutdown) up to timeoutMs. */
  async stop(timeoutMs: number) {
    if (this.#sweepTimer) clearInterval(this.#sweepTimer);
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    const boss = this.#boss;
    if (!boss) return;
    this.#boss = null;
    await boss.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1000), close: false });
    // pg-boss stops waiting at its timeout; a job's clean-up after it ends (its work folder, spent files) gets
    // a little longer, and what still runs then is left to the next start's recovery.
    await Promise.race([Promise.allSettled([...this.#running]), new Promise((r) => setTimeout(r, 2000))]);
    // pg-boss marks a finished entry complete without awaiting it: let that statement land, then answer any
    // later one with no rows, since the database closes next (its own row says the job is done either way).
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.race([
      Promise.allSettled([...this.#queueStatements]),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
    this.#isStopped = true;
  }

  /** pg-boss's statements, counted so that stop() can wait for the last of them. */
  #queueSql(text: string, values?: unknown[]) {
    if (this.#isStopped) return Promise.resolve({ rows: [] });
    const statement = this.deps.database.executeSql(text, values);
    this.#queueStatements.add(statement);
    void statement.then(
      () => this.#queueStatements.delete(statement),
      () => this.#queueStatements.delete(statement),
    );
    return statement;
  }

  /**
   * Queues a job: its row (and upload, moved into file storage where any instance's worker can read it) in
   * one transaction, then its queue entry. A crash between the two leaves a queued row the sweep sends.
   */
  async enqueue(
    kind: TJobKind,
    createdById: number,
    input: unknown,
    upload?: { path: string; name: string },
  ): Promise<JobRow> {
    const id = randomUUID();
    const inputKey = upload ? `jobs/${id}/${upload.name}` : null;
    const row = await this.deps.db.transaction(async (tx) => {
      const inserted = await queries.insertJob(tx, { id, kind, createdById, input, inputKey });
      if (upload && inputKey) {
        await holdFilePlacementLock(tx);
        await this.deps.storage.putFile(inputKey, upload.path);
      }
      return inserted;
    });
    await this.#send(id);
    // The row as queued: a worker on another connection may already be running it, which the next poll shows.
    return row;
  }

  /**
   * Hands the job to the queue. Sending one twice is harmless: the worker that claims it first runs it, a
   * later entry finds it no longer queued (claimJob).
   */
  async #send(id: string) {
    if (!this.#boss) throw new HttpError(503, JOB_MESSAGES.queueDown);
    const queueJobId = await this.#boss.send(QUEUE, { jobId: id });
    if (queueJobId) await queries.saveQueueJobId(this.deps.db, id, queueJobId);
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#running.add(work);
    return work.finally(() => this.#running.delete(work));
  }

  /** Runs one job by id, if it is still queued; never throws (its failure is the job's). */
  async run(id: string) {
    const { db, storage, log } = this.deps;
    const job = await queries.claimJob(db, id);
    if (!job) return;
    const handler = this.#handlers.get(job.kind as TJobKind);
    await mkdir(storage.stagingDir, { recursive: true });
    const workDir = await mkdtemp(path.join(storage.stagingDir, `job-${job.kind}-`));
    let lastSaved = 0;
    let lastStep = job.step;
    let pending: TJobProgress | null = null;
    let saving: Promise<void> = Promise.resolve();
    const save = (progress: TJobProgress) => {
      saving = saving.then(() => queries.saveProgress(db, id, progress)).catch(() => undefined);
    };
    const heartbeat = setInterval(() => {
      if (pending) save(pending);
    }, HEARTBEAT_MS).unref();
    let completed = false;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      let inputPath: string | null = null;
      if (job.inputKey) {
        inputPath = path.join(workDir, path.basename(job.inputKey));
        await pipeline(await storage.read(job.inputKey), createWriteStream(inputPath));
      }
      const outcome = await handler({
        job,
        db,
        storage,
        inputPath,
        workDir,
        progress(progress) {
          pending = progress;
          const now = Date.now();
          if (progress.step !== lastStep || now - lastSaved >= PROGRESS_SAVE_MS) {
            lastStep = progress.step;
            lastSaved = now;
            save(progress);
          }
        },
        async completeIn(tx, result) {
          completed = await queries.completeJob(tx, job, { result, progress: pending });
          if (!completed) throw new JobTakenBack();
        },
      });
      await saving;
      if (!completed) await this.#finish(job, outcome, pending);
    } catch (error) {
      await saving;
      if (error instanceof JobTakenBack) {
        log.warn(
          { jobId: id, kind: job.kind },
          'Proses latar belakang diambil alih; hasil proses ini dibatalkan.',
        );
      } else if (error instanceof JobRefused) {
        await queries.failJob(db, id, error.message, error.result);
      } else if (error instanceof HttpError && error.statusCode < 500) {
        // A refusal the request path would answer with a 4xx (a file imported before): its message is the job's.
        await queries.failJob(db, id, error.message);
      } else {
        log.error({ err: error, jobId: id, kind: job.kind }, 'Proses latar belakang gagal.');
        await queries.failJob(db, id, JOB_MESSAGES.failed).catch(() => undefined);
      }
    } finally {
      clearInterval(heartbeat);
      await rm(workDir, { recursive: true, force: true });
      await this.removeSpentFiles().catch(() => undefined);
    }
  }

  /** Stores an export's file, then marks the job done (the file is named by the row only once it is placed). */
  async #finish(job: JobRow, outcome: JobOutcome, progress: TJobProgress | null) {
    const { db, storage } = this.deps;
    if (!outcome.outputFile) {
      if (!(await queries.completeJob(db, job, { result: outcome.result, progress })))
        throw new JobTakenBack();
      return;
    }
    const key = `jobs/${job.id}/${outcome.outputFile.name}`;
    let placed = false;
    try {
      await db.transaction(async (tx) => {
        await holdFilePlacementLock(tx);
        await storage.putFile(key, outcome.outputFile?.path ?? '');
        placed = true;
        const finished = { result: outcome.result, outputKey: key, progress };
        if (!(await queries.completeJob(tx, job, finished))) throw new JobTakenBack();
      });
    } catch (error) {
      if (placed) await storage.remove(key).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Running jobs whose worker stopped answering go back to the queue (or fail after MAX_ATTEMPTS); queued
   * ones that never reached the queue are sent; spent files and old rows are removed.
   */
  async recover(abandonedAfterSeconds: number) {
    const boss = this.#boss;
    if (!boss) return;
    const { db, log } = this.deps;
    for (const job of await queries.abandonedJobs(db, abandonedAfterSeconds)) {
      if (job.attempts >= MAX_ATTEMPTS) {
        await queries.failJob(db, job.id, JOB_MESSAGES.interrupted);
        continue;
      }
      log.warn({ jobId: job.id, kind: job.kind }, 'Proses latar belakang terputus; dijalankan ulang.');
      await queries.requeueJob(db, job.id);
      await this.#send(job.id);
    }
    // Queued rows whose entry is gone or spent (never sent: a crash right after the insert).
    for (const job of await queries.waitingJobs(db, abandonedAfterSeconds)) {
      const entry = job.queueJobId ? await boss.getJobById(QUEUE, job.queueJobId) : null;
      if (!entry || !['created', 'retry', 'active'].includes(entry.state)) await this.#send(job.id);
    }
    await this.removeSpentFiles();
    await queries.deleteOldJobs(db);
  }

  /** A finished job's upload at once, an export's file after JOB_FILE_KEEP_HOURS. */
  async removeSpentFiles() {
    const { db, storage } = this.deps;
    for (const due of await queries.filesDue(db)) {
      const output = due.outputExpired ? due.outputKey : null;
      await queries.forgetFiles(db, due.id, { input: due.inputKey !== null, output: output !== null });
      for (const key of [due.inputKey, output]) if (key) await storage.remove(key);
    }
  }

  /** eusulan_jobs for GET /metrics. */
  counts() {
    return queries.jobCounts(this.deps.db);
  }
}
