// The JavaScript each route loads, gzip, until the network is idle and then while it is used (its forms
// opened, the page scrolled through), against its budget; and which heavy features (maps, rich text, xlsx,
// print) it brought, read from the build's bundle report.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROPOSAL_TYPES, type TProposalRow, type TRole } from '@eusulan/shared';
import type { Browser, Page } from 'playwright-core';
import type { ChunkReport, HeavyFeature } from '../../apps/web/bundle-report.ts';
import { type AppRoute, ROUTES, type RouteName } from '../../apps/web/src/app/routes.ts';
import { signIn } from './flows.ts';
import { blockMapTiles, DEMO_PASSWORD, ROOT } from './harness.ts';

export const LOGIN_BUDGET_KB = 250;
export const ROUTE_BUDGET_KB = 500;

/** The only routes that may load each heavy feature when opened; every other route must not. */
export const FEATURES_ALLOWED: Partial<Record<RouteName, readonly HeavyFeature[]>> = {
  maps: ['maps'],
  'data-usulan-survey-form': ['maps', 'rich-text'],
  'pekerjaan-selesai-detail': ['maps'],
  'cetak-data-usulan-survey': ['print', 'maps'],
  report: ['xlsx'],
};

export type Visitor = TRole | 'guest';

const DEMO_USERS: Record<TRole, string> = {
  admin: 'admin',
  consultan: 'konsultan1',
  structural: 'struktural1',
  umum: 'umum1',
};
const ALL_ROLES = Object.keys(DEMO_USERS) as TRole[];
/** The two shells (spec §2): a side menu for admin and umum, a top bar for consultan and structural. */
const SHELL_KINDS: readonly (readonly TRole[])[] = [
  ['admin', 'umum'],
  ['consultan', 'structural'],
];

/**
 * Who opens a route in the check: guests for public pages; for a route in the shell, the first role of each
 * shell that may open it (the shells load different code); otherwise the first role that may.
 */
function visitorsOf(route: AppRoute): Visitor[] {
  if (route.layout === 'guest' || route.layout === 'error') return ['guest'];
  const allowed = route.roles.length > 0 ? route.roles : ALL_ROLES;
  if (route.layout !== 'shell') return allowed.slice(0, 1);
  return SHELL_KINDS.flatMap((kind) => allowed.filter((role) => kind.includes(role)).slice(0, 1));
}

export interface RouteVisit {
  route: AppRoute;
  visitor: Visitor;
  /** The address opened, with ids filled in from the demo data. */
  path: string;
}

export interface RouteMeasure extends RouteVisit {
  /** Where the page ended (a landing redirect); its route decides which heavy features are allowed. */
  landedOn: string;
  scripts: { file: string; gzipBytes: number }[];
  gzipKb: number;
  budgetKb: number;
  features: HeavyFeature[];
  /** Features loaded that the route may not load. */
  unexpectedFeatures: HeavyFeature[];
}

async function apiGet<T>(baseUrl: string, token: string, address: string): Promise<T> {
  const response = await fetch(`${baseUrl}${address}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${address}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

async function proposalsOf(baseUrl: string, token: string): Promise<TProposalRow[]> {
  const rows: TProposalRow[] = [];
  for (const type of PROPOSAL_TYPES) {
    const list = await apiGet<{ data: TProposalRow[] }>(
      baseUrl,
      token,
      `/api-web/proposal?isHistory=0&proposalType=${type}&page=1&limit=100`,
    );
    rows.push(...list.data);
  }
  return rows;
}

/** Tokens of the demo users, one per role. */
export async function signInEveryRole(baseUrl: string, adminPassword: string) {
  const tokens = {} as Record<TRole, string>;
  for (const role of ALL_ROLES) {
    tokens[role] = await signIn(baseUrl, DEMO_USERS[role], role === 'admin' ? adminPassword : DEMO_PASSWORD);
  }
  return tokens;
}

/** Every route of the app with the roles that may open it and real ids from the demo set for its parameters. */
export async function planVisits(baseUrl: string, tokens: Record<TRole, string>): Promise<RouteVisit[]> {
  const adminProposals = await proposalsOf(baseUrl, tokens.admin);
  const surveyed = adminProposals.find((row) => row.hasSurvey);
  const toSurvey = (await proposalsOf(baseUrl, tokens.consultan)).find(
    (row) => row.statusType === 'verified',
  );
  // These two lists answer data.data (spec §7).
  const [consultant] = (
    await apiGet<{ data: { id: number }[] }>(
      baseUrl,
      tokens.admin,
      '/api-web/assigned-consultant?page=1&limit=1',
    )
  ).data;
  const [completedImport] = (
    await apiGet<{ data: { id: number }[] }>(baseUrl, tokens.admin, '/api-web/completed-work?page=1&limit=1')
  ).data;
  if (!surveyed || !toSurvey || !consultant || !completedImport) {
    throw new Error(
      'the demo set lacks a surveyed or verified proposal, a consultant or a completed-work import',
    );
  }
  const paths: Partial<Record<RouteName, string>> = {
    'assigned-konsultan-detail': `/assigned-konsultan/detail/${consultant.id}`,
    'data-usulan-survey-form': `/data-usulan-survey/survey/${toSurvey.id}`,
    'pekerjaan-selesai-detail': `/pekerjaan-selesai/detail/${completedImport.id}`,
    'cetak-data-usulan-survey': `/cetak-data-usulan-survey?id=${surveyed.id}`,
  };

  const visits: RouteVisit[] = [];
  for (const route of ROUTES as readonly AppRoute[]) {
    const routePath = paths[route.name as RouteName] ?? route.path;
    if (routePath.includes(':')) throw new Error(`route ${route.name} has no address with ids in planVisits`);
    for (const visitor of visitorsOf(route)) visits.push({ route, visitor, path: routePath });
  }
  return visits;
}

/** The build's chunks (bundle-report/chunks.json, written by npm run build) by file name. */
function readBundleReport(): Map<string, ChunkReport> {
  const file = path.join(ROOT, 'apps/web/bundle-report/chunks.json');
  const chunks = JSON.parse(readFileSync(file, 'utf8')) as ChunkReport[];
  return new Map(chunks.map((chunk) => [chunk.file, chunk]));
}

const QUIET_MS = 500;
const SETTLE_TIMEOUT_MS = 60_000;

/** The route of the table an address belongs to (after redirects, e.g. / to the role's landing). */
function routeAt(pathname: string): AppRoute | undefined {
  return (ROUTES as readonly AppRoute[]).find((route) =>
    new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`).test(pathname),
  );
}

/** The buttons that open a route's forms, pressed once each in the measure. */
const USE_BUTTONS = ['add-button', 'import-button'];

/** Scrolls the page and every scrolling area in it to the end, a view at a time. */
async function scrollThrough(page: Page) {
  for (let step = 0; step < 40; step++) {
    const moved = await page.evaluate(() => {
      const areas = [
        document.scrollingElement,
        ...Array.from(document.querySelectorAll<HTMLElement>('*')).filter(
          (element) =>
            element.scrollHeight > element.clientHeight + 1 &&
            /(auto|scroll)/.test(getComputedStyle(element).overflowY),
        ),
      ].filter((area): area is Element => area !== null);
      let anyMoved = false;
      for (const area of areas) {
        const before = area.scrollTop;
        area.scrollTop = before + area.clientHeight;
        anyMoved ||= area.scrollTop !== before;
      }
      return anyMoved;
    });
    if (!moved) return;
    await page.waitForTimeout(150);
  }
}

/**
 * Opens one route in a fresh browser context (nothing cached) and lists every script it loads until the page
 * has settled, then while it is used (its forms opened, the page scrolled through) until it settles again.
 * Settled: no request for 500 ms, no loader or lazy placeholder on screen and every custom element defined.
 * Network idle alone is not enough on a busy machine: running a large chunk can take longer than 500 ms
 * before the next lazy import asks for more.
 */
export async function measureVisit(
  browser: Browser,
  baseUrl: string,
  visit: RouteVisit,
  token: string | null,
  chunks: Map<string, ChunkReport>,
): Promise<RouteMeasure> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    locale: 'id-ID',
    storageState: {
      cookies: [],
      origins: token ? [{ origin: baseUrl, localStorage: [{ name: 'token', value: token }] }] : [],
    },
  });
  await blockMapTiles(context);
  const page = await context.newPage();
  const scripts = new Set<string>();
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', (request) => {
    inFlight += 1;
    lastActivity = Date.now();
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  const done = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  let landedOn = visit.path;
  const settle = async () => {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${visit.path} as ${visit.visitor} did not settle in 60 s`);
      await page.waitForTimeout(100);
      if (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) continue;
      const isDrawn = await page.evaluate(
        () =>
          (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
          !document.querySelector('.full-page-loader, .content-loader, [aria-busy="true"], :not(:defined)'),
      );
      if (isDrawn && inFlight === 0 && Date.now() - lastActivity >= QUIET_MS) break;
    }
  };
  try {
    await page.goto(`${baseUrl}${visit.path}`);
    await settle();
    landedOn = new URL(page.url()).pathname;
    // Then the route as it is used: its form opened (Tambah Data, Import Data) and the page scrolled through,
    // so the code parts load when they come near the view (the survey form's editors) count too.
    for (const testId of USE_BUTTONS) {
      const button = page.locator(`.page-heading__extra [data-testid="${testId}"]`);
      if ((await button.count()) === 0) continue;
      await button.first().click();
      await settle();
      await page.keyboard.press('Escape');
      await settle();
    }
    await scrollThrough(page);
    await settle();
  } finally {
    await context.close();
  }

  const features = new Set<HeavyFeature>();
  const rows: { file: string; gzipBytes: number }[] = [];
  for (const url of scripts) {
    const file = new URL(url).pathname.replace(/^\//, '');
    const chunk = chunks.get(file);
    for (const feature of chunk?.features ?? []) features.add(feature);
    // The build measured its chunks the same way (gzip of the file); anything else is fetched and gzipped here.
    const gzipBytes =
      chunk?.gzipBytes ?? gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    rows.push({ file, gzipBytes });
  }
  const judgedAs = routeAt(landedOn) ?? visit.route;
  const allowed = FEATURES_ALLOWED[judgedAs.name as RouteName] ?? [];
  return {
    ...visit,
    landedOn,
    scripts: rows.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipKb: rows.reduce((sum, row) => sum + row.gzipBytes, 0) / 1024,
    budgetKb: visit.route.name === 'login' ? LOGIN_BUDGET_KB : ROUTE_BUDGET_KB,
    features: [...features].sort(),
    unexpectedFeatures: [...features].filter((feature) => !allowed.includes(feature)).sort(),
  };
}

/** Measures every visit, a few at a time (each in its own context). */
export async function measureRoutes(
  browser: Browser,
  baseUrl: string,
  visits: RouteVisit[],
  tokens: Record<TRole, string>,
  { concurrency = 3 } = {},
): Promise<RouteMeasure[]> {
  const chunks = readBundleReport();
  const results: RouteMeasure[] = new Array(visits.length);
  let next = 0;
  const worker = async () => {
    while (next < visits.length) {
      const index = next;
      next += 1;
      const visit = visits[index]!;
      const token = visit.visitor === 'guest' ? null : tokens[visit.visitor];
      results[index] = await measureVisit(browser, baseUrl, visit, token, chunks);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

export const isWithinBudget = (row: RouteMeasure) =>
  row.gzipKb < row.budgetKb && row.unexpectedFeatures.length === 0;

const verdictOf = (row: RouteMeasure) => (isWithinBudget(row) ? 'PASS' : 'FAIL');

/** route | role | KB | budget | heavy features | PASS/FAIL, as a Markdown table. */
export function routeBudgetTable(rows: RouteMeasure[]): string {
  const lines = [
    '| route | role | JS gzip | budget | heavy features | verdict |',
    '| --- | --- | ---: | ---: | --- | --- |',
  ];
  for (const row of rows) {
    const features = [
      ...row.features.filter((feature) => !row.unexpectedFeatures.includes(feature)),
      ...row.unexpectedFeatures.map((feature) => `${feature} (not allowed)`),
    ];
    const address = row.landedOn === row.path.split('?')[0] ? row.path : `${row.path} → ${row.landedOn}`;
    lines.push(
      `| ${address} | ${row.visitor} | ${row.gzipKb.toFixed(1)} KB | ${row.budgetKb} KB | ${features.join(', ') || '-'} | ${verdictOf(row)} |`,
    );
  }
  return lines.join('\n');
}
