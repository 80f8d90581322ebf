// Issue 11: a signed-in first visit (a stored token, an empty cache). The first render waits for the profile and
// the code of the address, so React replaces the splash with the whole screen instead of drawing a
// loader and then the screen in one long task; and the lazily loaded chunks are fetched by their imports, not
// announced by a modulepreload link each (inserting some sixty links cost the main thread 45-75 ms at start).
// Needs `npm run build`.
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

/** Opens address with the admin's stored token and notes the class of each element React adds to #root. */
async function firstVisit(address: string): Promise<{ page: Page; addedToRoot: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addInitScript((value) => {
    localStorage.setItem('token', value);
    const added: string[] = [];
    (window as unknown as { addedToRoot: string[] }).addedToRoot = added;
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver((records) => {
        for (const record of records) {
          record.addedNodes.forEach((node) => {
            added.push(node instanceof Element ? node.className : '#text');
          });
        }
      }).observe(root, { childList: true });
    });
  }, token);
  const page = await context.newPage();
  await page.goto(`${server.url}${address}`);
  return {
    page,
    addedToRoot: () => page.evaluate(() => (window as unknown as { addedToRoot: string[] }).addedToRoot),
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
  it('replaces the splash with the whole screen, never with a loader', async () => {
    const { page, addedToRoot } = await firstVisit('/usulan');
    await page.getByTestId('side-menu').waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    const added = await addedToRoot();
    // The splash is replaced by the shell itself; a loader first (React's own splash) would come before it.
    // A part of the frame that loads later may add a sibling after the shell.
    assert.match(added[0] ?? '', /ant-layout/, `added to #root: ${added.join(' | ')}`);
    assert.equal(added.filter((name) => name.includes('full-page-loader')).length, 0);
    await page.context().close();
  });

  it('lets the imports fetch the lazily loaded chunks: no modulepreload link but the boot script’s', async () => {
    const { page } = await firstVisit('/usulan');
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
