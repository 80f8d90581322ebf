import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { expectPath, login, solveBotCheck } from '../lib/flows.ts';
import {
  E2E_ADMIN_PASSWORD,
  expectPolicyViolations,
  launchBrowser,
  policyViolationsOf,
  type RunningServer,
  screenshot,
  startServer,
} from '../lib/harness.ts';

/**
 * The app under the server's Content-Security-Policy in Chromium: scripts only from the server (the built
 * index.html has no inline script, so the policy lists no hash), the altcha proof of work runs in its blob: worker, the maps load their tiles, and nothing is refused
 * (every suite's contexts fail on a policy message, lib/harness.ts; this one also shows that they see one).
 */

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'altcha' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A desktop context whose map tiles are answered (empty) rather than fetched from the internet. */
async function desktop(): Promise<{ context: BrowserContext; tilesRequested: () => number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'id-ID' });
  let tiles = 0;
  // A tile the policy refused would never reach the network, so a count above zero shows the host allowed.
  await context.route(/^https:\/\/tiles\.e2e\.invalid\//, (route) => {
    tiles += 1;
    return route.fulfill({ status: 204 });
  });
  return { context, tilesRequested: () => tiles };
}

describe('the app under its Content-Security-Policy', () => {
  it('boots, solves the bot check, signs in and draws the maps with nothing refused', async () => {
    const { context, tilesRequested } = await desktop();
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/login`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    assert.equal(scriptSources.trim(), "'self'");
    assert.match(policy, /frame-ancestors 'none'/);

    // The loader of index.html is replaced by the app: the entry script ran.
    await page.getByTestId('login-username').waitFor();
    await solveBotCheck(page);
    await screenshot(page, 'csp-login');

    await login(page, server.url, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${server.url}/maps`);
    await expectPath(page, '/maps');
    await page.waitForSelector('[data-testid="dashboard-map"][data-ready="true"]', { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll('img.leaflet-tile').length > 0);
    assert.ok(tilesRequested() > 0, 'the map asked for its tiles');
    await screenshot(page, 'csp-maps');
    assert.deepEqual(policyViolationsOf(context), []);
    await context.close();
  });

  it('refuses an injected inline script, and the suites would see it', async () => {
    const { context } = await desktop();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-username').waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    assert.equal(ran, false);
    const refusal = /^Executing inline script violates the following Content Security Policy directive/;
    await page.waitForTimeout(200);
    assert.equal(policyViolationsOf(context).filter((text) => refusal.test(text)).length, 1);
    // Provoked here on purpose; any other message still fails the suite at close.
    expectPolicyViolations(context, refusal);
    assert.deepEqual(policyViolationsOf(context), []);
    await context.close();
  });
});
