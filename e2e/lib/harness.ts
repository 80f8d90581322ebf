import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ensureServerBuild, SERVER_BUNDLE } from '../../apps/server/scripts/build.ts';
import { watchForFailureReport } from './failure-report.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
export const DEMO_PASSWORD = 'demo1234';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The tile address the e2e server hands to maps; never reachable (see blockMapTiles). */
export const MAP_TILE_URL_E2E = 'https://tiles.e2e.invalid/{z}/{y}/{x}.png';

/**
 * Aborts every map tile request of a browser context (the e2e tile host and the default public service), so
 * maps render their lines without tiles and tests never depend on the internet (DESIGN §4).
 */
export async function blockMapTiles(context: BrowserContext) {
  await context.route(/^https:\/\/(tiles\.e2e\.invalid|server\.arcgisonline\.com)\//, (route) =>
    route.abort(),
  );
}

export interface RunningServer {
  url: string;
  /** Everything the server printed, e.g. the generated admin password. */
  output(): string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** The admin's password of every server started from the demo template (tests sign in with it). */
export const E2E_ADMIN_PASSWORD = 'Admin12345';

/**
 * A data directory with the demo set made by a first start, copied for every server that needs no first
 * start of its own: making one (PGlite's initdb, the migrations, the demo set) takes 7-9 s, starting on a
 * copy 2 s. Named after what makes it (the server bundle, the migrations, the admin's password) and the day
 * (the demo set's dates are relative to today), so a change or a new day makes a new one.
 */
async function demoTemplate(env: Record<string, string>): Promise<string> {
  const migrations = path.join(ROOT, 'apps/server/src/db/migrations');
  const identity = createHash('sha1')
    .update(
      JSON.stringify([
        statSync(SERVER_BUNDLE).mtimeMs,
        readdirSync(migrations).map((name) => [name, statSync(path.join(migrations, name)).mtimeMs]),
        env.ADMIN_PASSWORD,
        new Date().toISOString().slice(0, 10),
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  const template = path.join(tmpdir(), `eusulan-e2e-template-${identity}`);
  if (existsSync(template)) return template;
  const making = mkdtempSync(`${template}-making-`);
  const first = await launchServer(making, env);
  await first.stop({ keepData: true });
  try {
    // A rename, so a suite never copies a template that is still being written.
    renameSync(making, template);
  } catch (error) {
    // Another suite made the same one meanwhile: its copy serves.
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  return template;
}

/**
 * The production server (built web app + API) on an embedded database with the demo set: a copy of the
 * demo template, or with `{ firstStart: true }` a database made by this start (the generated admin password
 * is printed then only). The web app must be built (npm run build) before the suite runs; the server's
 * bundle is rebuilt when stale.
 */
export async function startServer(
  env: Record<string, string> = {},
  { firstStart = false } = {},
): Promise<RunningServer> {
  await ensureServerBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-e2e-'));
  if (firstStart) return launchServer(dataDir, env);
  const withAdmin = { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, ...env };
  cpSync(await demoTemplate(withAdmin), dataDir, { recursive: true });
  return launchServer(dataDir, withAdmin);
}

async function launchServer(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Maps draw on tiles from this host; blockMapTiles aborts its requests, so no test needs the internet.
      MAP_TILE_URL: MAP_TILE_URL_E2E,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within 60 s:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What Chromium writes to a page's console when the server's Content-Security- or Permissions-Policy refuses. */
export const POLICY_VIOLATION = /Content Security Policy|Permissions-Policy|Permissions policy/i;

/** Each watched context's policy messages, and the ones its suite provokes on purpose. */
const policyMessages = new Map<BrowserContext, string[]>();
const expectedViolations = new WeakMap<BrowserContext, RegExp[]>();

/** Policy messages a suite provokes on purpose (hostile data), which its context's close then lets pass. */
export function expectPolicyViolations(context: BrowserContext, pattern: RegExp) {
  expectedViolations.set(context, [...(expectedViolations.get(context) ?? []), pattern]);
}

/** The context's policy messages so far that no expectPolicyViolations pattern accounts for. */
export function policyViolationsOf(context: BrowserContext): string[] {
  const expected = expectedViolations.get(context) ?? [];
  return (policyMessages.get(context) ?? []).filter(
    (text) => !expected.some((pattern) => pattern.test(text)),
  );
}

/**
 * Every browser context of the suites watches its pages' consoles for policy violations, so any flow that
 * the server's CSP breaks (an inline script, a worker, a tile host) fails its suite. At the context's close
 * (or the browser's, for contexts left open) the messages are printed and the suite's process exits with 1,
 * which node's runner reports as a failure of the file; a throw there would skip the rest of an after hook
 * (the server's stop) and leave the suite hanging.
 */
function failOnPolicyViolations(browser: Browser): Browser {
  const report = (context: BrowserContext) => {
    const violations = policyViolationsOf(context);
    policyMessages.delete(context);
    if (!violations.length) return;
    process.exitCode = 1;
    console.error(`policy violations in the browser:\n${violations.join('\n')}`);
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchForFailureReport(context);
    policyMessages.set(context, []);
    context.on('console', (message) => {
      if (POLICY_VIOLATION.test(message.text())) policyMessages.get(context)?.push(message.text());
    });
    const closeContext = context.close.bind(context);
    context.close = async (closeOptions) => {
      await closeContext(closeOptions);
      report(context);
    };
    return context;
  };
  const closeBrowser = browser.close.bind(browser);
  browser.close = async (closeOptions) => {
    await closeBrowser(closeOptions);
    for (const context of [...policyMessages.keys()]) report(context);
  };
  return browser;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
  return failOnPolicyViolations(browser);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
