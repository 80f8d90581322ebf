// The dashboard budgets on PostgreSQL, at the budget's size: 300,000 proposal lines and 100,000 completed-work
// lines (`--proposals=784000 --works=100000`: generate.ts's set, 240,000 proposals surveyed with lines; the
// defaults, the shared 1,000,000-proposal set, hold 383,000 lines and 200,000 works): GET
// /api-web/dashboard/completed-work for all years answers in under 1 s (server time: request to last byte);
// both layers together, what /maps loads, are under 10 MB on the wire; /maps in headless Chromium (tiles off)
// goes from navigation to every line drawn in under 3 s; and no task runs over 200 ms while the map is panned.
// Needs TEST_DATABASE_URL, the built web app (npm run build -w @eusulan/web) and Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium; playwright-core comes with the e2e workspace).
//
// Data: the generated set of generate.ts with survey details (survey-details.ts: every submitted survey has
// one or two surveyed roads with a drawn line), plus completed-work lines (completed-work-lines.ts: 10 to 40
// points around Surabaya in a few imports). A set that already has the asked number of them is reused.
// The server runs as its own production process (server-process.ts), so responses are compressed; on start
// it encodes the lines the INSERT above left without (fill-encoded-lines.ts). Each call is timed serially with
// `accept-encoding: br, gzip`: the first call (cold: built from the database and compressed; the budget) and
// --runs repeats (served from the server's cache of compressed layers), its compressed and uncompressed bytes
// counted, then repeated with If-None-Match (304); first in the compact form /maps asks for
// (format=encoded), then in the default form of spec §3's shapes, whose sizes are printed beside. Chromium then loads /maps with the admin's token in
// localStorage and every request that is not to the server aborted (no tiles); the time is performance.now()
// (from navigation start) once both counts equal the API's, the lines layer has drawn and two frames painted.
// Then the map is dragged for --pan-seconds while a PerformanceObserver records long tasks.
//
// Flags: --quick (the quick set of options.ts; also BENCH_QUICK=1), --proposals=N, --works=N,
// --database=NAME and --keep (reuse/keep the database), --runs=N (timed calls, default 5), --pan-seconds=S
// (default 4), --no-browser (HTTP only), --strict (exit 1 on a miss), --only=dashboard.
import { existsSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type BenchDatabase, openBenchDatabase } from './bench-database.ts';
import { ensureCompletedWorks } from './completed-work-lines.ts';
import { prepareBenchSet } from './generate.ts';
import {
  databaseNameOf,
  defaultFromYear,
  FULL_SET,
  isQuick,
  onlyKeys,
  positiveInt,
  QUICK_SET,
  requireServerUrl,
} from './options.ts';
import { ms, percentile, verdict } from './report.ts';
import { type ServerProcess, signInAdmin, startServer } from './server-process.ts';

const yearsFrom = (fromYear: number) =>
  Array.from({ length: new Date().getFullYear() - fromYear + 1 }, (_, n) => fromYear + n);

const BUDGET = {
  completedWorkMs: 1000,
  completedWorkWireMb: 8,
  /** Both layers together, what /maps loads. */
  mapsWireMb: 10,
  mapsDrawnMs: 3000,
  panLongTaskMs: 200,
  /** Its set: 300,000 proposal lines and 100,000 completed-work lines. */
  proposalLines: 300_000,
  workLines: 100_000,
};
const DESKTOP = { width: 1366, height: 860 };
/** The production server serves /maps from here (npm run build -w @eusulan/web). */
const WEB_INDEX = new URL('../../web/dist/index.html', import.meta.url);

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function readOptions() {
  const { values } = parseArgs({
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      proposals: { type: 'string' },
      works: { type: 'string' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      runs: { type: 'string' },
      'pan-seconds': { type: 'string' },
      'no-browser': { type: 'boolean', default: false },
      only: { type: 'string' },
      strict: { type: 'boolean', default: false },
    },
  });
  const quick = isQuick(values.quick);
  onlyKeys(values.only, ['dashboard']); // its one key: refuses others
  const database = databaseNameOf(values.database);
  return {
    quick,
    proposals: positiveInt('proposals', values.proposals, (quick ? QUICK_SET : FULL_SET).proposals),
    works: positiveInt('works', values.works, (quick ? QUICK_SET : FULL_SET).works),
    database,
    keep: values.keep || Boolean(database),
    runs: positiveInt('runs', values.runs, quick ? 3 : 5),
    panSeconds: positiveInt('pan-seconds', values['pan-seconds'], quick ? 2 : 4),
    browser: !values['no-browser'],
    strict: values.strict,
  };
}

/** Proposals whose newest submitted survey has a surveyed road with a drawn line (what the map draws). */
async function surveyedWithLines(bench: BenchDatabase) {
  const { rows } = await bench.pool.query<{ count: number }>(
    `select count(distinct s.proposal_id)::int as count
     from surveys s join survey_roads r on r.survey_id = s.id
     where not s.is_draft and jsonb_array_length(r.draw_line) > 0`,
  );
  return rows[0]?.count ?? 0;
}

interface Fetched {
  status: number;
  ms: number;
  wireBytes: number;
  encoding: string;
  etag: string;
  body: Buffer;
}

/** One GET through node:http, so the compressed bytes are counted as they arrive (fetch would inflate). */
function get(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    // A connection of its own: a kept-alive socket idle past the server's keep-alive timeout (the minimal
    // encoding blocks this process for a while between calls) would be reset under the next request.
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const elapsed = performance.now() - startedAt;
        const raw = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        const body =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({
          status: response.statusCode ?? 0,
          ms: elapsed,
          wireBytes: raw.length,
          encoding,
          etag: String(response.headers.etag ?? ''),
          body,
        });
      });
    });
    request.on('error', reject);
  });
}

interface CallFigures {
  path: string;
  items: number;
  lines: number;
  coldMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** The first answer's bytes (brotli 3). */
  wireBytes: number;
  /** Once the server has made the body again at its deeper setting. */
  settledWireBytes: number;
  rawBytes: number;
  encoding: string;
  notModifiedMs: number;
}

async function measureCall(server: ServerProcess, path: string, auth: Record<string, string>, runs: number) {
  const url = `${server.url}${path}`;
  const headers = { ...auth, accept: 'application/json', 'accept-encoding': 'br, gzip' };
  const first = await get(url, headers);
  if (first.status !== 200)
    throw new Error(`${path}: ${first.status} ${first.body.toString().slice(0, 500)}`);
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) timings.push((await get(url, headers)).ms);
  const notModified: number[] = [];
  for (let i = 0; i < runs; i++) {
    const answer = await get(url, { ...headers, 'if-none-match': first.etag });
    if (answer.status !== 304) throw new Error(`${path} with If-None-Match: ${answer.status}, not 304`);
    notModified.push(answer.ms);
  }
  // The server makes the cached br body again, smaller, in the background (layer-body-cache.ts): what a browser
  // gets once it has.
  let settled = first.wireBytes;
  for (let attempt = 0; attempt < 60; attempt++) {
    const answer = await get(url, headers);
    if (answer.wireBytes < first.wireBytes) {
      settled = answer.wireBytes;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const data = (JSON.parse(first.body.toString()) as { data: { lines?: string[] }[] }).data;
  // The compact form's encoded lines; the spec form (the default) has points, counted by items only.
  const lines = data.flatMap((item) => item.lines ?? []);
  return {
    figures: {
      path,
      items: data.length,
      lines: lines.length,
      /** The first call after the server started: nothing cached, built from the database. */
      coldMs: first.ms,
      medianMs: median(timings),
      minMs: Math.min(...timings),
      maxMs: Math.max(...timings),
      wireBytes: first.wireBytes,
      settledWireBytes: settled,
      rawBytes: first.body.length,
      encoding: first.encoding,
      notModifiedMs: median(notModified),
    } satisfies CallFigures,
    token: auth.authorization?.replace(/^Bearer /, '') ?? '',
  };
}

interface BrowserFigures {
  drawnMs: number;
  proposalsResponseEnd: number;
  worksResponseEnd: number;
  loadLongestTaskMs: number;
  pan: { drags: number; longTasks: number; longestMs: number; totalMs: number };
  heapMb: number | null;
  view: { zoom: number };
}

async function measureBrowser(
  server: ServerProcess,
  token: string,
  expected: { proposals: number; works: number },
  panSeconds: number,
): Promise<BrowserFigures> {
  let playwright: typeof import('playwright-core');
  try {
    playwright = await import('playwright-core');
  } catch {
    throw new Error(
      'playwright-core is not installed (npm install at the repository root installs it for e2e)',
    );
  }
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // The bench's waits are text the page's Content-Security-Policy would refuse to evaluate ('unsafe-eval').
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'id-ID', bypassCSP: true });
    // Tiles off: everything that is not the server (the tile hosts) is aborted, as e2e's blockMapTiles does.
    await context.route(
      (url) => url.origin !== server.url,
      (route) => route.abort(),
    );
    // Long tasks from the first script on; the pan reads only those that start after it began. The page's
    // code is passed as text: the server's TypeScript has no DOM library.
    await context.addInitScript({
      content: `window.__benchLongTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });`,
    });
    const page = await context.newPage();
    // The token goes in on a light page of the same origin (login), then /maps is the measured navigation.
    await page.goto(`${server.url}/login`);
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    // The layers are fetched by the page's Web Workers (layer-loader.ts), whose calls the page's resource
    // timing does not list: their ends are taken from the browser's network events instead.
    const layerEnds = new Map<string, number>();
    context.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      const timing = request.timing();
      if (timing.responseEnd >= 0) layerEnds.set(pathname, timing.startTime + timing.responseEnd);
    });
    await page.goto(`${server.url}/maps`, { waitUntil: 'commit' });
    await page.waitForFunction(
      `(() => {
        const map = document.querySelector('[data-testid="dashboard-map"]');
        return map?.getAttribute('data-ready') === 'true' &&
          Number(map.getAttribute('data-drawn-items')) === ${expected.proposals + expected.works} &&
          Number(map.getAttribute('data-proposal-lines')) === ${expected.proposals} &&
          Number(map.getAttribute('data-work-lines')) === ${expected.works};
      })()`,
      undefined,
      { timeout: 180_000, polling: 'raf' },
    );
    // The lines layer marks its first full draw; two frames later it is on screen.
    const drawnMs = await page.evaluate<number>(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))))',
    );
    const timing = await page.evaluate<{
      timeOrigin: number;
      longest: number;
      heapMb: number | null;
      zoom: number | null;
    }>(`(() => {
      const tasks = window.__benchLongTasks;
      return {
        timeOrigin: performance.timeOrigin,
        longest: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
        heapMb: performance.memory ? performance.memory.usedJSHeapSize / 1024 / 1024 : null,
        zoom: window.__eusulanMaps?.view().zoom ?? null,
      };
    })()`);

    // Let the fit and its delayed invalidateSize settle before panning.
    await page.waitForTimeout(1000);
    const box = await page.getByTestId('dashboard-map').boundingBox();
    if (!box) throw new Error('no dashboard map on the page');
    const panStart = await page.evaluate<number>('performance.now()');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const moves: [number, number][] = [
      [220, 0],
      [0, 160],
      [-220, 0],
      [0, -160],
    ];
    let drags = 0;
    const until = Date.now() + panSeconds * 1000;
    while (Date.now() < until) {
      const [dx, dy] = moves[drags % moves.length] ?? [0, 0];
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + dx, centre.y + dy, { steps: 12 });
      await page.mouse.up();
      drags++;
      await page.waitForTimeout(150);
    }
    // The redraw after the last drag's moveend.
    await page.waitForTimeout(500);
    const pan = await page.evaluate<{ longTasks: number; longestMs: number; totalMs: number }>(`(() => {
      const tasks = window.__benchLongTasks.filter((task) => task.start >= ${panStart});
      return {
        longTasks: tasks.length,
        longestMs: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
        totalMs: tasks.reduce((sum, task) => sum + task.duration, 0),
      };
    })()`);
    await context.close();
    return {
      drawnMs,
      proposalsResponseEnd: (layerEnds.get('/api-web/dashboard') ?? Number.NaN) - timing.timeOrigin,
      worksResponseEnd:
        (layerEnds.get('/api-web/dashboard/completed-work') ?? Number.NaN) - timing.timeOrigin,
      loadLongestTaskMs: timing.longest,
      pan: { drags, ...pan },
      heapMb: timing.heapMb,
      view: { zoom: timing.zoom ?? Number.NaN },
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const options = readOptions();
  const serverUrl = requireServerUrl('dashboard bench');
  const bench = await openBenchDatabase(serverUrl, options.database);
  let server: ServerProcess | undefined;
  let failed = false;
  try {
    // The set every bench shares (generate.ts), so a database made by one serves the others.
    await prepareBenchSet(bench, {
      proposals: options.proposals,
      consultants: 50,
      fromYear: defaultFromYear(),
      works: options.works,
    });
    const surveyed = await surveyedWithLines(bench);
    const works = await ensureCompletedWorks(bench, options.works, undefined, {
      years: yearsFrom(defaultFromYear()),
    });
    const {
      rows: [pgInfo],
    } = await bench.pool.query<{ server_version: string }>('show server_version');
    console.log(
      `\ndashboard bench: ${options.proposals.toLocaleString('en')} proposals, ${surveyed.toLocaleString('en')} surveyed with lines, ` +
        `${options.works.toLocaleString('en')} completed-work lines (${works.points.toLocaleString('en')} points), ` +
        `PostgreSQL ${pgInfo?.server_version}, database ${bench.name}\n`,
    );

    server = await startServer(bench.url);
    const auth = await signInAdmin(server.url);
    // What /maps loads: the compact form (format=encoded); the spec's shapes (the default) after.
    const workCall = await measureCall(
      server,
      '/api-web/dashboard/completed-work?format=encoded',
      auth,
      options.runs,
    );
    const proposalCall = await measureCall(server, '/api-web/dashboard?format=encoded', auth, options.runs);
    if (
      !options.quick &&
      (proposalCall.figures.lines < BUDGET.proposalLines || workCall.figures.lines < BUDGET.workLines)
    ) {
      console.log(
        `note: ${proposalCall.figures.lines} proposal and ${workCall.figures.lines} work lines; the budget's set has ${BUDGET.proposalLines} and ${BUDGET.workLines}`,
      );
    }
    const specWorkCall = await measureCall(server, '/api-web/dashboard/completed-work', auth, options.runs);
    const specProposalCall = await measureCall(server, '/api-web/dashboard', auth, options.runs);

    console.log(
      `| call (all years) | items (lines) | first call (cold) | repeats: median (min-max, ${options.runs} runs) | on the wire: first -> cached | uncompressed | 304 median | budget |`,
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|---|');
    for (const call of [workCall.figures, proposalCall.figures]) {
      const isWork = call.path.includes('completed-work');
      const misses = isWork
        ? [
            Math.max(call.coldMs, call.medianMs) >= BUDGET.completedWorkMs
              ? `${ms(Math.max(call.coldMs, call.medianMs))} >= ${BUDGET.completedWorkMs} ms`
              : '',
            call.settledWireBytes >= BUDGET.completedWorkWireMb * 1024 * 1024
              ? `${mb(call.settledWireBytes)} >= ${BUDGET.completedWorkWireMb} MB`
              : '',
          ].filter(Boolean)
        : [];
      failed ||= misses.length > 0;
      console.log(
        `| GET ${call.path} | ${call.items.toLocaleString('en')} (${call.lines.toLocaleString('en')}) | ${ms(call.coldMs)} | ${ms(call.medianMs)} (${ms(call.minMs)}-${ms(call.maxMs)}) | ${mb(call.wireBytes)} -> ${mb(call.settledWireBytes)} (${call.encoding}) | ${mb(call.rawBytes)} | ${ms(call.notModifiedMs)} | ${isWork ? `< ${BUDGET.completedWorkMs} ms, < ${BUDGET.completedWorkWireMb} MB: ${verdict(misses)}` : 'none of its own (feeds /maps)'} |`,
      );
    }

    const wireBytes = workCall.figures.settledWireBytes + proposalCall.figures.settledWireBytes;
    const payloadMisses =
      wireBytes >= BUDGET.mapsWireMb * 1024 * 1024 ? [`${mb(wireBytes)} >= ${BUDGET.mapsWireMb} MB`] : [];
    failed ||= payloadMisses.length > 0;
    console.log(
      `| both layers (what /maps loads) | | | | ${mb(wireBytes)} | | | < ${BUDGET.mapsWireMb} MB: ${verdict(payloadMisses)} |`,
    );

    console.log(
      '\n| default form (spec §3 shapes) vs compact (format=encoded) | items | first call (cold) | repeats: median | on the wire: kept | uncompressed | kept bytes / compact |',
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|');
    for (const [spec, compact] of [
      [specWorkCall.figures, workCall.figures],
      [specProposalCall.figures, proposalCall.figures],
    ] as const) {
      console.log(
        `| GET ${spec.path} | ${spec.items.toLocaleString('en')} | ${ms(spec.coldMs)} (compact ${ms(compact.coldMs)}) | ${ms(spec.medianMs)} (compact ${ms(compact.medianMs)}) | ${mb(spec.settledWireBytes)} (compact ${mb(compact.settledWireBytes)}) | ${mb(spec.rawBytes)} (compact ${mb(compact.rawBytes)}) | ${(spec.settledWireBytes / compact.settledWireBytes).toFixed(2)} |`,
      );
    }

    if (options.browser && !existsSync(WEB_INDEX)) {
      console.log('\nChromium part skipped: build the web app first (npm run build -w @eusulan/web).');
    } else if (options.browser) {
      const figures = await measureBrowser(
        server,
        workCall.token,
        { proposals: proposalCall.figures.items, works: workCall.figures.items },
        options.panSeconds,
      );
      const drawnMisses =
        figures.drawnMs >= BUDGET.mapsDrawnMs ? [`${ms(figures.drawnMs)} >= ${BUDGET.mapsDrawnMs} ms`] : [];
      const panMisses =
        figures.pan.longestMs > BUDGET.panLongTaskMs
          ? [`longest task ${ms(figures.pan.longestMs)} > ${BUDGET.panLongTaskMs} ms`]
          : [];
      failed ||= drawnMisses.length > 0 || panMisses.length > 0;
      console.log('\n| Chromium (headless, tiles off, 1366x860) | figure | budget |');
      console.log('|---|--:|---|');
      console.log(
        `| /maps navigation -> ${proposalCall.figures.items.toLocaleString('en')} proposal + ${workCall.figures.items.toLocaleString('en')} work lines drawn | ${ms(figures.drawnMs)} | < ${BUDGET.mapsDrawnMs} ms: ${verdict(drawnMisses)} |`,
      );
      console.log(
        `| (responses complete: proposals / completed works) | ${ms(figures.proposalsResponseEnd)} / ${ms(figures.worksResponseEnd)} | |`,
      );
      console.log(`| (longest task while loading) | ${ms(figures.loadLongestTaskMs)} | |`);
      console.log(
        `| pan: ${figures.pan.drags} drags in ${options.panSeconds} s at zoom ${figures.view.zoom}, longest task (${figures.pan.longTasks} long tasks, ${ms(figures.pan.totalMs)} in all) | ${ms(figures.pan.longestMs)} | <= ${BUDGET.panLongTaskMs} ms: ${verdict(panMisses)} |`,
      );
      if (figures.heapMb !== null)
        console.log(`| (JS heap after drawing) | ${figures.heapMb.toFixed(0)} MB | |`);
    }
  } finally {
    await server?.stop();
    const drop = bench.created && !options.keep;
    await bench.close({ drop });
    if (!drop) console.log(`\ndatabase ${bench.name} kept; reuse it with --database=${bench.name}`);
  }
  if (failed && options.strict) process.exitCode = 1;
}

await main();
