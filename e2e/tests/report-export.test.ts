import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import {
  PROPOSAL_TYPES,
  type TProposalDetail,
  type TProposalRow,
  type TSurveyExportInput,
} from '@eusulan/shared';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { zipEntries } from '../../apps/server/test/zip.ts';
import { apiGet, expectPath, holdFinishedJobs, logout, openAs, settle, signInAs } from '../lib/flows.ts';
import { launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };
/** The server counts survey days in the office's time zone (TIME_ZONE default). */
const OFFICE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' });

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  ({ context, page } = await openAs('admin', { browser, server }));
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

interface SurveyedProposal {
  detail: TProposalDetail;
  /** The office day (YYYY-MM-DD) of its newest submitted survey: the one the export shows. */
  surveyDay: string;
}

/** Every surveyed proposal the admin sees, with its newest survey, found through the API. */
async function surveyedProposals(): Promise<SurveyedProposal[]> {
  const found: SurveyedProposal[] = [];
  for (const type of PROPOSAL_TYPES) {
    const list = await apiGet<{ data: TProposalRow[] }>(
      page,
      `/api-web/proposal?proposalType=${type}&isHistory=0&page=1&limit=100`,
    );
    for (const row of list.data.filter((item) => item.hasSurvey)) {
      const detail = await apiGet<TProposalDetail>(page, `/api-web/proposal/${row.id}?exclude=0`);
      assert.ok(detail.survey?.submittedAt, `proposal ${row.id} has a submitted survey`);
      found.push({ detail, surveyDay: OFFICE_DAY.format(new Date(detail.survey.submittedAt)) });
    }
  }
  return found;
}

const ddmmyyyy = (isoDay: string) => isoDay.split('-').reverse().join('-');

/** Types a date as the picker shows it (DD-MM-YYYY) and confirms it with Enter. */
async function fillDate(testId: string, isoDay: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(ddmmyyyy(isoDay));
  await input.press('Enter');
  assert.equal(await input.inputValue(), ddmmyyyy(isoDay));
}

async function chooseDistricts(names: string[]) {
  await page.getByTestId('export-districts').click();
  const popup = page.getByTestId('export-districts-popup');
  for (const name of names) await popup.getByRole('option', { name, exact: true }).click();
  // A click outside closes the dropdown.
  await page.getByRole('heading', { name: 'Export Hasil Survey' }).click();
  await popup.waitFor({ state: 'hidden' });
  for (const name of names) {
    await page.getByTestId('export-districts').getByText(name, { exact: true }).waitFor();
  }
}

async function chooseOption(label: string) {
  await page.getByTestId('export-option').click();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
  await page.getByTestId('export-option').getByText(label).waitFor();
}

/** The newest open warning: its title, text and Ok button. */
const warning = () => page.locator('.ant-modal-confirm').last();

async function expectWarning(text: string, shot?: string) {
  const dialog = warning();
  await dialog.locator('.ant-modal-confirm-title', { hasText: 'Peringatan!' }).waitFor();
  assert.equal(await dialog.locator('.ant-modal-confirm-content').textContent(), text);
  if (shot) {
    await settle(page);
    await screenshot(page, shot);
  }
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The start of the export job: POST export/jobs with the body of POST export (spec §7). */
const isExportStart = (request: { method(): string; url(): string }) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api-web/export/jobs';

/** Presses Export and answers the request body and the file the browser saved when the job was done. */
async function exportFile() {
  const sent = page.waitForRequest(isExportStart);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-submit').click();
  const body = (await sent).postDataJSON() as TSurveyExportInput;
  const file = await download;
  const content = await readFile((await file.path())!);
  await page.getByTestId('export-saved').waitFor();
  return { body, name: file.suggestedFilename(), content };
}

async function sheetRows(content: Buffer, name: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  assert.ok(sheet, `sheet ${name}`);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((key, index) => [key, values[index]])));
  });
  return rows;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const byId = (a: number, b: number) => a - b;

let surveyed: SurveyedProposal[] = [];
let firstDay = '';
let lastDay = '';
let districts: { id: number; name: string }[] = [];
let districtNames: string[] = [];

async function openReport() {
  await page.goto(`${server.url}/report`);
  await page.getByRole('heading', { name: 'Export Hasil Survey' }).waitFor();
  await page.getByTestId('export-submit').waitFor();
  await settle(page);
}

describe('Export Hasil Survey (/report) as admin', () => {
  it('finds the demo surveys through the API', async () => {
    surveyed = await surveyedProposals();
    assert.ok(surveyed.length >= 4, 'the demo set has surveyed proposals');
    const days = surveyed.map((item) => item.surveyDay).sort();
    firstDay = days[0]!;
    lastDay = days.at(-1)!;
    districts = await apiGet<{ id: number; name: string }[]>(page, '/api/select-list/district?limit=15');
    districtNames = districts.map((district) => district.name);
    assert.equal(districtNames.length, 5);
  });

  it("warns 'Peringatan!' for a missing start date, end date and Rayon, calling nothing", async () => {
    let calls = 0;
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api-web/export'))
        calls++;
    };
    page.on('request', count);
    await openReport();
    await page.getByRole('link', { name: 'Hasil Survey' }).waitFor();
    assert.equal(await page.getByTestId('export-option').textContent(), 'Excel (.xlsx)');
    await page.getByTestId('export-submit').click();
    await expectWarning('Tanggal awal tidak boleh kosong', 'report-warning-desktop');
    await fillDate('export-start-date', firstDay);
    await page.getByTestId('export-submit').click();
    await expectWarning('Tanggal akhir tidak boleh kosong');
    await fillDate('export-end-date', lastDay);
    await page.getByTestId('export-submit').click();
    await expectWarning('Pilih minimal 1 rayon');
    page.off('request', count);
    assert.equal(calls, 0);
  });

  it("'Pilih Semua Rayon' chooses every Rayon, sends them all, and clears them when unticked", async () => {
    await openReport();
    await fillDate('export-start-date', firstDay);
    await fillDate('export-end-date', lastDay);
    const all = page.getByRole('checkbox', { name: 'Pilih Semua Rayon' });
    // Ticked once the list of Rayon has arrived, not at the click itself.
    const ticked = page.locator('[data-testid="export-all-districts"]:checked');
    await all.click();
    await ticked.waitFor();
    for (const name of districtNames) {
      await page.getByTestId('export-districts').getByText(name, { exact: true }).waitFor();
    }
    assert.equal(await all.isChecked(), true);
    await settle(page);
    await screenshot(page, 'report-all-districts');

    await all.click();
    await ticked.waitFor({ state: 'detached' });
    await page.getByTestId('export-districts').getByText(districtNames[0]!, { exact: true }).waitFor({
      state: 'detached',
    });
    await page.getByTestId('export-submit').click();
    await expectWarning('Pilih minimal 1 rayon');

    await all.click();
    await ticked.waitFor();
    const { body } = await exportFile();
    assert.deepEqual(
      body.districtId.map(Number).sort(byId),
      districts.map((district) => district.id).sort(byId),
    );
    assert.deepEqual(Object.keys(body).sort(), ['districtId', 'endDate', 'option', 'startDate']);
  });

  it("exports '.xlsx' of every Rayon: one row per surveyed proposal, its newest survey, its ASB items", async () => {
    await openReport();
    await fillDate('export-start-date', firstDay);
    await fillDate('export-end-date', lastDay);
    await chooseDistricts(districtNames);
    await chooseOption('Excel (.xlsx)');
    await settle(page);
    await screenshot(page, 'report-desktop');

    const { body, name, content } = await exportFile();
    assert.deepEqual(
      { ...body, districtId: body.districtId.map(Number).sort(byId) },
      {
        startDate: firstDay,
        endDate: lastDay,
        districtId: districts.map((district) => district.id).sort(byId),
        option: '.xlsx',
      },
    );
    assert.equal(name, 'Hasil Survey.xlsx');
    assert.equal(content.subarray(0, 2).toString(), 'PK');
    assert.match(
      (await page.getByTestId('export-saved').textContent()) ?? '',
      /Hasil Survey\.xlsx \(.+\) berhasil diunduh\./,
    );
    await settle(page);
    await screenshot(page, 'report-desktop-saved');

    const rows = await sheetRows(content, 'Hasil Survey');
    assert.deepEqual(
      rows.map((row) => row['ID Usulan'] as number).sort(byId),
      surveyed.map((item) => item.detail.id).sort(byId),
    );
    for (const { detail, surveyDay } of surveyed) {
      const row = rows.find((item) => item['ID Usulan'] === detail.id)!;
      // A date cell: the office's day, read back as midnight UTC.
      assert.deepEqual(row['Tanggal Survey'], new Date(`${surveyDay}T00:00:00Z`));
      assert.equal(row.Pengusul, detail.proposerName);
      assert.equal(row.Jalan, detail.road?.name);
      assert.equal(row.Kelurahan, detail.village.name);
      assert.equal(row.Konsultan, detail.consultant.name);
      assert.equal(row['Total Biaya'], detail.survey!.total);
    }
    const items = await sheetRows(content, 'Item ASB');
    const itemCount = surveyed.reduce(
      (sum, { detail }) =>
        sum + detail.survey!.surveyRoad.reduce((roads, road) => roads + road.asbSurveyors.length, 0),
      0,
    );
    assert.equal(items.length, itemCount);
  });

  it("exports 'foto': a zip with one folder per proposal holding its photos", async () => {
    await chooseOption('Foto');
    const { body, name, content } = await exportFile();
    assert.equal(body.option, 'foto');
    assert.equal(name, 'Hasil Survey.zip');
    const entries = await zipEntries(content);
    const photoCount = surveyed.reduce((sum, { detail }) => sum + detail.survey!.surveyPhotos.length, 0);
    assert.equal(entries.size, photoCount);
    const folders = new Set([...entries.keys()].map((entry) => entry.split('/')[1]));
    assert.deepEqual(
      [...folders].map((folder) => Number(folder?.split(' - ')[0])).sort(byId),
      surveyed.map((item) => item.detail.id).sort(byId),
    );
    for (const [entry, bytes] of entries) {
      assert.match(entry, /^Foto\/\d+ - .+\/\d+\. .+\.png$/);
      assert.ok(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${entry} is a PNG`);
    }
  });

  it("shows the export job's progress under the form while the file is written, then saves it", async () => {
    await chooseOption('Excel (.xlsx)');
    // The demo set is written within a second: the job's end is held back to see its progress.
    const hold = await holdFinishedJobs(page);
    try {
      const download = page.waitForEvent('download');
      await page.getByTestId('export-submit').click();
      const progress = page.getByTestId('export-progress');
      await progress.getByRole('progressbar').waitFor();
      await progress
        .getByTestId('export-progress-step')
        .filter({ hasText: /Menunggu giliran|Mengumpulkan data|Menyusun berkas/ })
        .waitFor();
      // The button spins and the form is held while the job runs.
      assert.match((await page.getByTestId('export-submit').getAttribute('class')) ?? '', /ant-btn-loading/);
      assert.equal(await page.getByTestId('export-start-date').isDisabled(), true);
      await screenshot(page, 'report-progress');
      await hold.release();
      const file = await download;
      assert.equal(file.suggestedFilename(), 'Hasil Survey.xlsx');
      await progress.waitFor({ state: 'detached' });
      await page.getByTestId('export-saved').waitFor();
    } finally {
      await hold.release();
    }
  });

  it("answers an empty range with the 'Data tidak ditemukan!' warning", async () => {
    await chooseOption('Excel (.xlsx)');
    await fillDate('export-start-date', '2020-01-01');
    await fillDate('export-end-date', '2020-01-31');
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api-web/export/jobs',
    );
    await page.getByTestId('export-submit').click();
    assert.equal((await answered).status(), 400);
    await expectWarning('Data tidak ditemukan!', 'report-no-data');
  });

  it('fits a phone', async () => {
    await page.setViewportSize(PHONE);
    await openReport();
    await fillDate('export-start-date', firstDay);
    await fillDate('export-end-date', lastDay);
    await chooseDistricts(districtNames.slice(0, 2));
    await settle(page);
    await screenshot(page, 'report-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
    await page.setViewportSize(DESKTOP);
  });
});

describe('Export Hasil Survey as konsultan1 (internal, Rayon Surabaya Pusat)', () => {
  it('offers Export in the menu, locks the Rayon and exports only its own surveys', async () => {
    await logout(page);
    await signInAs(page, server.url, 'konsultan1');
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (
        (await response.json()) as {
          data: { userable: { id: number; district: { id: number; name: string } } };
        }
      ).data.userable;
    });
    await page.getByRole('link', { name: 'Export' }).click();
    await expectPath(page, '/report');
    await page.getByRole('heading', { name: 'Export Hasil Survey' }).waitFor();

    const districts = page.getByTestId('export-districts');
    await districts.getByText(me.district.name, { exact: true }).waitFor();
    assert.match((await districts.getAttribute('class')) ?? '', /ant-select-disabled/);
    await page.getByText('Rayon mengikuti wilayah konsultan Anda.').waitFor();

    await fillDate('export-start-date', firstDay);
    await fillDate('export-end-date', lastDay);
    await settle(page);
    await screenshot(page, 'report-consultant-desktop');
    const { body, name, content } = await exportFile();
    assert.deepEqual(body, {
      startDate: firstDay,
      endDate: lastDay,
      districtId: [me.district.id],
      option: '.xlsx',
      consultantId: me.id,
    });
    assert.equal(name, 'Hasil Survey.xlsx');
    const own = surveyed.filter((item) => item.detail.consultant.id === me.id);
    assert.ok(own.length > 0 && own.length < surveyed.length, 'konsultan1 has some of the surveys');
    const rows = await sheetRows(content, 'Hasil Survey');
    assert.deepEqual(
      rows.map((row) => row['ID Usulan'] as number).sort(byId),
      own.map((item) => item.detail.id).sort(byId),
    );

    await page.setViewportSize(PHONE);
    await settle(page);
    await screenshot(page, 'report-consultant-phone');
    await page.setViewportSize(DESKTOP);
  });
});
