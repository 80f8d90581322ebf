import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let dist: string;
let script: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'eusulan-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>e-Usulan Jalan</title><div id="root"></div>',
  );
  script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  // What the build writes beside each file (vite-plugin-compression2): the real thing, compressed once.
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
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

  it('sends the build’s brotli file as it is, and the plain file to a client that takes no compression', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload).toEqual(readFileSync(path.join(dist, 'assets', 'index-abc123.js.br')));
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
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
