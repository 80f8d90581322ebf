import { JOB_MESSAGES, JOB_STEPS, type TJob } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  buildImportPlace,
  filledImportTemplate,
  GOOD_ROW,
  type ImportRow,
} from '../../../test/import-workbook.ts';
import { waitForJob } from '../../../test/jobs.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildApp } from '../../app.ts';
import { backgroundJobs, proposals } from '../../db/schema/index.ts';
import { IMPORT_FAILED_MESSAGE } from '../proposal/proposal-import.service.ts';

/**
 * Background jobs, through the proposal import: queued by one call, followed by another,
 * stored once; refused with its rows' errors; kept across a restart and a worker lost mid-job; one asker's.
 * The export and completed-work jobs are tested beside their synchronous calls.
 */
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'metrik-rahasia-uji-123' });
  await t.app.ready();
  admin = (await t.signIn('admin')).headers;
  await buildImportPlace(t.db);
});

afterAll(async () => {
  await t.close();
});

const proposalCount = async () => (await t.db.select({ id: proposals.id }).from(proposals)).length;

async function queueImport(app: TestApp['app'], rows: ImportRow[], headers = admin) {
  const content = await filledImportTemplate({ ...t, app }, admin, 'pokir', rows);
  const body = await multipart({ proposalType: 'pokir' }, { file: [{ name: 'usulan.xlsx', content }] });
  return app.inject({
    method: 'POST',
    url: '/api-web/proposal/import-template/jobs',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The uploads jobs keep in storage; a finished job's is removed just after it is marked done. */
async function jobFilesSoon() {
  let keys: string[] = [];
  for (let tries = 0; tries < 40; tries += 1) {
    keys = (await t.app.ctx.storage.listKeys()).filter((key) => key.startsWith('jobs/'));
    if (!keys.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return keys;
}

describe('proposal import as a job', () => {
  it('answers 202 at once, shows its steps and counts, stores every row once and drops its upload', async () => {
    const before = await proposalCount();
    const rows = Array.from({ length: 2500 }, (_, index) => {
      const row = [...GOOD_ROW];
      row[1] = `Pengusul ${index + 1}`;
      return row;
    });
    const response = await queueImport(t.app, rows);
    expect(response.statusCode).toBe(202);
    const queued = response.json().data as TJob;
    expect(queued).toMatchObject({ kind: 'proposal-import', status: 'queued', fileUrl: null });
    expect(queued.progress.step).toBe(JOB_STEPS.queued);

    const seen: TJob[] = [];
    const job = await waitForJob(t.app, admin, queued.id, { seen });
    expect(job.status).toBe('done');
    expect(job.result).toEqual({ imported: 2500 });
    expect(job.progress).toEqual({ step: JOB_STEPS.done, done: 2500, total: 2500 });
    expect(job.finishedAt).not.toBeNull();
    // Saving went by in chunks the poll could see (1,000 a statement), never past the total.
    const saving = seen.filter((s) => s.progress.step === JOB_STEPS.saving);
    for (const s of saving) expect(s.progress.done).toBeLessThanOrEqual(2500);
    expect(await proposalCount()).toBe(before + 2500);
    expect(await jobFilesSoon()).toEqual([]);
  });

  it('fails a workbook with a bad row with the rows as its result, storing nothing', async () => {
    const before = await proposalCount();
    const bad = [...GOOD_ROW];
    bad[4] = 'Kelurahan Tidak Ada - Gubeng';
    const response = await queueImport(t.app, [GOOD_ROW, bad]);
    expect(response.statusCode).toBe(202);
    const job = await waitForJob(t.app, admin, response.json().data.id);
    expect(job.status).toBe('failed');
    expect(job.message).toBe(IMPORT_FAILED_MESSAGE);
    const { errorList } = job.result as { errorList: { excelRow: number; errors: string[] }[] };
    expect(errorList.map((error) => error.excelRow)).toEqual([3]);
    expect(await proposalCount()).toBe(before);
    expect(await jobFilesSoon()).toEqual([]);
  });

  it('checks the file before queueing: none is a 422, a renamed text file a 4xx, and nothing is queued', async () => {
    const before = (await t.db.select().from(backgroundJobs)).length;
    const empty = await multipart({ proposalType: 'pokir' }, {});
    const none = await t.app.inject({
      method: 'POST',
      url: '/api-web/proposal/import-template/jobs',
      headers: { ...admin, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(422);
    const fake = await multipart(
      {},
      { file: [{ name: 'usulan.xlsx', content: Buffer.from('bukan excel') }] },
    );
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api-web/proposal/import-template/jobs',
      headers: { ...admin, ...fake.headers },
      payload: fake.payload,
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect((await t.db.select().from(backgroundJobs)).length).toBe(before);
  });

  it('is its asker’s: another role gets 404, as does an unknown or malformed id; an import has no file', async () => {
    const response = await queueImport(t.app, [GOOD_ROW]);
    const id = response.json().data.id as string;
    await waitForJob(t.app, admin, id);
    const consultant = (await t.signIn('consultan')).headers;
    for (const [headers, url] of [
      [consultant, `/api-web/jobs/${id}`],
      [admin, '/api-web/jobs/00000000-0000-4000-8000-000000000000'],
      [admin, '/api-web/jobs/12'],
      [admin, `/api-web/jobs/${id}/file`],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url, headers });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().status.message).toBe(JOB_MESSAGES.notFound);
    }
    const umum = (await t.signIn('umum')).headers;
    expect((await queueImport(t.app, [GOOD_ROW], umum)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api-web/jobs/${id}` })).statusCode).toBe(401);
  });

  it('counts jobs per kind and state on /metrics', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrik-rahasia-uji-123' },
    });
    expect(response.body).toMatch(/eusulan_jobs\{queue="proposal-import",state="done"\} [1-9]/);
    expect(response.body).toMatch(/eusulan_jobs\{queue="proposal-import",state="failed"\} 1/);
  });
});

describe('jobs across a restart', () => {
  /** A second app on the same database and files: a restarted server, or another instance. */
  const anotherApp = async (env: Partial<typeof t.config>) => {
    const app = await buildApp({ ...t.config, ...env }, t.database, { storage: t.app.ctx.storage });
    await app.ready();
    return app;
  };

  it('keeps a job queued by a server without workers until a server with one runs it', async () => {
    const before = await proposalCount();
    // The test's own app has a worker too: it is closed first so the job waits.
    await t.app.close();
    const queuing = await anotherApp({ JOB_WORKERS: 0 });
    const response = await queueImport(queuing, [GOOD_ROW, GOOD_ROW]);
    const id = response.json().data.id as string;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await waitForJob(queuing, admin, id, { until: () => true })).status).toBe('queued');
    await queuing.close();

    const restarted = await anotherApp({ JOB_WORKERS: 1 });
    t.app = restarted;
    const job = await waitForJob(restarted, admin, id);
    expect(job).toMatchObject({ status: 'done', result: { imported: 2 } });
    expect(await proposalCount()).toBe(before + 2);
  });

  it('runs again a job whose worker died mid-way, and gives up after three attempts', async () => {
    const before = await proposalCount();
    await t.app.close();
    const queuing = await anotherApp({ JOB_WORKERS: 0 });
    const lost = (await queueImport(queuing, [GOOD_ROW])).json().data.id as string;
    const doomed = (await queueImport(queuing, [GOOD_ROW])).json().data.id as string;
    // As a killed worker leaves them: running, the heartbeat long stopped.
    const stale = { status: 'running', heartbeatAt: new Date(Date.now() - 10 * 60_000) };
    await t.db
      .update(backgroundJobs)
      .set({ ...stale, attempts: 1 })
      .where(eq(backgroundJobs.id, lost));
    await t.db
      .update(backgroundJobs)
      .set({ ...stale, attempts: 3 })
      .where(eq(backgroundJobs.id, doomed));
    await queuing.close();

    const restarted = await anotherApp({ JOB_WORKERS: 1 });
    t.app = restarted;
    const job = await waitForJob(restarted, admin, lost);
    expect(job).toMatchObject({ status: 'done', result: { imported: 1 } });
    const [row] = await t.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, lost));
    expect(row!.attempts).toBe(2);
    const failed = await waitForJob(restarted, admin, doomed);
    expect(failed).toMatchObject({ status: 'failed', message: JOB_MESSAGES.interrupted });
    expect(await proposalCount()).toBe(before + 1);
  });

  it('lets a running job finish when the server closes (graceful shutdown)', async () => {
    const before = await proposalCount();
    const rows = Array.from({ length: 3000 }, () => GOOD_ROW);
    const id = (await queueImport(t.app, rows)).json().data.id as string;
    await waitForJob(t.app, admin, id, { until: (job) => job.status === 'running' });
    await t.app.close();
    const [row] = await t.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
    expect(row!.status).toBe('done');
    expect(await proposalCount()).toBe(before + 3000);
    t.app = await anotherApp({});
  });

  it('rolls back what a run stored when a sweep has handed its job to another attempt meanwhile', async () => {
    const before = await proposalCount();
    const rows = Array.from({ length: 3000 }, () => GOOD_ROW);
    const id = (await queueImport(t.app, rows)).json().data.id as string;
    await waitForJob(t.app, admin, id, { until: (job) => job.status === 'running' });
    // As a sweep and another worker leave it while this run still parses: running, a later attempt.
    const [claimed] = await t.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
    await t.db
      .update(backgroundJobs)
      .set({ attempts: claimed!.attempts + 1 })
      .where(eq(backgroundJobs.id, id));
    // Closing waits for this run to end.
    await t.app.close();
    const [row] = await t.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
    expect(row!.status).toBe('running');
    expect(await proposalCount()).toBe(before);
    await t.db.update(backgroundJobs).set({ status: 'failed' }).where(eq(backgroundJobs.id, id));
    t.app = await anotherApp({});
  });
});
