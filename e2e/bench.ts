// npm run bench: the budgets of issue 2, measured against the production server on a fresh embedded database.
//   cold start to first answer (budget 15 s), login p50 (150 ms), the login route's JavaScript gzip size (300 KB).
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD, launchBrowser, startServer } from './lib/harness.ts';

const LOGIN_SAMPLES = 40;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const coldStartedAt = performance.now();
const server = await startServer({ CAPTCHA_PROVIDER: 'none' });
const coldStartMs = performance.now() - coldStartedAt;

try {
  const timings: number[] = [];
  for (let i = 0; i < LOGIN_SAMPLES; i += 1) {
    const startedAt = performance.now();
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'umum1', password: DEMO_PASSWORD }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    await response.json();
    timings.push(performance.now() - startedAt);
  }

  const browser = await launchBrowser();
  const page = await browser.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body).length);
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  const loginJsGzipKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;

  const rows = [
    [
      'cold start to first answer (embedded db, fresh data dir)',
      `${(coldStartMs / 1000).toFixed(2)} s`,
      '15 s',
    ],
    [
      `login p50 over ${LOGIN_SAMPLES} (p95)`,
      `${percentile(timings, 50).toFixed(1)} ms (${percentile(timings, 95).toFixed(1)} ms)`,
      '150 ms',
    ],
    [`login route JavaScript, gzip (${scripts.size} files)`, `${loginJsGzipKb.toFixed(1)} KB`, '300 KB'],
  ];
  console.log('| measure | result | budget |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  await server.stop();
}
