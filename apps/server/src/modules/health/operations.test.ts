import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ROUTE_NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE } from '../../plugins/errors.ts';
import { METRICS_TOKEN_MESSAGE } from './health.routes.ts';

/** What operations rely on: liveness and readiness, Prometheus metrics behind a token, request ids. */

const METRICS_TOKEN = 'metrik-rahasia-kantor-0123456789';
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function testApp(env: Record<string, string> = {}, logStream?: Writable) {
  const t = await createTestApp(env, logStream ? { logStream } : {});
  apps.push(t);
  return t;
}

describe('GET /api/health (liveness)', () => {
  it('answers without touching the database: still 200 once the database is gone', async () => {
    const t = await createTestApp();
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('ok');
    await t.app.close();
    rmSync(t.config.DATA_DIR, { recursive: true, force: true });
  });
});

describe('GET /api/ready (readiness)', () => {
  it('answers 200 when the database and the file store are reachable', async () => {
    const t = await testApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: { code: 200, message: 'Berhasil' },
      data: { status: 'ready', checks: { database: 'ok', storage: 'ok' } },
    });
  });

  it('answers 503 naming the file store when its folder cannot take files', async () => {
    const t = await testApp();
    // A plain file where the store's folder belongs: what a lost mount or a wrong DATA_DIR looks like.
    const root = path.join(t.config.DATA_DIR, 'files');
    rmSync(root, { recursive: true, force: true });
    writeFileSync(root, 'bukan folder');
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    const body = response.json();
    expect(body.status.message).toBe('Server belum siap: penyimpanan berkas tidak dapat dijangkau.');
    expect(body.data.checks).toEqual({ database: 'ok', storage: 'down' });
    expect(body.status.requestId).toBe(response.headers['x-request-id']);
  });

  it('answers 503 naming the database when it is gone', async () => {
    const t = await createTestApp();
    // PGlite closed, or the PostgreSQL pool ended and its database dropped: no query can run.
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status.message).toBe('Server belum siap: database tidak dapat dijangkau.');
    expect(body.data.checks).toEqual({ database: 'down', storage: 'ok' });
    await t.app.close();
    rmSync(t.config.DATA_DIR, { recursive: true, force: true });
  });
});

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, whatever the caller sends', async () => {
    const t = await testApp();
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().status.message).toBe(ROUTE_NOT_FOUND_MESSAGE);
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp({ METRICS_TOKEN });
    });
    const scrape = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

    it('refuses a missing or wrong token with 401', async () => {
      for (const authorization of [
        undefined,
        'Bearer salah',
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
        `Basic ${METRICS_TOKEN}`,
      ]) {
        const response = await scrape(authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.json().status.message).toBe(METRICS_TOKEN_MESSAGE);
      }
    });

    it('answers the Prometheus text with a latency histogram per route pattern, not per URL', async () => {
      const { headers } = await t.signIn('admin');
      await t.app.inject({ method: 'GET', url: '/api/app-info' });
      await t.app.inject({ method: 'GET', url: '/api/app-info' });
      await t.app.inject({ method: 'GET', url: '/api-web/proposal/987654', headers });
      await t.app.inject({ method: 'GET', url: '/api-web/tidak-ada' });

      const response = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.body;
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/app-info",status_class="2xx"\} 2$/m,
      );
      expect(text).toMatch(
        /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/app-info",status_class="2xx"\} \d+$/m,
      );
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api-web\/proposal\/:id",status_class="4xx"\} 1$/m,
      );
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} 1$/m,
      );
      expect(text).not.toContain('987654');
      expect(text).not.toContain('tidak-ada');
      // The scrape itself is the one request in flight.
      expect(text).toMatch(/^http_requests_in_flight 1$/m);
      // Node's own: event-loop delay and heap.
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
      // The pool (PGlite: one session).
      const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
      expect(text).toMatch(
        kind === 'postgres'
          ? /^eusulan_db_pool_max_connections 10$/m
          : /^eusulan_db_pool_max_connections 1$/m,
      );
      expect(text).toMatch(/^eusulan_db_pool_total_connections [1-9]\d*$/m);
      expect(text).toMatch(/^eusulan_db_pool_waiting_queries 0$/m);
      // Job counts: declared, no series until the job queue reports.
      expect(text).toContain('# TYPE eusulan_jobs gauge');
      expect(text).not.toMatch(/^eusulan_jobs\{/m);
    });

    it('reports job counts from the source the job queue registers', async () => {
      t.app.metrics.setJobCounts(async () => [
        { queue: 'export', state: 'active', count: 1 },
        { queue: 'import', state: 'created', count: 3 },
      ]);
      const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
      expect(text).toMatch(/^eusulan_jobs\{queue="export",state="active"\} 1$/m);
      expect(text).toMatch(/^eusulan_jobs\{queue="import",state="created"\} 3$/m);
    });
  });
});

describe('request ids', () => {
  let t: TestApp;
  let logged = '';
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    t = await testApp({ LOG_LEVEL: 'info' }, logStream);
    // A route that fails as a bug would: the 500 envelope must carry the id too.
    t.app.get('/api/uji-gagal', async () => {
      throw new Error('kegagalan uji');
    });
  });

  it('gives every answer an x-request-id, a new random one by default', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/app-info' });
    const second = await t.app.inject({ method: 'GET', url: '/api/app-info' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    // Success envelopes stay as DESIGN §3 has them.
    expect(first.json().status).toEqual({ code: 200, message: 'Berhasil' });
  });

  it("keeps a proxy's sane id and replaces one that is not", async () => {
    for (const incoming of ['5f0c2b9e8d7a41c3b6e1f2a3d4c5b6a7', 'a1b2c3d4-e5f6-4789-abcd-ef0123456789']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/app-info',
        headers: { 'x-request-id': incoming },
      });
      expect(response.headers['x-request-id']).toBe(incoming);
    }
    for (const incoming of ['', 'a b', 'x\u00e9', '<script>', 'x'.repeat(101), 'id"},"level":60']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/app-info',
        headers: { 'x-request-id': incoming },
      });
      expect(response.headers['x-request-id'], JSON.stringify(incoming)).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('puts the id in every error envelope (401, 404, 422, 500), beside the documented fields', async () => {
    const calls = [
      { method: 'POST', url: '/api/auth/me' },
      { method: 'GET', url: '/api-web/tidak-ada' },
      { method: 'POST', url: '/api/auth/login', payload: {} },
      { method: 'GET', url: '/api/uji-gagal' },
    ] as const;
    const statuses: number[] = [];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: { 'x-request-id': `uji-${call.url.length}` } });
      statuses.push(response.statusCode);
      const body = response.json();
      expect(body.status.requestId).toBe(`uji-${call.url.length}`);
      expect(response.headers['x-request-id']).toBe(`uji-${call.url.length}`);
      expect(Object.keys(body.status).sort()).toEqual(['code', 'message', 'requestId']);
      expect(body.status.code).toBe(response.statusCode);
    }
    expect(statuses).toEqual([401, 404, 422, 500]);
    const failed = await t.app.inject({ method: 'GET', url: '/api/uji-gagal' });
    expect(failed.json().status.message).toBe(SERVER_ERROR_MESSAGE);
  });

  it('writes JSON log lines that carry the id, so IT finds a request by the code staff quote', async () => {
    await t.app.inject({ method: 'GET', url: '/api/uji-gagal', headers: { 'x-request-id': 'dicari-123' } });
    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level: number });
    const ofRequest = lines.filter((line) => line.reqId === 'dicari-123');
    expect(ofRequest.map((line) => line.msg)).toEqual([
      'incoming request',
      'unhandled error',
      'request completed',
    ]);
    expect(ofRequest[1]?.level).toBe(50);
  });
});
