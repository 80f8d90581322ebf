import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { TProposalDetail } from '@eusulan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, openAs, settle } from '../lib/flows.ts';
import { launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

const NOTE = fileURLToPath(new URL('../../apps/server/test/fixtures/surat-usulan.pdf', import.meta.url));

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  ({ context, page } = await openAs('struktural1', { browser, server }));
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const rows = () => page.getByTestId('data-table').locator('tbody tr.ant-table-row');

describe('Perlu Approval (structural)', () => {
  it('lists proposals waiting for a decision in red, with the status select', async () => {
    await settle(page);
    const flags = await apiGet<Record<string, boolean>>(page, '/api-web/need-approval');
    const typeWithWork = (['taruna', 'umum', 'pokir', 'musrenbang'] as const).find((type) => flags[type]);
    assert.ok(typeWithWork, 'the demo set leaves surveyed proposals awaiting a decision');
    await page
      .getByTestId('proposal-type-tabs')
      .getByText(new RegExp(`^${typeWithWork}$`, 'i'))
      .click();
    await settle(page);
    // The tab with work carries the red dot.
    await page.getByTestId(`type-dot-${typeWithWork}`).locator('.ant-badge-dot').waitFor();

    await page.getByTestId('filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Perlu Approval' }).click();
    await settle(page);
    const red = rows().first();
    await red.waitFor();
    assert.match((await red.getAttribute('class')) ?? '', /process-list__row--waiting/);
    assert.equal(await rows().filter({ hasNotText: 'Perlu Tindakan' }).count(), 0, 'only surveyed rows');
    await screenshot(page, 'process-list');
  });

  it('approves a surveyed proposal as Swakelola with a document, and the list shows the badge', async () => {
    const first = rows().first();
    const detailButton = first.getByRole('button', { name: 'Detail' });
    const testId = (await detailButton.getAttribute('data-testid')) ?? '';
    const proposalId = Number(testId.replace('detail-', ''));
    assert.ok(proposalId > 0);
    await detailButton.click();
    const dialog = page.getByTestId('proposal-detail');
    const panel = dialog.getByTestId('approval-panel');
    await panel.waitFor();

    // Without a process choice: the spec's warning, and nothing is sent.
    await panel.getByTestId('approval-save').click();
    await page.getByText('Process tidak boleh kosong').last().waitFor();
    await settle(page);
    await page.getByRole('button', { name: 'Ok', exact: true }).click();

    await panel.getByText('Swakelola').click();
    await panel.locator('input[type="file"]').setInputFiles(NOTE);
    await panel.getByText(path.basename(NOTE)).waitFor();
    await screenshot(page, 'process-approval-panel');
    const saved = page.waitForResponse((response) =>
      response.url().endsWith(`/api-web/process/${proposalId}/change-process`),
    );
    await panel.getByTestId('approval-save').click();
    assert.equal((await saved).status(), 200);
    await page.getByText('Menyetujui data usulan').waitFor();
    // A click while the box still zooms in can be lost on a loaded machine (seen in CI): wait it out.
    await settle(page);
    await page.getByRole('button', { name: 'Ok', exact: true }).click();
    // The message box's closing animation runs over the detail; its button is clicked only once it is gone.
    await page.getByText('Menyetujui data usulan').waitFor({ state: 'detached' });

    // The detail reloads: no panel any more, the document among the structural files, the badge.
    await panel.waitFor({ state: 'detached' });
    await dialog.getByTestId('detail-files-structural').getByText(path.basename(NOTE)).waitFor();
    await dialog.getByTestId('process-badge').getByText('Swakelola').waitFor();
    const detail = await apiGet<TProposalDetail>(page, `/api-web/proposal/${proposalId}?exclude=0`);
    assert.equal(detail.statusType, 'finished');
    assert.equal(detail.processType, 'self_management');
    await dialog.getByTestId('detail-close').click();

    // Back on the list (page 1), under Sudah Disurvey the proposal shows Swakelola.
    await page.getByTestId('filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Sudah Disurvey' }).click();
    await settle(page);
    const approved = page.getByTestId(`detail-${proposalId}`).locator('xpath=ancestor::tr');
    await approved.getByTestId('process-badge').getByText('Swakelola').waitFor();
    assert.doesNotMatch((await approved.getAttribute('class')) ?? '', /process-list__row--waiting/);
    await screenshot(page, 'process-list-approved');
  });
});
