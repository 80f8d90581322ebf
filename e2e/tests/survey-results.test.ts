import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  formatDate,
  formatRupiah,
  PROPOSAL_TYPE_NAMES,
  PROPOSAL_TYPES,
  type TProposalDetail,
  type TProposalRow,
} from '@eusulan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, openAs, settle } from '../lib/flows.ts';
import { ARTIFACTS, launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const tileRequests: string[] = [];

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  ({ context, page } = await openAs('konsultan1', {
    browser,
    server,
    prepare: (_context, consultant) => {
      consultant.on('request', (request) => {
        if (request.url().startsWith('https://tiles.e2e.invalid/')) tileRequests.push(request.url());
      });
    },
  }));
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The consultant's surveyed proposal with the most survey histories (the demo surveys some twice). */
async function surveyedProposal(): Promise<TProposalDetail> {
  let best: TProposalDetail | null = null;
  for (const type of PROPOSAL_TYPES) {
    const page1 = await apiGet<{ data: TProposalRow[] }>(
      page,
      `/api-web/proposal?isHistory=0&proposalType=${type}&page=1&limit=100`,
    );
    for (const row of page1.data.filter((item) => item.hasSurvey)) {
      const detail = await apiGet<TProposalDetail>(page, `/api-web/proposal/${row.id}`);
      if (!best || detail.surveyHistories.length > best.surveyHistories.length) best = detail;
    }
  }
  assert.ok(best?.survey, 'the demo set gives konsultan1 a surveyed proposal');
  return best;
}

const table = () => page.getByTestId('data-table');
const rows = () => table().locator('tbody tr.ant-table-row');
const detail = () => page.getByTestId('proposal-detail');

async function waitForTable() {
  await table().locator('tbody tr:is(.ant-table-row, .ant-table-placeholder)').first().waitFor();
  await settle(page);
}

describe('Data Usulan Survey (/data-usulan-survey, consultan)', () => {
  it('lists the own proposals by type with All Years, Detail, Print only with a survey, Survey on verified and surveyed', async () => {
    await page.goto(`${server.url}/data-usulan-survey`);
    await page.getByRole('heading', { name: 'Data Usulan Survey' }).waitFor();
    await waitForTable();
    assert.equal(await page.getByRole('tab', { name: 'Taruna', selected: true }).count(), 1);
    for (const id of ['filter-start-year', 'filter-end-year']) {
      assert.equal(await page.getByTestId(id).getAttribute('placeholder'), 'All Years');
    }
    const own = await apiGet<{ data: TProposalRow[]; total: number }>(
      page,
      '/api-web/proposal?isHistory=0&proposalType=taruna&page=1&limit=10',
    );
    assert.ok(own.total > 0);
    for (const row of own.data) {
      const line = rows().filter({ has: page.getByTestId(`detail-${row.id}`) });
      await line.waitFor();
      assert.equal(
        await line.getByTestId(`print-${row.id}`).count(),
        row.hasSurvey ? 1 : 0,
        `print ${row.id}`,
      );
      const surveyButton = line.getByTestId(`survey-${row.id}`);
      const canSurvey = row.statusType === 'verified' || row.statusType === 'surveyed';
      assert.equal(await surveyButton.count(), canSurvey ? 1 : 0, `survey ${row.id}`);
      if (canSurvey) assert.equal(await surveyButton.isDisabled(), false, `survey ${row.id} opens the form`);
    }
    await screenshot(page, 'survey-list');
  });

  it('opens a surveyed proposal: Hasil Survey with media, map, history dates and the totals', async () => {
    const expected = await surveyedProposal();
    const survey = expected.survey!;
    await page.goto(`${server.url}/data-usulan-survey`);
    await waitForTable();
    await page.getByRole('tab', { name: PROPOSAL_TYPE_NAMES[expected.proposalType] }).click();
    await waitForTable();
    const listed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api-web/proposal' &&
        new URL(response.url()).searchParams.get('search') === expected.phoneNumber,
    );
    await table().getByTestId('table-search').fill(expected.phoneNumber);
    await listed;
    await settle(page);

    const popup = page.waitForEvent('popup');
    await page.getByTestId(`print-${expected.id}`).click();
    const printed = await popup;
    await printed.waitForURL(new RegExp(`/cetak-data-usulan-survey\\?id=${expected.id}$`));
    await printed.close();

    await page.getByTestId(`detail-${expected.id}`).click();
    await detail().getByRole('tab', { name: 'Hasil Survey' }).click();
    const results = detail().getByTestId('survey-results');
    await results.waitFor();

    // Cost: every road total and the overall total, as the API computed them.
    const roadTotals = results.getByTestId('survey-cost-road-total');
    assert.deepEqual(
      await roadTotals.allTextContents(),
      survey.surveyRoad.map((road) => formatRupiah(road.total)),
    );
    assert.equal(await results.getByTestId('survey-cost-total').textContent(), formatRupiah(survey.total));
    const firstItem = survey.surveyRoad[0]!.asbSurveyors[0]!;
    const firstLine = await results.getByTestId('survey-cost-line').first().textContent();
    assert.ok(firstLine?.includes(formatRupiah(firstItem.price)), firstLine ?? '');
    assert.ok(firstLine?.includes(formatRupiah(firstItem.cost)), firstLine ?? '');

    // Map: the lines are drawn as red paths even though no tile loads.
    const map = results.getByTestId('survey-map');
    await map.locator('path.leaflet-interactive').first().waitFor();
    const allLines = survey.surveyRoad.length > 0 ? Number(await map.getAttribute('data-lines')) : 0;
    assert.ok(allLines > 0);
    assert.equal(await map.locator('path.leaflet-interactive').first().getAttribute('stroke'), 'red');
    assert.ok(tileRequests.length > 0, 'the map asked the configured tile host');

    // History selector: placeholder Semua, one DD-MM-YYYY option per submitted survey.
    const selector = results.getByTestId('survey-history-select');
    await selector.getByText('Semua').waitFor();
    await selector.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // Read once every option is in and the dropdown's opening animation is over (it flickers ':visible').
    await options.nth(expected.surveyHistories.length - 1).waitFor();
    await settle(page);
    assert.deepEqual(
      await options.allTextContents(),
      expected.surveyHistories.map((item) => formatDate(item.createdAt)),
    );
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'survey-results-history.png') });
    const last = expected.surveyHistories.at(-1)!;
    await options.last().click();
    const lastLines = last.surveyRoad.reduce((sum, road) => sum + road.drawLine.lokasi.length, 0);
    await page.waitForFunction(
      ([count]) =>
        document.querySelector('[data-testid="survey-map"]')?.getAttribute('data-lines') === String(count),
      [lastLines],
    );

    // Photos with their category, and the field identification.
    await results.getByRole('tab', { name: 'Foto' }).click();
    const photo = survey.surveyPhotos[0]!;
    await results.getByTestId(`survey-photo-${photo.id}`).waitFor();
    if (photo.photoCategory) await results.getByText(photo.photoCategory.name).first().waitFor();
    await results.getByText(survey.roadCondition).first().waitFor();
    if (survey.surveyorName) await results.getByText(survey.surveyorName).first().waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'survey-results.png') });
    await results.getByTestId('survey-cost').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'survey-results-cost.png') });
    await detail().getByTestId('detail-close').click();
    await detail().waitFor({ state: 'hidden' });
  });
});
