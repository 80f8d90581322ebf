import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TProposalDetail } from '@eusulan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, openAs, settle } from '../lib/flows.ts';
import { launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

// The office's clerks work from the keyboard: each flow here reaches every control with Tab, fills it by
// typing and takes options with Enter, and the page counts pointer presses to prove no mouse was used.

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page that counts pointer presses from its first script on. */
async function keyboardSession(
  user: 'admin' | 'konsultan1',
): Promise<{ context: BrowserContext; page: Page }> {
  return openAs(user, {
    browser,
    server,
    signIn: 'token',
    prepare: (context) =>
      context.addInitScript(() => {
        const counter = window as unknown as { pointerPresses: number };
        counter.pointerPresses = 0;
        window.addEventListener('pointerdown', () => (counter.pointerPresses += 1), true);
      }),
  });
}

const pointerPresses = (page: Page) =>
  page.evaluate(() => (window as unknown as { pointerPresses: number }).pointerPresses);

/** Presses Tab until the focus is on or inside the element with this test id. */
async function tabTo(page: Page, testId: string) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    const isThere = await page.evaluate(
      (id) => Boolean(document.activeElement?.closest(`[data-testid="${id}"]`)),
      testId,
    );
    if (isThere) return;
  }
  assert.fail(`Tab never reached ${testId}`);
}

/** The message box after a save: its Ok has the focus, so Enter closes it. */
async function acceptSuccess(page: Page, text: string) {
  const box = page.locator('.ant-modal-confirm', { hasText: text });
  await box.waitFor();
  await settle(page);
  await page.keyboard.press('Enter');
  await box.waitFor({ state: 'detached' });
}

describe('keyboard-only data entry', () => {
  it('registers a proposal with a file: date, texts, searched selects, the file picker, Simpan', async () => {
    const { context, page } = await keyboardSession('admin');
    const keys = page.keyboard;
    await page.goto(`${server.url}/usulan`);
    await page.getByTestId('add-button').waitFor();
    await settle(page);
    await tabTo(page, 'add-button');
    await keys.press('Enter');
    const form = page.getByTestId('proposal-form-modal');
    await form.waitFor();
    await settle(page);

    await tabTo(page, 'field-date');
    await keys.type('05-01-2026');
    await keys.press('Enter');
    await tabTo(page, 'field-proposer-name');
    await keys.type('Siti Papan Ketik');
    await keys.press('Tab');
    await keys.type('081234567890');
    // A searched select: typing opens its search, Enter takes the first answer once it has arrived.
    await keys.press('Tab');
    await keys.type('Rungkut');
    await keys.press('Enter');
    await form.getByTestId('field-road').getByText('Jalan Rungkut Industri').waitFor();
    await tabTo(page, 'field-village');
    await keys.type('Keputih');
    await keys.press('Enter');
    await form.getByTestId('field-village').getByText('Keputih', { exact: false }).waitFor();
    await tabTo(page, 'field-rt');
    await keys.type('05');
    await keys.press('Enter');
    await tabTo(page, 'field-rw');
    await keys.type('02');
    await keys.press('Enter');
    // Playwright takes the picker over only once the page is told to, a round trip after this call: asked
    // for here, well before the key that opens it.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, 'field-address');
    await keys.type('Jalan Keputih Tegal nomor 5, aspal berlubang');
    // The browser's own file picker opens from the button with Enter.
    await tabTo(page, 'field-files');
    await keys.press('Enter');
    await (await chooser).setFiles({
      name: 'foto-lokasi.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
          '1f15c4890000000d4944415478da63f8cfc0f01f0005000201ad4d5b8d0000000049454e44ae426082',
        'hex',
      ),
    });
    await form.getByText('foto-lokasi.png').waitFor();
    // The consultant's list opens with the arrow key; Enter takes the first of the village's consultants.
    await tabTo(page, 'field-consultant');
    await keys.press('ArrowDown');
    await page.getByTestId('field-consultant-popup').waitFor();
    await keys.press('Enter');
    await page.getByTestId('field-consultant-popup').waitFor({ state: 'hidden' });
    await settle(page);
    await screenshot(page, 'keyboard-proposal-form');

    await tabTo(page, 'form-save');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api-web/proposal',
    );
    await keys.press('Enter');
    const answer = await saved;
    assert.equal(answer.status(), 201);
    const { id } = ((await answer.json()) as { data: { id: number } }).data;
    await acceptSuccess(page, 'Menambahkan data usulan');

    const detail = await apiGet<TProposalDetail>(page, `/api-web/proposal/${id}?exclude=0`);
    assert.equal(detail.proposalDate, '2026-01-05');
    assert.equal(detail.proposerName, 'Siti Papan Ketik');
    assert.equal(detail.road?.name, 'Jalan Rungkut Industri');
    assert.equal(detail.village.name, 'Keputih');
    assert.deepEqual([detail.rtNumber, detail.rwNumber], ['05', '02']);
    assert.deepEqual(
      detail.proposalFiles.map((file) => file.name),
      ['foto-lokasi.png'],
    );
    assert.ok(detail.consultant.id > 0);
    assert.equal(await pointerPresses(page), 0, 'no pointer was pressed');
    await context.close();
  });

  it('edits a master record: search, Edit, the field, Simpan', async () => {
    const { context, page } = await keyboardSession('admin');
    const keys = page.keyboard;
    await page.goto(`${server.url}/master/jalan`);
    await page.getByTestId('data-table').locator('tbody tr.ant-table-row').first().waitFor();
    await settle(page);
    await tabTo(page, 'table-search');
    const searched = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('search') === 'Kenjeran',
    );
    await keys.type('Kenjeran');
    await searched;
    await settle(page);
    const row = page
      .getByTestId('data-table')
      .locator('tbody tr.ant-table-row', { hasText: 'Jalan Kenjeran' });
    const editId = (await row.getByRole('button', { name: 'Edit' }).getAttribute('data-testid')) ?? '';
    await tabTo(page, editId);
    await keys.press('Enter');
    const form = page.getByTestId('form-modal');
    await form.getByText('Edit Data Jalan').waitFor();
    await settle(page);
    await tabTo(page, 'field-name');
    await keys.press('ControlOrMeta+A');
    await keys.type('Jalan Kenjeran Baru');
    await tabTo(page, 'form-save');
    await keys.press('Enter');
    await acceptSuccess(page, 'Memperbarui data jalan');
    await page.getByTestId('data-table').getByText('Jalan Kenjeran Baru').waitFor();
    assert.equal(await pointerPresses(page), 0, 'no pointer was pressed');
    await context.close();
  });

  it('verifies proposals: a checkbox with Space, Lanjutkan, Ya, Approve', async () => {
    const { context, page } = await keyboardSession('konsultan1');
    const keys = page.keyboard;
    await page.goto(`${server.url}/perlu-koreksi`);
    await page.locator('[data-testid="verification-list"]').waitFor();
    await settle(page);
    // Show the waiting proposals not chosen yet, and tick the first of them.
    const checks = page.locator('[data-testid^="verification-check-"]');
    const ticked = () =>
      checks.evaluateAll((boxes) =>
        boxes
          .filter((box) => (box.matches('input') ? box : box.querySelector('input'))?.matches(':checked'))
          .map((box) => Number(box.getAttribute('data-testid')?.split('-').pop())),
      );
    await tabTo(page, 'show-unchecked');
    await keys.press('Space');
    await settle(page);
    const first = (await checks.first().getAttribute('data-testid')) ?? '';
    assert.deepEqual(await ticked(), [], 'the view shows only proposals not chosen');
    await tabTo(page, first);
    await keys.press('Space');
    await tabTo(page, 'show-unchecked');
    await keys.press('Space');
    await settle(page);
    const chosen = await ticked();
    assert.ok(chosen.includes(Number(first.split('-').pop())));

    await tabTo(page, 'proceed');
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api-web/verification',
    );
    await keys.press('Enter');
    const confirm = page.locator('.ant-modal-confirm', { hasText: 'Yakin Approve Data?' });
    await confirm.waitFor();
    await settle(page);
    await screenshot(page, 'keyboard-verification-confirm');
    await keys.press('Enter');
    const ids = ((await sent).postDataJSON() as { proposalId: number[] }).proposalId;
    assert.deepEqual([...ids].sort(), [...chosen].sort());
    await acceptSuccess(page, 'Verifikasi data usulan');
    assert.equal(await pointerPresses(page), 0, 'no pointer was pressed');
    await context.close();
  });

  it('filters by year from the keyboard, and Escape closes a dialog back to where it was opened', async () => {
    const { context, page } = await keyboardSession('admin');
    const keys = page.keyboard;
    await page.goto(`${server.url}/pekerjaan-selesai`);
    await page.getByTestId('data-table').locator('tbody tr.ant-table-row').first().waitFor();
    await settle(page);
    const years = await apiGet<{ data: { year: number }[] }>(page, '/api-web/completed-work?limit=50');
    const year = String(years.data[0]!.year);
    await tabTo(page, 'filter-year');
    const filtered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api-web/completed-work' &&
        new URL(response.url()).searchParams.get('year') === year,
    );
    await keys.type(year);
    await keys.press('Enter');
    await filtered;
    await settle(page);
    const shownYears = await page
      .getByTestId('data-table')
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    assert.ok(shownYears.length > 0);
    for (const text of shownYears) assert.ok(text.includes(year), `${text} is of ${year}`);

    // Import Data's dialog takes a typed year; Batal (Enter) and Escape both close it and give the focus
    // back to the button that opened it.
    const dialog = page.getByTestId('import-modal').getByRole('dialog');
    const focusedTestId = () =>
      page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'));
    await tabTo(page, 'import-button');
    await keys.press('Enter');
    await dialog.waitFor();
    await settle(page);
    await tabTo(page, 'import-year');
    await keys.type('2023');
    await keys.press('Enter');
    const yearInput = page.locator('input[data-testid="import-year"], [data-testid="import-year"] input');
    assert.equal(await yearInput.inputValue(), '2023');
    await tabTo(page, 'import-cancel');
    await keys.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await settle(page);
    assert.equal(await focusedTestId(), 'import-button', 'Batal gives the focus back to Import Data');
    await keys.press('Enter');
    await dialog.waitFor();
    await settle(page);
    await keys.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await settle(page);
    assert.equal(await focusedTestId(), 'import-button', 'Escape gives the focus back to Import Data');
    assert.equal(await pointerPresses(page), 0, 'no pointer was pressed');
    await context.close();
  });
});
