// A signed-in first visit (a stored token, an empty cache): the router loads the profile, the address's code
// (route lazy) and the screen's first data (route loaders, ensureQueryData) while index.html's splash shows;
// main.tsx renders once the router's first navigation is done, so React replaces the splash with the whole
// screen, rows and filter lists included, not a loader, then the screen, then its rows. Lazily loaded chunks'
// imports are fetched as the browser reads them, without a modulepreload link each. And a guest opening a
// signed-in address fetches only the login page's code. Needs `npm run build`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openAs } from '../lib/flows.ts';
import { launchBrowser, ROOT, type RunningServer, startServer } from '../lib/harness.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** What an element held when React added it to #root: its class and whether the probe matched inside it. */
interface Added {
  className: string;
  hasProbe: boolean;
}

/** Opens address with the admin's stored token and notes each element React adds to #root. */
async function firstVisit(
  address: string,
  probe: string,
): Promise<{ page: Page; added: () => Promise<Added[]> }> {
  const { page } = await openAs('admin', {
    browser,
    server,
    signIn: 'token',
    viewport: { width: 1366, height: 800 },
    prepare: (context) =>
      context.addInitScript((selector) => {
        const added: Added[] = [];
        (window as unknown as { addedToRoot: Added[] }).addedToRoot = added;
        document.addEventListener('DOMContentLoaded', () => {
          const root = document.getElementById('root');
          if (!root) return;
          new MutationObserver((records) => {
            for (const record of records) {
              record.addedNodes.forEach((node) => {
                if (!(node instanceof Element)) return;
                added.push({ className: node.className, hasProbe: node.querySelector(selector) !== null });
              });
            }
          }).observe(root, { childList: true });
        });
      }, probe),
  });
  await page.goto(`${server.url}${address}`);
  return {
    page,
    added: () => page.evaluate(() => (window as unknown as { addedToRoot: Added[] }).addedToRoot),
  };
}

/** The modulepreload links of the built index.html: the entry's own imports. */
function indexPreloads(): string[] {
  const html = readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8');
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1] as string,
  );
}

describe('a signed-in first visit', () => {
  it('replaces the splash with the whole /usulan screen, its rows included', async () => {
    const { page, added } = await firstVisit('/usulan', '.ant-table-row');
    await page.locator('.ant-table-row').first().waitFor();
    const [first, ...rest] = await added();
    // The shell itself, not React's loader, and with the rows: they did not come in a render of their own.
    // A part of the frame that loads later may add a sibling after the shell.
    assert.match(first?.className ?? '', /ant-layout/);
    assert.equal(first?.hasProbe, true, 'the first page of rows is in the first render');
    assert.equal(rest.filter((element) => element.className.includes('full-page-loader')).length, 0);
    await page.context().close();
  });

  it('draws /maps with its filter lists in the first render, not the page loader', async () => {
    const { page, added } = await firstVisit('/maps', '[data-testid="maps-page"]');
    await page.getByTestId('maps-page').waitFor();
    const [first] = await added();
    assert.match(first?.className ?? '', /ant-layout/);
    assert.equal(first?.hasProbe, true, 'the filter lists were in before the first render');
    await page.context().close();
  });

  it('adds no modulepreload link but index.html’s: lazy chunks’ imports are fetched as they are read', async () => {
    const { page } = await firstVisit('/usulan', '.ant-table-row');
    await page.locator('.ant-table-row').first().waitFor();
    const linked = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
        (link) => new URL(link.href).pathname,
      ),
    );
    const preloads = indexPreloads();
    assert.ok(preloads.length > 0, 'index.html announces the entry’s imports');
    assert.deepEqual(
      linked.filter((href) => !preloads.includes(href)),
      [],
    );
    await page.context().close();
  });
});

describe('a guest opening a signed-in address', () => {
  /** The scripts a guest's browser fetches from opening address until the login form shows. */
  async function scriptsFetched(address: string): Promise<string[]> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}${address}`);
    await page.getByTestId('login-form').waitFor();
    await page.waitForLoadState('networkidle');
    await context.close();
    return [...scripts].sort();
  }

  it('is sent to /login having fetched only the login page’s code', async () => {
    const login = await scriptsFetched('/login');
    for (const address of ['/usulan', '/maps', '/cetak-data-usulan-survey?id=1']) {
      const fetched = await scriptsFetched(address);
      assert.deepEqual(
        fetched.filter((script) => !login.includes(script)),
        [],
        `${address}: no frame, shell or screen code before the redirect`,
      );
    }
  });
});
