// npm run lighthouse: Lighthouse's performance audit of /login, /usulan and /maps on the production
// server (fresh embedded database, demo set), in Debian's Chromium, desktop (the budget: score >= 90, CLS < 0.1)
// and mobile (Lighthouse's default: simulated slow 4G and a 4x slower CPU; reported, not judged).
// Builds nothing: run `npm run build` first. Reports: e2e/artifacts/lighthouse/. Exits 1 when a page misses.
//   --runs=N        audits per page and preset; the median by score is reported (default 3)
//   --preset=P      mobile, desktop or both (default both)
//   --pages=a,b     a subset of login, usulan, maps
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { signIn } from './lib/flows.ts';
import { ARTIFACTS, E2E_ADMIN_PASSWORD, startServer } from './lib/harness.ts';

const SCORE_BUDGET = 90;
const CLS_BUDGET = 0.1;
const REPORTS = path.join(ARTIFACTS, 'lighthouse');

const PAGES = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'usulan', path: '/usulan', signedIn: true },
  { name: 'maps', path: '/maps', signedIn: true },
] as const;
type PageName = (typeof PAGES)[number]['name'];
type Preset = 'mobile' | 'desktop';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'both' },
    pages: { type: 'string', default: PAGES.map((page) => page.name).join(',') },
  },
});
const runs = Number(options.runs);
const presets: Preset[] = options.preset === 'both' ? ['mobile', 'desktop'] : [options.preset as Preset];
const pageNames = new Set(options.pages.split(','));
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');
if (presets.some((preset) => preset !== 'mobile' && preset !== 'desktop')) {
  throw new Error('--preset must be mobile, desktop or both');
}

const CONFIGS: Record<Preset, Config> = {
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
  desktop: { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ['performance'] } },
};

const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP' },
  { id: 'largest-contentful-paint', label: 'LCP' },
  { id: 'total-blocking-time', label: 'TBT' },
  { id: 'cumulative-layout-shift', label: 'CLS' },
  { id: 'speed-index', label: 'SI' },
] as const;

interface Audit {
  page: PageName;
  preset: Preset;
  score: number;
  metrics: Record<(typeof METRICS)[number]['label'], number>;
  lhr: Result;
  reports: string[];
}

const median = <T>(items: T[], key: (item: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)] as T;

const format = (label: string, value: number) =>
  label === 'CLS' ? value.toFixed(3) : `${(value / 1000).toFixed(2)} s`;

const loadBefore = loadavg();
const server = await startServer();
const profile = mkdtempSync(path.join(tmpdir(), 'eusulan-lighthouse-'));
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  userDataDir: profile,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // No internet here: every host but the local server fails at once (map tiles, fonts, anything external).
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
});

/**
 * The session as the web app keeps it (the token in localStorage), set on a page that loads no scripts, and an
 * empty HTTP cache, so every audit is a first visit. Lighthouse's own storage reset would drop the token.
 */
async function prepareBrowser(token: string | null) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${server.url}/api/health`);
    await page.evaluate((value) => {
      localStorage.clear();
      if (value) localStorage.setItem('token', value);
    }, token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Only disconnects: the browser stays for Lighthouse.
    await browser.close();
  }
}

const audits: Audit[] = [];
try {
  const token = await signIn(server.url, 'admin', E2E_ADMIN_PASSWORD);
  mkdirSync(REPORTS, { recursive: true });
  for (const preset of presets) {
    for (const page of PAGES.filter((item) => pageNames.has(item.name))) {
      const attempts: Audit[] = [];
      for (let run = 1; run <= runs; run += 1) {
        await prepareBrowser(page.signedIn ? token : null);
        const flags: Flags = {
          port: chrome.port,
          output: ['json', 'html'],
          logLevel: 'error',
          disableStorageReset: true,
        };
        const result = await lighthouse(`${server.url}${page.path}`, flags, CONFIGS[preset]);
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const { lhr } = result;
        if (lhr.runtimeError)
          throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath} (not signed in?)`);
        const metrics = Object.fromEntries(
          METRICS.map((metric) => [metric.label, lhr.audits[metric.id]?.numericValue ?? Number.NaN]),
        ) as Audit['metrics'];
        attempts.push({
          page: page.name,
          preset,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          metrics,
          lhr,
          reports: result.report as string[],
        });
        process.stdout.write(
          `${preset} ${page.path} run ${run}: ${attempts.at(-1)?.score} (CLS ${format('CLS', metrics.CLS)})\n`,
        );
      }
      const chosen = median(attempts, (audit) => audit.score);
      const base = path.join(REPORTS, `${preset}-${chosen.page}`);
      writeFileSync(`${base}.report.json`, chosen.reports[0] ?? '');
      writeFileSync(`${base}.report.html`, chosen.reports[1] ?? '');
      // The page as Lighthouse left it (a JPEG or PNG data URL), to look at beside the figures.
      const screenshot = chosen.lhr.audits['final-screenshot']?.details as { data?: string } | undefined;
      const picture = screenshot?.data?.match(/^data:image\/(\w+);base64,(.*)$/);
      if (picture)
        writeFileSync(
          `${base}.${picture[1] === 'jpeg' ? 'jpg' : picture[1]}`,
          Buffer.from(picture[2] ?? '', 'base64'),
        );
      audits.push(chosen);
    }
  }
} finally {
  chrome.kill();
  rmSync(profile, { recursive: true, force: true });
  await server.stop();
}

const passes = (audit: Audit) => audit.score >= SCORE_BUDGET && audit.metrics.CLS < CLS_BUDGET;
/** Only desktop is budgeted; mobile's figures are there to watch. */
const verdictOf = (audit: Audit) =>
  audit.preset === 'mobile' ? 'reported' : passes(audit) ? 'PASS' : 'FAIL';
const loadAfter = loadavg();
console.log(
  `\nLighthouse ${runs > 1 ? `(median of ${runs} runs by score) ` : ''}in ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}; ` +
    `load average ${loadBefore.map((value) => value.toFixed(2)).join(' ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' ')} after`,
);
console.log(
  `| preset | page | score (>= ${SCORE_BUDGET}) | FCP | LCP | TBT | CLS (< ${CLS_BUDGET}) | SI | verdict |`,
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const audit of audits) {
  const cells = METRICS.map((metric) => format(metric.label, audit.metrics[metric.label]));
  console.log(
    `| ${audit.preset} | /${audit.page} | ${audit.score} | ${cells.join(' | ')} | ${verdictOf(audit)} |`,
  );
}
console.log(`Reports: ${path.relative(process.cwd(), REPORTS)}/`);
if (audits.some((audit) => verdictOf(audit) === 'FAIL')) process.exitCode = 1;
