import assert from 'node:assert/strict';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Browser, BrowserContext, Page, Route, ViewportSize } from 'playwright-core';
import { blockMapTiles, DEMO_PASSWORD, E2E_ADMIN_PASSWORD } from './harness.ts';

/** Solves the bot check when the login page shows one (altcha: a checkbox that runs proof of work). */
export async function solveBotCheck(page: Page) {
  // The page renders the widget once the captcha settings arrive; with no bot check Masuk just turns enabled.
  await page.waitForFunction(
    () =>
      document.querySelector('altcha-widget') !== null ||
      document.querySelector('[data-testid="login-submit"]:not([disabled])') !== null,
  );
  const widget = page.locator('altcha-widget');
  if ((await widget.count()) === 0) return;
  // The widget draws its own box over the native checkbox, so the label is what a person clicks.
  await widget.locator('label').click();
  await page.locator('[data-testid="login-submit"]:not([disabled])').waitFor({ timeout: 30_000 });
}

/** Fills the login form and presses Enter in the password field (spec: Enter submits). */
export async function login(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await solveBotCheck(page);
  await page.getByTestId('login-password').press('Enter');
}

/** The demo set's users the flows sign in as: each one's password and the page it lands on after signing in. */
export const DEMO_USERS = {
  admin: { password: E2E_ADMIN_PASSWORD, landing: '/master/jalan' },
  konsultan1: { password: DEMO_PASSWORD, landing: '/perlu-koreksi' },
  konsultan2: { password: DEMO_PASSWORD, landing: '/perlu-koreksi' },
  struktural1: { password: DEMO_PASSWORD, landing: '/perlu-approval' },
  umum1: { password: DEMO_PASSWORD, landing: '/maps' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/** Signs in through the API as the browser would (solving the altcha check when the server asks for one). */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/api/auth/captcha-config`)).json()) as {
    data: { provider: string };
  };
  let recaptcha = '';
  if (config.data.provider === 'altcha') {
    const challenge = await (await fetch(`${baseUrl}/api/auth/captcha`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    recaptcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, recaptcha }),
  });
  if (!response.ok) throw new Error(`login of ${username} failed: ${response.status}`);
  return ((await response.json()) as { data: { auth: { accessToken: string } } }).data.auth.accessToken;
}

/** Signs a demo user in on this page through the login form and waits for the user's landing page. */
export async function signInAs(page: Page, baseUrl: string, user: DemoUser) {
  await login(page, baseUrl, user, DEMO_USERS[user].password);
  await expectPath(page, DEMO_USERS[user].landing);
}

export interface OpenAsOptions {
  browser: Browser;
  server: { url: string };
  /** 1366 x 860 unless given. */
  viewport?: ViewportSize;
  /** Listeners, routes and init scripts that must be in place before the first page loads. */
  prepare?: (context: BrowserContext, page: Page) => unknown;
  /**
   * 'form' (the default) signs in through the login form and waits for the landing page; 'token' stores a
   * token from the API before any page loads and opens nothing (a signed-in first visit, with an empty cache).
   */
  signIn?: 'form' | 'token';
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

/**
 * A browser context of its own (Indonesian locale, map tiles blocked) with one page signed in as a demo user:
 * what every flow starts from. Close it with `context.close()`.
 */
export async function openAs(
  user: DemoUser,
  { browser, server, viewport = { width: 1366, height: 860 }, prepare, signIn: via = 'form' }: OpenAsOptions,
): Promise<Session> {
  const token = via === 'token' ? await signIn(server.url, user, DEMO_USERS[user].password) : null;
  const context = await browser.newContext({
    viewport,
    locale: 'id-ID',
    storageState: token
      ? { cookies: [], origins: [{ origin: server.url, localStorage: [{ name: 'token', value: token }] }] }
      : undefined,
  });
  await blockMapTiles(context);
  const page = await context.newPage();
  await prepare?.(context, page);
  if (via === 'form') await signInAs(page, server.url, user);
  return { context, page };
}

export async function logout(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await page.waitForURL(/\/login$/);
}

export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  assert.equal(new URL(page.url()).pathname, path);
}

/**
 * Waits until requests are done and no finite CSS animation runs (antd modals zoom in and out).
 * Endless animations (spinners, pulsing badges) never finish, so they are left out; if a finite one is
 * still running after 10 s, the error names it instead of a bare timeout.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const runningAnimations = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => {
          if (animation.playState !== 'running') return false;
          const end = animation.effect?.getComputedTiming().endTime;
          return end !== undefined && Number.isFinite(Number(end));
        })
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const name =
            (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty;
          return `${name ?? 'animation'} on ${target?.className || target?.tagName || '?'}`;
        }),
    );
  const deadline = Date.now() + 10_000;
  let running = await runningAnimations();
  while (running.length > 0) {
    if (Date.now() > deadline) throw new Error(`settle: animations still running: ${running.join('; ')}`);
    await page.waitForTimeout(50);
    running = await runningAnimations();
  }
}

/** GET with the page's own token: what the server answers the signed-in user (its envelope's data). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (address) => {
    const response = await fetch(address, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    if (!response.ok) throw new Error(`${address}: ${response.status}`);
    return ((await response.json()) as { data: unknown }).data;
  }, url) as Promise<T>;
}

/**
 * Holds the answers of GET jobs/:id that say a job has ended until release(), so a test sees (and
 * photographs) the progress of a background job that the demo data lets finish within a second. Answers of
 * a job still queued or running pass at once.
 */
export async function holdFinishedJobs(page: Page) {
  const pattern = '**/api-web/jobs/*';
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Answers still held or on their way at release: awaited before the route goes, so none is fulfilled
  // after its page moved on (Playwright then throws 'Route is already handled').
  const inFlight = new Set<Promise<void>>();
  const answer = async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    let status: string | undefined;
    try {
      status = (JSON.parse(body) as { data?: { status?: string } }).data?.status;
    } catch {
      // Not a job's envelope: passed on as it is.
    }
    if (status === 'done' || status === 'failed') await released;
    await route.fulfill({ response, body });
  };
  const handler = (route: Route) => {
    const answered = answer(route);
    inFlight.add(answered);
    return answered.finally(() => inFlight.delete(answered));
  };
  await page.route(pattern, handler);
  return {
    async release() {
      release();
      await Promise.allSettled([...inFlight]);
      await page.unroute(pattern, handler);
    },
  };
}
