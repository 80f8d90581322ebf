import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { prepareDatabase } from './bootstrap.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { DATABASE_BUSY_MESSAGE } from './pglite-lock.ts';

// PGlite only: it is the embedded database's one session that this lock guards (PostgreSQL has a pool).
const ADMIN_PASSWORD = 'Admin12345';
/** Short, so a refusal can be shown without a long test; the production default is 10 s. */
const SHORT_WAIT_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app on an in-memory PGlite whose calls wait at most lockWaitMs for its lock, and the admin's headers. */
async function openApp(lockWaitMs?: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-lock-'));
  const config = testConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, TOKEN_SECRET: 'x'.repeat(40) });
  const database = await openDatabase({ dataDir: ':memory:', lockWaitMs });
  await prepareDatabase(database, config);
  const app = await buildApp(config, database);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: config.ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().data.auth.accessToken}` };
  return {
    app,
    database,
    headers,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A transaction that holds the lock for holdMs between two statements, as one that places uploaded files
 * does; it notes when it has begun and when it has committed.
 */
function longTransaction(database: DatabaseHandle, events: string[], name: string, holdMs: number) {
  let begun: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    begun = resolve;
  });
  const done = database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    events.push(`${name} begins`);
    begun();
    await sleep(holdMs);
    await tx.execute(sql`select 1`);
  });
  return { started, done: done.then(() => events.push(`${name} commits`)) };
}

describe.runIf(!process.env.TEST_DATABASE_URL)('the embedded database’s session lock', () => {
  /** The production limit, which even a busy test machine's queue stays far below. */
  let fair: Awaited<ReturnType<typeof openApp>>;
  let strict: Awaited<ReturnType<typeof openApp>>;

  beforeAll(async () => {
    [fair, strict] = await Promise.all([openApp(), openApp(SHORT_WAIT_MS)]);
  });

  afterAll(async () => {
    await Promise.all([fair?.close(), strict?.close()]);
  });

  it('answers requests that queue behind a long transaction in arrival order, right after it', async () => {
    const { app, database, headers } = fair;
    const events: string[] = [];
    const long = longTransaction(database, events, 'long', 150);
    await long.started;
    // Ten callers at once: each a list request (several statements, each taking the lock), then one statement. (Not
    // /api/ready: it also waits on the file store, which does not take the lock, so its answers may swap.)
    const requests = Array.from({ length: 10 }, async (_, n) => {
      const list = await app.inject({ method: 'GET', url: '/api-web/proposal?proposalType=umum', headers });
      events.push(`list ${n}`);
      await database.db.execute(sql`select 1`);
      events.push(`single ${n}`);
      return list.statusCode;
    });
    // A second long transaction asked for after them must not overtake them.
    await sleep(20);
    const later = longTransaction(database, events, 'later', 10);
    const statuses = await Promise.all(requests);
    await Promise.all([long.done, later.done]);

    expect(statuses.every((status) => status === 200)).toBe(true);
    const shorts = events.filter((event) => /^(list|single) /.test(event));
    // Nothing ran while the long transaction held the lock: every request waited for it, no longer.
    expect(events.slice(0, 2)).toEqual(['long begins', 'long commits']);
    // First come, first served: the lists finish in the order they came, then the single statements.
    expect(shorts).toEqual([
      ...Array.from({ length: 10 }, (_, n) => `list ${n}`),
      ...Array.from({ length: 10 }, (_, n) => `single ${n}`),
    ]);
    // The later transaction was asked for after the lists' first statements and before their next ones:
    // it runs between them, neither ahead of the requests nor after all of them.
    expect(events.indexOf('later begins')).toBeLessThan(events.indexOf('list 0'));
  });

  it('refuses a request that waits longer than the limit with a 503 and an Indonesian message', async () => {
    const { app, database, headers } = strict;
    const events: string[] = [];
    const long = longTransaction(database, events, 'long', SHORT_WAIT_MS * 4);
    await long.started;
    const refused = await app.inject({ method: 'GET', url: '/api-web/proposal?proposalType=umum', headers });
    events.push('refused');
    await long.done;

    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      status: { code: 503, message: DATABASE_BUSY_MESSAGE },
      data: null,
    });
    expect(events).toEqual(['long begins', 'refused', 'long commits']);
    // The queue goes on: the next request is served.
    const next = await app.inject({ method: 'GET', url: '/api-web/proposal?proposalType=umum', headers });
    expect(next.statusCode).toBe(200);
  });

  it('never runs a refused statement later', async () => {
    const { database } = strict;
    await database.db.execute(sql`create table if not exists lock_probe (n int)`);
    const long = longTransaction(database, [], 'long', SHORT_WAIT_MS * 3);
    await long.started;
    await expect(database.db.execute(sql`insert into lock_probe values (1)`)).rejects.toMatchObject({
      cause: { statusCode: 503 },
    });
    await long.done;
    const result = await database.db.execute(sql`select count(*)::int as n from lock_probe`);
    const { rows } = result as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
  });
});
