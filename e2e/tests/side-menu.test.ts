import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openAs, settle } from '../lib/flows.ts';
import { ARTIFACTS, launchBrowser, type RunningServer, startServer } from '../lib/harness.ts';

/** A common office laptop screen, the smallest desktop the side menu must fit whole. */
const LAPTOP = { width: 1366, height: 768 };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  ({ context, page } = await openAs('admin', { browser, server, viewport: LAPTOP }));
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Each side-menu item (group headers and links) that lies outside the window, by its text. */
async function itemsOutOfView() {
  return page.evaluate(() => {
    const items = Array.from(
      document.querySelectorAll(
        '[data-testid="side-menu"] .ant-menu-item, [data-testid="side-menu"] .ant-menu-submenu-title',
      ),
    );
    return items
      .map((item) => ({ text: item.textContent?.trim() ?? '', box: item.getBoundingClientRect() }))
      .filter(({ box }) => box.top < 0 || box.bottom > window.innerHeight || box.height === 0)
      .map(({ text, box }) => `${text} (${Math.round(box.top)}-${Math.round(box.bottom)})`);
  });
}

/** What the window shows (not the whole page): the point is what is in view. */
const windowShot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

const menuItemCount = () =>
  page
    .locator('[data-testid="side-menu"] .ant-menu-item, [data-testid="side-menu"] .ant-menu-submenu-title')
    .count();

describe('the admin side menu at 1366 x 768', () => {
  it('shows every item, Master open, without scrolling the page', async () => {
    await page.goto(`${server.url}/master/jalan`);
    await page.getByTestId('side-menu').waitFor();
    await settle(page);
    // Master (its ten pages and Pengaturan Surat) is open on a master page: the longest the menu gets.
    assert.equal(await menuItemCount(), 17);
    await windowShot('side-menu-1366x768-master');
    assert.deepEqual(await itemsOutOfView(), []);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  });

  it('keeps every item in view while a long page is scrolled to its end', async () => {
    await page.goto(`${server.url}/usulan`);
    await page.getByTestId('side-menu').waitFor();
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 0);
    await windowShot('side-menu-1366x768-usulan-scrolled');
    assert.deepEqual(await itemsOutOfView(), []);
  });

  it('scrolls on its own in a shorter window, the page staying where it is', async () => {
    await page.setViewportSize({ width: 1366, height: 560 });
    await page.goto(`${server.url}/master/jalan`);
    await page.getByTestId('side-menu').waitFor();
    await settle(page);
    const maps = page.locator('[data-testid="side-menu"] .ant-menu-item', { hasText: 'Maps' });
    await maps.scrollIntoViewIfNeeded();
    await windowShot('side-menu-1366x560-scrolled-menu');
    assert.deepEqual(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll');
    const box = await maps.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 560, `Maps in view: ${JSON.stringify(box)}`);
    await maps.click();
    await page.waitForURL((url) => url.pathname === '/maps');
    await page.setViewportSize(LAPTOP);
  });
});
