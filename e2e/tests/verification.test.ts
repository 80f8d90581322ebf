import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  PROPOSAL_TYPE_NAMES,
  type TProposalRow,
  type TProposalType,
  VERIFICATION_PRECHECK_DAYS,
} from '@eusulan/shared';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { openAs, settle } from '../lib/flows.ts';
import { ARTIFACTS, launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every POST /api-web/verification the page sends, and the query of every list call. */
const verifyCalls: Request[] = [];
const listQueries: URLSearchParams[] = [];

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  // konsultan1 (internal, Rayon Surabaya Pusat) owns most demo proposals, a few created in the last 2 days.
  ({ context, page } = await openAs('konsultan1', {
    browser,
    server,
    prepare: (_context, consultant) => {
      consultant.on('request', (request) => {
        const { pathname, searchParams } = new URL(request.url());
        if (request.method() === 'POST' && pathname === '/api-web/verification') verifyCalls.push(request);
        if (request.method() === 'GET' && pathname === '/api-web/verification')
          listQueries.push(searchParams);
      });
    },
  }));
  await waitForList();
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The screen's own list call, made with the page's token: what the consultant has waiting. */
async function waitingProposals(type: TProposalType): Promise<TProposalRow[]> {
  return page.evaluate(async (proposalType) => {
    const response = await fetch(`/api-web/verification?proposalType=${proposalType}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await response.json()) as { data: { data: TProposalRow[] } }).data.data;
  }, type);
}

const isRecent = (row: TProposalRow) =>
  Date.now() - Date.parse(row.createdAt) <= VERIFICATION_PRECHECK_DAYS * 86_400_000;

async function waitForList() {
  await page
    .locator('[data-testid="verification-list"], [data-testid="verification-empty"]')
    .first()
    .waitFor();
  await settle(page);
}

const shownIds = () =>
  page
    .locator('[data-testid^="verification-row-"]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));

/** Waits until the list shows exactly these proposals, in this order. */
async function expectShown(ids: number[]) {
  const deadline = Date.now() + 10_000;
  let shown = await shownIds();
  while (JSON.stringify(shown) !== JSON.stringify(ids) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    shown = await shownIds();
  }
  assert.deepEqual(shown, ids);
}

const isTicked = (testId: string) => page.getByTestId(testId).isChecked();

async function setShowUnchecked(value: boolean) {
  if ((await isTicked('show-unchecked')) !== value) await page.getByTestId('show-unchecked').click();
  assert.equal(await isTicked('show-unchecked'), value);
}

async function openTab(type: TProposalType) {
  const loaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api-web/verification' &&
      new URL(response.url()).searchParams.get('proposalType') === type,
  );
  await page.getByRole('tab', { name: PROPOSAL_TYPE_NAMES[type] }).click();
  await loaded;
  await waitForList();
}

const dialog = (title: string) => page.locator('.ant-modal-confirm', { hasText: title });

/** Lanjutkan, the confirmation with its texts, Ya, Approve, and the success dialog; returns the ids sent. */
async function proceedAndApprove(shot?: string): Promise<number[]> {
  await page.getByTestId('proceed').click();
  const confirm = dialog('Yakin Approve Data?');
  await confirm.getByText('Data terpilih akan diapprove dan dilanjutkan untuk di survey').waitFor();
  await confirm.getByRole('button', { name: 'Batal' }).waitFor();
  await settle(page);
  if (shot) await screenshot(page, shot);
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api-web/verification',
  );
  await confirm.getByRole('button', { name: 'Ya, Approve' }).click();
  const ids = ((await sent).postDataJSON() as { proposalId: number[] }).proposalId;
  const success = dialog('Berhasil!');
  await success.getByText('Verifikasi data usulan').waitFor();
  await confirm.waitFor({ state: 'detached' });
  await settle(page);
  await success.getByRole('button', { name: 'Ok' }).click();
  await success.waitFor({ state: 'detached' });
  await settle(page);
  return ids;
}

const tabDot = (type: TProposalType) => page.locator(`[data-testid="type-dot-${type}"] .ant-badge-dot`);
const headerDot = () => page.locator('[data-testid="approval-dot-perlu-koreksi"] .ant-badge-dot');

describe('Perlu Verifikasi (/perlu-koreksi) as konsultan1', () => {
  it('pre-checks the recent proposals, adds two more, verifies them, and they leave the list', async () => {
    await page.getByRole('heading', { name: 'Perlu Verifikasi' }).waitFor();
    // Taruna first, and no year is sent while none is chosen.
    assert.equal(listQueries[0]?.toString(), 'proposalType=taruna');
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'Taruna');
    for (const id of ['filter-start-year', 'filter-end-year']) {
      assert.equal(await page.getByTestId(id).getAttribute('placeholder'), 'Semua Tahun');
    }
    assert.equal(await page.getByTestId('verification-search').getAttribute('placeholder'), 'Cari');

    const waiting = await waitingProposals('taruna');
    const recent = waiting.filter(isRecent);
    const older = waiting.filter((row) => !isRecent(row));
    assert.ok(recent.length >= 1 && older.length >= 3, 'the demo set has recent and older taruna proposals');

    // By default only the checked ones show: the pre-checked recent proposals.
    await expectShown(recent.map((row) => row.id));
    assert.equal(await isTicked('select-all'), true);
    for (const row of recent) assert.equal(await isTicked(`verification-check-${row.id}`), true);
    const first = page.getByTestId(`verification-row-${recent[0]!.id}`);
    for (const text of [
      recent[0]!.date,
      recent[0]!.proposerName,
      recent[0]!.phoneNumber,
      recent[0]!.village.name,
    ]) {
      await first.getByText(text, { exact: false }).first().waitFor();
    }
    assert.match(recent[0]!.date, /^\d{2}-\d{2}-\d{4}$/);
    assert.equal(await page.getByTestId('chosen-count').textContent(), `${recent.length} usulan dipilih`);
    await screenshot(page, 'verification-desktop');

    // Detail opens the proposal detail dialog.
    await page.getByTestId(`detail-${recent[0]!.id}`).click();
    const detail = page.getByTestId('proposal-detail');
    await detail.getByText(recent[0]!.address).waitFor();
    await detail.getByText(`Detail Usulan Taruna - ${recent[0]!.date}`).waitFor();
    await settle(page);
    await screenshot(page, 'verification-detail');
    await detail.getByTestId('detail-close').click();
    await detail.locator('.ant-modal').waitFor({ state: 'hidden' });

    // 'Tampilkan usulan tidak di survey': only the unchecked ones.
    await setShowUnchecked(true);
    await expectShown(older.map((row) => row.id));
    assert.equal(await isTicked('select-all'), false);
    await settle(page);
    await screenshot(page, 'verification-unchecked');

    // Cari matches phone, proposer, road or RT/RW, ignoring case.
    await page.getByTestId('verification-search').fill(older[0]!.phoneNumber);
    await expectShown([older[0]!.id]);
    await page.getByTestId('verification-search').fill(older[1]!.proposerName.toUpperCase());
    await expectShown(
      older.filter((row) => row.proposerName === older[1]!.proposerName).map((row) => row.id),
    );
    await page.getByTestId('verification-search').fill('tidak ada yang cocok');
    await page.getByTestId('verification-empty').getByText('Tidak Ada Data', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('select-all').isDisabled(), true);
    await page.getByTestId('verification-search').fill('');
    await expectShown(older.map((row) => row.id));

    // Checking two more moves them out of the unchecked view, into the chosen set.
    const extra = [older[0]!, older[1]!];
    for (const row of extra) await page.getByTestId(`verification-check-${row.id}`).click();
    await expectShown(older.slice(2).map((row) => row.id));
    assert.equal(await page.getByTestId('chosen-count').textContent(), `${recent.length + 2} usulan dipilih`);
    await setShowUnchecked(false);
    const chosen = waiting.filter((row) => isRecent(row) || extra.includes(row)).map((row) => row.id);
    await expectShown(chosen);
    assert.equal(await isTicked('select-all'), true);

    const sent = await proceedAndApprove('verification-confirm');
    assert.deepEqual([...sent].sort(), [...chosen].sort());

    // The list reloaded: the verified ones are gone, nothing recent is left to pre-check.
    await page.getByTestId('verification-empty').getByText('Tidak Ada Data', { exact: true }).waitFor();
    await setShowUnchecked(true);
    await expectShown(older.slice(2).map((row) => row.id));
    const left = (await waitingProposals('taruna')).map((row) => row.id);
    assert.ok(
      chosen.every((id) => !left.includes(id)),
      'the verified proposals no longer wait',
    );
    await screenshot(page, 'verification-after');
  });

  it('warns when nothing is chosen and makes no call', async () => {
    await setShowUnchecked(false);
    await page.getByTestId('verification-empty').waitFor();
    assert.equal(await page.getByTestId('chosen-count').textContent(), '0 usulan dipilih');
    const before = verifyCalls.length;
    await page.getByTestId('proceed').click();
    const warning = dialog('Peringatan!');
    await warning.getByText('Pilih minimal 1 usulan untuk diverifikasi').waitFor();
    await settle(page);
    await screenshot(page, 'verification-warning');
    await warning.getByRole('button', { name: 'Ok' }).click();
    await warning.waitFor({ state: 'detached' });
    await settle(page);
    assert.equal(verifyCalls.length, before, 'no verification call was made');
  });

  it("clears a type's red dot once its last proposal is verified; the header dot follows the rest", async () => {
    await tabDot('pokir').waitFor();
    await headerDot().waitFor();
    await openTab('pokir');
    const waiting = await waitingProposals('pokir');
    assert.ok(waiting.length > 0);

    // Tick every pokir proposal: select-all in the unchecked view checks all of them.
    await setShowUnchecked(true);
    if ((await shownIds()).length > 0) await page.getByTestId('select-all').click();
    await page.getByTestId('verification-empty').waitFor();
    await setShowUnchecked(false);
    await expectShown(waiting.map((row) => row.id));
    assert.equal(await isTicked('select-all'), true);

    const sent = await proceedAndApprove();
    assert.deepEqual([...sent].sort(), waiting.map((row) => row.id).sort());
    await page.getByTestId('verification-empty').getByText('Tidak Ada Data', { exact: true }).waitFor();
    await tabDot('pokir').waitFor({ state: 'detached' });
    // Taruna, umum and musrenbang still wait, so the header keeps its dot.
    await tabDot('taruna').waitFor();
    await headerDot().waitFor();
    await screenshot(page, 'verification-pokir-done');
  });

  it('sends a chosen start year and lists only that range', async () => {
    const nextYear = String(new Date().getFullYear() + 1);
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api-web/verification' &&
        new URL(response.url()).searchParams.get('startYear') === nextYear,
    );
    await page.getByTestId('filter-start-year').click();
    await page.getByTestId('filter-start-year').fill(nextYear);
    await page.getByTestId('filter-start-year').press('Enter');
    const query = new URL((await answered).url()).searchParams;
    assert.equal(query.get('proposalType'), 'pokir');
    assert.equal(query.has('endYear'), false, 'an empty end year is not sent');
    await waitForList();
    await setShowUnchecked(true);
    await page.getByTestId('verification-empty').getByText('Tidak Ada Data', { exact: true }).waitFor();

    const cleared = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api-web/verification' &&
        !new URL(response.url()).searchParams.has('startYear'),
    );
    await page.getByTestId('filter-start-year').hover();
    await page.locator('.verification-screen__years .ant-picker-clear').first().click();
    await cleared;
    await waitForList();
  });

  it('works at phone width (375 px)', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openTab('umum');
    await setShowUnchecked(false);
    const waiting = await waitingProposals('umum');
    const recent = waiting.filter(isRecent);
    await expectShown(recent.map((row) => row.id));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `no sideways scrolling at 375 px (overflow ${overflow}px)`);
    await screenshot(page, 'verification-phone');

    await setShowUnchecked(true);
    await expectShown(waiting.filter((row) => !isRecent(row)).map((row) => row.id));
    await settle(page);
    await screenshot(page, 'verification-phone-unchecked');
    // What the phone shows: Lanjutkan sticks to the bottom of the screen over the list.
    await page.screenshot({ path: path.join(ARTIFACTS, 'verification-phone-viewport.png') });

    const row = waiting.find((candidate) => !isRecent(candidate))!;
    await page.getByTestId(`detail-${row.id}`).click();
    await page.getByTestId('proposal-detail').getByText(row.address).waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'verification-phone-detail.png') });
    await page.getByTestId('proposal-detail').getByTestId('detail-close').click();
    await page.getByTestId('proposal-detail').locator('.ant-modal').waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
