// Issue 11: a signed-in first visit (a stored token, an empty cache). The first render waits for the profile,
// the code of the address and the screen's first data, so React replaces the splash with the whole screen, rows
// and filter lists included, in one render made in slices: not a loader first, then the screen and then its
// rows, each store update rendered in one long task. The lazily loaded chunks' imports are fetched by the
// browser as it reads them, without a modulepreload link each. Needs `npm run build`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, ROOT, type RunningServer, startServer } from '../lib/harness.ts';
import { signIn } from '../lib/route-budgets.ts';

let server: RunningServer;
let browser: Browser;
let token: string;

before(async () => {
  server = await startServer({ ADMIN_PASSWORD: E2E_ADMIN_PASSWORD });
  browser = await launchBrowser();
  token = await signIn(server.url, 'admin', E2E_ADMIN_PASSWORD);
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
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addInitScript(
    ({ value, selector }) => {
      localStorage.setItem('token', value);
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
    },
    { value: token, selector: probe },
  );
  const page = await context.newPage();
  await page.goto(`${server.url}${address}`);
  return {
    page,
    added: () => page.evaluate(() => (window as unknown as { addedToRoot: Added[] }).addedToRoot),
  };
}

/** The module scripts index.html's boot adds after the first paint (apps/web/boot-after-paint.ts). */
function bootScripts(): string[] {
  const html = readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8');
  const list = /for \(const href of (\[[^\]]*\])\)/.exec(html)?.[1];
  assert.ok(list, 'the boot script lists the entry and its imports');
  return JSON.parse(list) as string[];
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

  it('adds no modulepreload link but the boot script’s: lazy chunks’ imports are fetched as they are read', async () => {
    const { page } = await firstVisit('/usulan', '.ant-table-row');
    await page.locator('.ant-table-row').first().waitFor();
    const linked = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
        (link) => new URL(link.href).pathname,
      ),
    );
    const boot = bootScripts();
    assert.ok(linked.length > 0, 'the boot script adds its links');
    assert.deepEqual(
      linked.filter((href) => !boot.includes(href)),
      [],
    );
    await page.context().close();
  });
});
