import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AUTH_MESSAGES,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_MS,
  PROPOSAL_IMPORT_SHEET,
  type TJob,
} from '@eusulan/shared';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ADMIN } from '../bench/bench-database.ts';
import { type ServerProcess, startServer } from '../bench/server-process.ts';
import { ensureServerBuild } from '../scripts/build.ts';
import * as schema from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { buildImportPlace, GOOD_ROW } from './import-workbook.ts';

/**
 * Stateless instances: two production servers, each its own process on its own port,
 * over one PostgreSQL database, one TOKEN_SECRET and one DATA_DIR (the files), as several instances behind
 * a load balancer run. Whatever one server does, the other sees, because sessions, login failures, spent
 * bot-check challenges and imports are rows, not memory. PostgreSQL only: the embedded database belongs to
 * one process (data-dir-lock.test.ts shows the second server refused).
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const TOKEN_SECRET = randomBytes(32).toString('base64url');
const USER_PASSWORD = 'Rahasia123';

const servers: ServerProcess[] = [];
let databaseName = '';
let databaseUrl = '';
let dataDir = '';
let pool: pg.Pool | undefined;

/**
 * Both servers of a pair, started together on the shared database and folder (their migrations wait for one lock);
 * `own` holds each one's settings of its own.
 */
async function startPair(
  env: Record<string, string>,
  own: [Record<string, string>, Record<string, string>] = [{}, {}],
) {
  const started = await Promise.allSettled(
    own.map((mine) =>
      startServer(databaseUrl, { dataDir, logLevel: 'warn', env: { TOKEN_SECRET, ...env, ...mine } }),
    ),
  );
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value) as [
    ServerProcess,
    ServerProcess,
  ];
}

const db = () => drizzle(pool as pg.Pool, { schema, casing: 'snake_case' });

async function request(server: ServerProcess, url: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${server.url}${url}`, {
    ...rest,
    headers,
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
}

const login = (server: ServerProcess, username: string, password: string, recaptcha?: string) =>
  request(server, '/api/auth/login', { method: 'POST', json: { username, password, recaptcha } });

const me = (server: ServerProcess, token: string) =>
  request(server, '/api/auth/me', { method: 'POST', headers: { authorization: `Bearer ${token}` } });

async function tokenOf(response: Response) {
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { auth: { accessToken: string } } }).data.auth.accessToken;
}

async function pokirRows(server: ServerProcess, headers: Record<string, string>) {
  const list = await request(server, '/api-web/proposal?proposalType=pokir', { headers });
  expect(list.status).toBe(200);
  return ((await list.json()) as { data: { data: { proposerName: string; address: string }[] } }).data.data;
}

/** GET jobs/:id on `server` until `until` says so (30 s at most). */
async function jobOn(
  server: ServerProcess,
  headers: Record<string, string>,
  id: string,
  until: (job: TJob) => boolean,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await request(server, `/api-web/jobs/${id}`, { headers });
    expect(response.status).toBe(200);
    const job = ((await response.json()) as { data: TJob }).data;
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} on ${server.url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let userSequence = 0;
/** A umum user written straight into the shared database. */
async function createUser() {
  userSequence += 1;
  const [role] = await db()
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(eq(schema.roles.slug, 'umum'));
  const username = `dua-instans-${userSequence}`;
  await db()
    .insert(schema.users)
    .values({
      name: `Pengguna ${userSequence}`,
      username,
      passwordHash: await hashPassword(USER_PASSWORD),
      roleId: role!.id,
    });
  return username;
}

beforeAll(async () => {
  if (!serverUrl) return;
  databaseName = `eusulan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-two-instances-'));
  // Built once here: two servers starting together would otherwise both rebuild a stale bundle.
  await ensureServerBuild();
});

afterAll(async () => {
  // Each server still running (a failed test) gets SIGTERM and is waited for.
  await Promise.all(servers.map((server) => server.stop()));
  await pool?.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (!databaseName) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

describe.runIf(Boolean(serverUrl))(
  'two server processes on one PostgreSQL database and one storage (needs TEST_DATABASE_URL)',
  () => {
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      // Started at the same moment on a new database: one migrates it, the other waits and finds it done.
      // A runs no background jobs, so a job queued on A can only be run by B.
      [a, b] = await startPair({ CAPTCHA_PROVIDER: 'none' }, [{ JOB_WORKERS: '0' }, {}]);
      expect(a.url).not.toBe(b.url);
    });

    it('accepts on B a login made on A, and refuses it on B once A logged it out', async () => {
      const token = await tokenOf(await login(a, BENCH_ADMIN.username, BENCH_ADMIN.password));
      expect((await me(b, token)).status).toBe(200);

      const logout = await request(a, '/api/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logout.status).toBe(200);
      expect((await me(b, token)).status).toBe(401);
      expect((await me(a, token)).status).toBe(401);
    });

    it('counts failed logins on A and B together towards one limit', async () => {
      const username = await createUser();
      for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
        const server = attempt % 2 ? b : a;
        expect((await login(server, username, 'SalahLagi123')).status).toBe(401);
      }
      // Neither server saw five failures itself; together they did, so even the right password waits.
      for (const server of [a, b]) {
        const slowed = await login(server, username, USER_PASSWORD);
        expect(slowed.status).toBe(429);
        const seconds = Number(slowed.headers.get('retry-after'));
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(LOGIN_SLOWDOWN_MS / 1000);
        const body = (await slowed.json()) as { status: { message: string } };
        expect(body.status.message).toBe(AUTH_MESSAGES.tooManyAttempts(seconds));
      }
    });

    it('lists on B the proposals imported on A, and runs on B an import job queued on A', async () => {
      await buildImportPlace(db());

      const token = await tokenOf(await login(a, BENCH_ADMIN.username, BENCH_ADMIN.password));
      const headers = { authorization: `Bearer ${token}` };
      const template = await request(a, '/api-web/proposal/export-template?proposalType=pokir', { headers });
      expect(template.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await template.arrayBuffer());
      const year = new Date().getFullYear();
      workbook.getWorksheet(PROPOSAL_IMPORT_SHEET)!.getRow(2).values = [
        `02-01-${year}`,
        ...GOOD_ROW.slice(1, 7),
        'Jl. Dharmawangsa 10, impor di A',
        GOOD_ROW[8]!,
      ];
      const form = new FormData();
      form.append('file', new Blob([await workbook.xlsx.writeBuffer()]), 'usulan.xlsx');
      const imported = await request(a, '/api-web/proposal/import-template', {
        method: 'POST',
        headers,
        body: form,
      });
      expect(imported.status, await imported.clone().text()).toBe(200);
      expect(await imported.json()).toMatchObject({ data: { imported: 1 } });

      const rows = await pokirRows(b, headers);
      expect(rows).toEqual([
        expect.objectContaining({ proposerName: 'Budi Santoso', address: 'Jl. Dharmawangsa 10, impor di A' }),
      ]);

      // The same workbook as a background job queued on A (which runs none): B's worker runs it, from the
      // upload A kept in the shared storage, and both servers answer its progress and its end.
      workbook.getWorksheet(PROPOSAL_IMPORT_SHEET)!.getCell('B2').value = 'Ani, lewat antrian';
      const jobForm = new FormData();
      jobForm.append('file', new Blob([await workbook.xlsx.writeBuffer()]), 'usulan.xlsx');
      const queued = await request(a, '/api-web/proposal/import-template/jobs', {
        method: 'POST',
        headers,
        body: jobForm,
      });
      expect(queued.status, await queued.clone().text()).toBe(202);
      const { id } = ((await queued.json()) as { data: TJob }).data;
      const done = await jobOn(b, headers, id, (job) => job.status !== 'queued' && job.status !== 'running');
      expect(done).toMatchObject({ status: 'done', result: { imported: 1 } });
      expect(await jobOn(a, headers, id, () => true)).toMatchObject({ status: 'done' });
      expect((await pokirRows(a, headers)).map((row) => row.proposerName).sort()).toEqual([
        'Ani, lewat antrian',
        'Budi Santoso',
      ]);
    });

    describe('with the altcha bot check', () => {
      let c: ServerProcess;
      let d: ServerProcess;
      beforeAll(async () => {
        [c, d] = await startPair({ CAPTCHA_PROVIDER: 'altcha' });
      });

      /** A challenge from `server`, solved as the login page's widget solves it. */
      async function solved(server: ServerProcess) {
        const challenge = (await (await request(server, '/api/auth/captcha')).json()) as Challenge;
        const solution = await solveChallenge({ challenge, deriveKey });
        return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      }

      it('refuses on D a solution already spent on C, and accepts a fresh one from C', async () => {
        const username = await createUser();
        const spent = await solved(c);
        await tokenOf(await login(c, username, USER_PASSWORD, spent));

        const replayed = await login(d, username, USER_PASSWORD, spent);
        expect(replayed.status).toBe(422);
        expect(((await replayed.json()) as { errors: unknown }).errors).toEqual({
          recaptcha: [AUTH_MESSAGES.captchaInvalid],
        });
        // Not refused for coming from the other server: both sign challenges with the one secret.
        await tokenOf(await login(d, username, USER_PASSWORD, await solved(c)));
      });
    });
  },
);
