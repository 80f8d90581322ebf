import assert from 'node:assert/strict';
import type { Page, Route } from 'playwright-core';

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
  const handler = async (route: Route) => {
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
  await page.route(pattern, handler);
  return {
    async release() {
      release();
      await page.unroute(pattern, handler);
    },
  };
}
