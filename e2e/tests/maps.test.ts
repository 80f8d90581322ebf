import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type {
  TCompletedWorkDetail,
  TDashboardCompletedWorkItem,
  TDashboardProposalItem,
  TProposalDetail,
} from '@eusulan/shared';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, logout, openAs, settle, signInAs } from '../lib/flows.ts';
import { ARTIFACTS, launchBrowser, type RunningServer, startServer } from '../lib/harness.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  // One page for the three roles: admin first, then each describe signs out and the next role signs in.
  ({ context, page } = await openAs('admin', { browser, server }));
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const mapOf = (target: Page) => target.getByTestId('dashboard-map');

/** The lines drawn once both layers have loaded: the map exposes its counts as data attributes. */
async function drawn(target: Page) {
  await target.waitForSelector('[data-testid="dashboard-map"][data-ready="true"]', { timeout: 20_000 });
  const map = mapOf(target);
  return {
    proposals: Number(await map.getAttribute('data-proposal-lines')),
    works: Number(await map.getAttribute('data-work-lines')),
  };
}

/** Waits until the drawn counts are the expected ones (a filter change reloads a layer). */
async function waitForDrawn(target: Page, expected: { proposals?: number; works?: number }) {
  await target.waitForFunction(
    (want) => {
      const map = document.querySelector('[data-testid="dashboard-map"]');
      if (map?.getAttribute('data-ready') !== 'true') return false;
      return (
        (want.proposals === undefined ||
          Number(map.getAttribute('data-proposal-lines')) === want.proposals) &&
        (want.works === undefined || Number(map.getAttribute('data-work-lines')) === want.works)
      );
    },
    expected,
    { timeout: 20_000 },
  );
}

/** Zooms onto one canvas-drawn line through the page's test hook and clicks it. */
async function clickLine(target: Page, kind: 'proposal' | 'work', id: number) {
  const fitted = await target.evaluate(([k, i]) => window.__eusulanMaps?.fitTo(k, i) ?? false, [
    kind,
    id,
  ] as const);
  assert.ok(fitted, `no ${kind} line ${id} on the map`);
  await target.waitForTimeout(300);
  const point = await target.evaluate(([k, i]) => window.__eusulanMaps?.pointOf(k, i) ?? null, [
    kind,
    id,
  ] as const);
  assert.ok(point, `no point for ${kind} ${id}`);
  const drawnColour = await colourAt(target, point);
  await target.mouse.click(point.x, point.y);
  return drawnColour;
}

/**
 * Asserts the canvas shows `hex` (#rrggbb) under the line; a channel may differ by `tolerance`: the canvas
 * hands pixels back un-premultiplied, and lines are 90% opaque, so a line over another is a little mixed.
 */
function assertColour(drawn: string | null, hex: string, tolerance = 3) {
  assert.ok(drawn, `nothing drawn where ${hex} was expected`);
  const channels = (value: string) =>
    [1, 3, 5].map((start) => Number.parseInt(value.slice(start, start + 2), 16));
  const [want, got] = [channels(hex), channels(drawn)];
  assert.ok(
    want.every((value, index) => Math.abs(value - (got[index] ?? -999)) <= tolerance),
    `drawn ${drawn}, expected ${hex}`,
  );
}

/** The colour the lines canvas holds under a page point, as #rrggbb (null where nothing is drawn). */
function colourAt(target: Page, point: { x: number; y: number }) {
  return target.evaluate(({ x, y }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('.dashboard-lines-canvas');
    const box = canvas?.getBoundingClientRect();
    if (!canvas || !box) return null;
    const ratio = canvas.width / box.width;
    const [r = 0, g = 0, b = 0, alpha = 0] =
      canvas
        .getContext('2d')
        ?.getImageData(Math.round((x - box.left) * ratio), Math.round((y - box.top) * ratio), 1, 1).data ??
      [];
    if (alpha === 0) return null;
    return `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  }, point);
}

async function shot(target: Page, name: string) {
  await settle(target);
  await target.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

declare global {
  interface Window {
    __eusulanMaps?: {
      pointOf(kind: 'proposal' | 'work', id: number): { x: number; y: number } | null;
      ids(kind: 'proposal' | 'work'): number[];
      fitTo(kind: 'proposal' | 'work', id: number): boolean;
    };
  }
}

describe('maps dashboard (admin, side menu)', () => {
  let proposals: TDashboardProposalItem[];
  let works: TDashboardCompletedWorkItem[];

  it('draws every surveyed proposal and every completed work once the filter lists have loaded', async () => {
    await page.goto(`${server.url}/maps`);
    await page.locator('.shell--side-menu').waitFor();
    proposals = await apiGet(page, '/api-web/dashboard');
    works = await apiGet(page, '/api-web/dashboard/completed-work');
    assert.ok(proposals.length > 0, 'the demo has surveyed proposals with lines');
    assert.ok(works.length > 0, 'the demo has completed-work imports');
    assert.deepEqual(await drawn(page), { proposals: proposals.length, works: works.length });
    await page.getByTestId('filter-proposal-year-all').waitFor();
    assert.equal(await page.getByTestId('filter-proposal-year-all').isChecked(), true);
    await page.getByPlaceholder('Cari Jalan...').waitFor();
    await page.getByText('Export PDF').waitFor();
    await shot(page, 'maps-admin-desktop');
  });

  it('redraws when a filter changes; select-all clears and ticks itself', async () => {
    const typeAll = page.getByTestId('filter-work-type-all');
    await page.getByTestId('filter-work-type-all').click();
    await waitForDrawn(page, { proposals: proposals.length, works: 0 });
    assert.equal(await typeAll.isChecked(), false);

    const firstType = page.getByTestId('filter-work-type-option').first();
    const typeId = Number(await firstType.getAttribute('data-value'));
    const ofType = await apiGet<TDashboardCompletedWorkItem[]>(
      page,
      `/api-web/dashboard/completed-work?type_work=${typeId}`,
    );
    await firstType.click();
    await waitForDrawn(page, { works: ofType.length });

    // Ticking every type one by one ticks select-all again and draws everything.
    const options = page.getByTestId('filter-work-type-option');
    for (let index = 1; index < (await options.count()); index += 1) await options.nth(index).click();
    await waitForDrawn(page, { works: works.length });
    assert.equal(await typeAll.isChecked(), true);

    // One proposal year off: only the other years' proposals stay.
    const yearOption = page.getByTestId('filter-proposal-year-option').first();
    const year = Number(await yearOption.getAttribute('data-value'));
    const years = await page
      .getByTestId('filter-proposal-year-option')
      .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-value'))));
    const others = years.filter((value) => value !== year);
    const rest = others.length
      ? await apiGet<TDashboardProposalItem[]>(
          page,
          `/api-web/dashboard?${others.map((y) => `year=${y}`).join('&')}`,
        )
      : [];
    await yearOption.click();
    await waitForDrawn(page, { proposals: rest.length });
    await yearOption.click();
    await waitForDrawn(page, { proposals: proposals.length });
  });

  it('opens the proposal detail for a clicked red line', async () => {
    const target = proposals[0]!;
    // Red as drawn: the demo puts no completed work under a proposal (db/seed/demo.test.ts).
    assertColour(await clickLine(page, 'proposal', target.proposalId), '#ff0000');
    const dialog = page.getByTestId('proposal-detail');
    await dialog.waitFor();
    await shot(page, 'maps-admin-proposal-dialog');
    const detail = await apiGet<TProposalDetail>(page, `/api-web/proposal/${target.proposalId}?exclude=0`);
    await dialog.getByText(detail.proposerName).first().waitFor();
    await dialog.locator('.ant-modal-close').first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('opens the completed-work modal for a clicked coloured line', async () => {
    // Proposals off, so no red line lies over the work.
    await page.getByTestId('filter-proposal-year-all').click();
    await waitForDrawn(page, { proposals: 0 });
    // The layers are read as a spec client reads them (spec §3: idHash, color, coordinate); the map asks
    // for the compact form of the same works.
    const target = works[0]!;
    assert.ok(target.coordinate.length >= 2, 'a work carries its points as {latitude, longitude}');
    const workId = Number(target.idHash);
    // What the canvas shows under the line is the work type's colour.
    assertColour(await clickLine(page, 'work', workId), target.color.toLowerCase());
    const modal = page.getByTestId('completed-work-modal');
    await modal.waitFor();
    const detail = await apiGet<TCompletedWorkDetail>(
      page,
      `/api-web/completed-work-detail/${workId}/detail`,
    );
    assert.equal(await modal.getByTestId('work-field-nama').textContent(), detail.nama);
    await modal.getByTestId('work-field-nilaiLokasi').waitFor();
    await shot(page, 'maps-admin-work-modal');
    await modal.getByTestId('work-close').click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('filter-proposal-year-all').click();
    await waitForDrawn(page, { proposals: proposals.length });
  });

  it('fits the map to a place found with Cari Jalan...', async () => {
    const search = page.getByTestId('place-search');
    await search.fill('Jalan');
    const option = page.getByTestId('place-option').first();
    await option.waitFor({ timeout: 10_000 });
    await option.click();
    assert.match(await search.inputValue(), /\S/);
    await search.fill('');
  });

  it('answers an over-long Cari Jalan... in Indonesian, naming the field', async () => {
    const search = page.getByTestId('place-search');
    await search.fill('jalan '.repeat(34));
    const warning = page.locator('.ant-modal-confirm', { hasText: 'Peringatan..' });
    await warning.waitFor({ timeout: 10_000 });
    const text = (await warning.textContent()) ?? '';
    assert.match(text, /Pencarian maksimal 200 karakter\./);
    assert.doesNotMatch(text, /\b(expected|string|characters|too big)\b/i);
    await shot(page, 'maps-search-too-long');
    await warning.getByRole('button').last().click();
    await warning.waitFor({ state: 'hidden' });
    await search.fill('');
  });

  it('downloads Export Dashboard.xlsx with both sheets', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    assert.equal(download.suggestedFilename(), 'Export Dashboard.xlsx');
    const file = path.join(ARTIFACTS, 'maps-export.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    assert.deepEqual(
      workbook.worksheets.map((sheet) => sheet.name),
      ['Usulan', 'Pekerjaan Selesai'],
    );
    assert.equal(workbook.getWorksheet('Pekerjaan Selesai')!.actualRowCount, works.length + 1);
    assert.equal(workbook.getWorksheet('Usulan')!.actualRowCount, proposals.length + 1);
    await logout(page);
  });
});

describe('maps dashboard (structural: top bar, no sidebar)', () => {
  it('shows the same map and filters in the top-bar layout', async () => {
    await signInAs(page, server.url, 'struktural1');
    await page.goto(`${server.url}/maps`);
    await page.locator('.shell--top-bar').waitFor();
    assert.equal(await page.locator('.shell__sider').count(), 0);
    const counts = await drawn(page);
    assert.ok(counts.proposals > 0 && counts.works > 0);
    await shot(page, 'maps-structural-desktop');
    await logout(page);
  });
});

describe('maps dashboard (umum)', () => {
  it('lands on /maps and never sees nominal values', async () => {
    await signInAs(page, server.url, 'umum1');
    await page.locator('.shell--side-menu').waitFor();
    await drawn(page);
    await shot(page, 'maps-umum-desktop');
    // A proposal on the map: its detail shows the proposer's phone masked and no files.
    const [proposal] = await apiGet<TDashboardProposalItem[]>(page, '/api-web/dashboard');
    await clickLine(page, 'proposal', proposal!.proposalId);
    const dialog = page.getByTestId('proposal-detail');
    await dialog.waitFor();
    const detail = await apiGet<TProposalDetail>(page, `/api-web/proposal/${proposal!.proposalId}?exclude=0`);
    assert.match(detail.phoneNumber, /^\d{4}\*+\d{4}$/);
    await dialog.getByText(detail.phoneNumber).first().waitFor();
    assert.equal(await dialog.getByTestId('detail-files').count(), 0);
    await shot(page, 'maps-umum-proposal-dialog');
    await dialog.locator('.ant-modal-close').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('filter-proposal-year-all').click();
    await waitForDrawn(page, { proposals: 0 });
    const [work] = await apiGet<TDashboardCompletedWorkItem[]>(page, '/api-web/dashboard/completed-work');
    await clickLine(page, 'work', Number(work!.idHash));
    const modal = page.getByTestId('completed-work-modal');
    await modal.getByTestId('work-field-nama').waitFor();
    assert.equal(await modal.getByTestId('work-field-nilaiLokasi').count(), 0);
    await modal.getByTestId('work-close').click();
  });

  it('fits a phone: the filter panel folds above the map', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/maps`);
    await drawn(page);
    await shot(page, 'maps-umum-phone');
    const [proposal] = await apiGet<TDashboardProposalItem[]>(page, '/api-web/dashboard');
    await clickLine(page, 'proposal', proposal!.proposalId);
    const dialog = page.getByTestId('proposal-detail');
    await dialog.waitFor();
    assert.equal(await dialog.getByTestId('detail-files').count(), 0);
    await shot(page, 'maps-umum-phone-proposal-dialog');
    await dialog.locator('.ant-modal-close').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filter-work-type').waitFor();
    await shot(page, 'maps-umum-phone-filters');
    await page.setViewportSize(DESKTOP);
  });
});
