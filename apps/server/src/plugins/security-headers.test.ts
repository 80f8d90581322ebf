import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { testConfig } from '../config.ts';
import { BAD_URL_MESSAGE, ROUTE_NOT_FOUND_MESSAGE } from './errors.ts';
import { contentSecurityPolicy, inlineScriptHashes, sourceOf } from './security-headers.ts';

/** The built index.html's entry script, in small: a module by src, with no inline script beside it. */
const ENTRY_SCRIPT = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';
const TILES = 'https://{s}.tiles.example.test/{z}/{x}/{y}.png';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'eusulan-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><head>${ENTRY_SCRIPT}</head><div id="root"></div>`,
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("e-Usulan Jalan");');
  t = await createTestApp({
    NODE_ENV: 'production',
    WEB_DIST_DIR: dist,
    MAP_TILE_URL: TILES,
    REPORT_LOGO_URL: 'https://cdn.pemkot.example.test/logo.png',
  });
  admin = (await t.signIn('admin')).headers;
});
afterAll(async () => {
  await t.close();
});

/** The policy's directives by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

function expectHardened(response: Reply) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  const permissions = String(response.headers['permissions-policy']).split(/,\s*/);
  expect(permissions).toContain('geolocation=(self)');
  expect(permissions).toContain('camera=()');
  expect(permissions).toContain('microphone=()');
  const policy = directives(response.headers['content-security-policy']);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  return policy;
}

describe('the headers of every answer', () => {
  it('gives the app page a policy that runs scripts from the server only, nothing inline', async () => {
    for (const url of ['/', '/login', '/maps']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const policy = expectHardened(response);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://*.tiles.example.test',
        'https://cdn.pemkot.example.test',
      ]);
      expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(policy.get('frame-src')).toEqual(["'none'"]);
    }
  });

  it('keeps the year-long caching of hashed assets, with the same headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectHardened(response);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers JSON no-store: public, signed-in, refused, invalid and unknown calls alike', async () => {
    const calls: [string, string, Record<string, string>, number, object?][] = [
      ['GET', '/api/app-info', {}, 200],
      ['GET', '/api/health', {}, 200],
      ['POST', '/api/auth/me', admin, 200],
      ['GET', '/api-web/proposal?page=1&per_page=10', admin, 200],
      ['GET', '/api-web/proposal?page=1&per_page=10', {}, 401],
      ['POST', '/api/auth/login', {}, 422, {}],
      ['POST', '/api/auth/login', {}, 401, { username: 'admin', password: 'salah-sekali' }],
      ['GET', '/api-web/proposal/abc', admin, 404],
      ['GET', '/api-web/tidak-ada', admin, 404],
    ];
    for (const [method, url, headers, status, payload] of calls) {
      const response = await t.app.inject({ method: method as 'GET', url, headers, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
      expectHardened(response);
    }
  });

  it('answers a URL the router cannot take like any other refusal, in Indonesian and with the same headers', async () => {
    const calls: [string, number, string][] = [
      ['/api-web/proposal/%zz', 400, BAD_URL_MESSAGE],
      ['/usulan%E0%A4%A', 400, BAD_URL_MESSAGE],
      [`/api-web/proposal/${'1'.repeat(150)}`, 404, ROUTE_NOT_FOUND_MESSAGE],
    ];
    for (const [url, status, message] of calls) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
      expect(response.json()).toEqual({
        status: { code: status, message, requestId: response.headers['x-request-id'] },
        data: null,
      });
      expectHardened(response);
    }
  });

  it('keeps the revalidated layers private and revalidating (ETag, 304), never in a shared cache', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api-web/dashboard', headers: admin });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api-web/dashboard',
      headers: { ...admin, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('the policy for each configuration', () => {
  it('hashes every inline script of a page, and no script with a src', () => {
    const html = '<script type="module">a()</script><script src="/x.js"></script><script>\nb()\n</script>';
    expect(inlineScriptHashes(html)).toEqual(
      ['a()', '\nb()\n'].map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`),
    );
  });

  it('allows a tile or logo host as the browser must match it', () => {
    expect(sourceOf('https://server.arcgisonline.com/ArcGIS/rest/services/x/{z}/{y}/{x}')).toBe(
      'https://server.arcgisonline.com',
    );
    expect(sourceOf('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(sourceOf('http://10.10.0.7:8080/tiles/{z}/{x}/{y}.png')).toBe('http://10.10.0.7:8080');
    expect(sourceOf('https://tiles-{s}.example.test/{z}/{x}/{y}')).toBe('https:');
    expect(sourceOf('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });

  it("adds Google's reCAPTCHA sources only when reCAPTCHA is the bot check", () => {
    const recaptcha = contentSecurityPolicy(
      testConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret' }),
      [],
    );
    expect(recaptcha['script-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(recaptcha['frame-src']).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    const altcha = contentSecurityPolicy(testConfig({ CAPTCHA_PROVIDER: 'altcha' }), []);
    expect(altcha['script-src']).toEqual(["'self'"]);
    expect(altcha['frame-src']).toEqual(["'none'"]);
  });
});
