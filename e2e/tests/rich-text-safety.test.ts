import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PROPOSAL_TYPES, type TProposalRow } from '@eusulan/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiGet, openAs, settle } from '../lib/flows.ts';
import {
  expectPolicyViolations,
  launchBrowser,
  type RunningServer,
  screenshot,
  startServer,
} from '../lib/harness.ts';

/**
 * Rich text as a row written past the server's sanitiser could hold it (a restore of an old backup, a
 * manual fix in the database): each vector calls xss(n) if it ever runs.
 */
const HOSTILE_HTML = [
  '<p onclick="xss(1)" style="color:red">Lubang <strong>30 cm</strong> di tepi jalan</p>',
  '<script>xss(2)</script>',
  '<img src="x" onerror="xss(3)">',
  '<svg onload="xss(4)"><circle r="1"></circle></svg>',
  '<iframe srcdoc="<script>parent.xss(5)</script>"></iframe>',
  '<a id="jahat" href="javascript:xss(6)">tautan jahat</a>',
  '<a id="standar" href="https://pu.surabaya.go.id" onmouseover="xss(7)">standar</a>',
  '<details open ontoggle="xss(8)"><summary>x</summary></details>',
  '<p>&lt;script&gt;xss(9)&lt;/script&gt;</p>',
].join('');
const VISIBLE_TEXT = 'Lubang 30 cm di tepi jalan';
const DANGEROUS_MARKUP = /<script|<img|<svg|<iframe|<details|\son\w+=|style=|javascript:/i;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let proposalId: number;

/** Puts the hostile rich text into every survey of the detail answers, as if the database held it. */
async function serveHostileSurveys(target: BrowserContext) {
  await target.route(/\/api-web\/proposal\/\d+(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = JSON.stringify(await response.json()).replace(
      /"(damageIdentification|suggestion)":"(?:[^"\\]|\\.)*"/g,
      (_match, key: string) => `"${key}":${JSON.stringify(HOSTILE_HTML)}`,
    );
    await route.fulfill({ response, body });
  });
}

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  ({ context, page } = await openAs('admin', {
    browser,
    server,
    viewport: { width: 1280, height: 900 },
    prepare: async (hostile, hostilePage) => {
      // Chromium reports every inline handler of the hostile text as refused by the CSP, even where DOMPurify
      // parses it in an inert document that would never run it: the policy's second line of defence, expected here.
      expectPolicyViolations(hostile, /^Executing inline event handler violates .*'script-src-attr 'none''/);
      // A vector that runs leaves its number here; an alert() would show as a dialog.
      // (As text: tsx would wrap a function's body in helpers the page does not have.)
      await hostile.addInitScript({
        content: 'window.__xss = []; window.xss = (n) => window.__xss.push(n);',
      });
      hostilePage.on('dialog', (dialog) => assert.fail(`a dialog opened: ${dialog.message()}`));
    },
  }));
  for (const type of PROPOSAL_TYPES) {
    const list = await apiGet<{ data: TProposalRow[] }>(
      page,
      `/api-web/proposal?isHistory=0&proposalType=${type}&page=1&limit=100`,
    );
    const surveyed = list.data.find((row) => row.hasSurvey);
    if (surveyed) {
      proposalId = surveyed.id;
      break;
    }
  }
  assert.ok(proposalId, 'the demo set has a surveyed proposal');
  await serveHostileSurveys(context);
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The rich text is shown, nothing dangerous reached the DOM, and no vector ran (hovered and clicked too). */
async function expectInert(target: Page, area: Locator) {
  await area.getByText(VISIBLE_TEXT).first().waitFor();
  const html = await area.evaluate((element) => element.innerHTML);
  assert.doesNotMatch(html, DANGEROUS_MARKUP);
  // Markup-looking text stays text.
  await area.getByText('<script>xss(9)</script>').first().waitFor();
  const standard = area.locator('a', { hasText: 'standar' }).first();
  await standard.hover();
  assert.equal(await standard.getAttribute('href'), 'https://pu.surabaya.go.id');
  // The javascript: link survives only as a link without an address; clicking it does nothing.
  const hostileLink = area.locator('a', { hasText: 'tautan jahat' }).first();
  assert.equal(await hostileLink.getAttribute('href'), null);
  await hostileLink.click();
  await target.waitForTimeout(500);
  assert.deepEqual(await target.evaluate(() => (window as unknown as { __xss: number[] }).__xss), []);
}

describe('Stored rich text never runs', () => {
  it('in the detail dialog’s Hasil Survey', async () => {
    const answered = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith(`/api-web/proposal/${proposalId}`),
    );
    await page.goto(`${server.url}/usulan`);
    await page.getByRole('heading', { name: 'Usulan' }).waitFor();
    // Opened as an admin does: the proposal's type tab, Cari by the proposer, then the row's Detail.
    const detail = await apiGet<{ proposerName: string; proposalType: string }>(
      page,
      `/api-web/proposal/${proposalId}`,
    );
    await page.getByRole('tab', { name: new RegExp(`^${detail.proposalType}$`, 'i') }).click();
    await settle(page);
    await page.getByTestId('table-search').fill(detail.proposerName);
    const row = page.locator('tbody tr.ant-table-row', { hasText: detail.proposerName }).first();
    await row.waitFor();
    await settle(page);
    await row.getByRole('button', { name: 'Detail' }).click();
    await answered;
    const dialog = page.getByTestId('proposal-detail');
    await dialog.getByRole('tab', { name: 'Hasil Survey' }).click();
    await expectInert(page, dialog.getByTestId('survey-damage'));
    await expectInert(page, dialog.getByTestId('survey-suggestion'));
    await settle(page);
    await screenshot(page, 'rich-text-safety-detail');
  });

  it('in the printed survey report', async () => {
    await page.goto(`${server.url}/cetak-data-usulan-survey?id=${proposalId}`);
    const report = page.locator('[data-testid="survey-report"][data-ready="true"]');
    await report.waitFor({ timeout: 20_000 });
    await settle(page);
    await expectInert(page, report.getByTestId('report-damage'));
    await expectInert(page, report.getByTestId('report-suggestion'));
    await screenshot(page, 'rich-text-safety-report');
  });
});
