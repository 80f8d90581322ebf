import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'eusulan-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>e-Usulan Jalan</title><div id="root"></div>',
  );
  writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  t = await createTestApp({ NODE_ENV: 'production', WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
});

describe('serving the built web app', () => {
  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/master/jalan', '/halaman/tidak/ada']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing hashed asset with 404, not the app page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/tidak-ada-123.js' })).statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(response.statusCode).toBe(404);
    expect(response.json().status.message).toBe('Request/Resource not found!');
  });
});
