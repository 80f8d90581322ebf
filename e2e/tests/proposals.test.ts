import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PROPOSAL_IMPORT_COLUMNS, PROPOSAL_IMPORT_SHEET } from '@eusulan/shared';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectPath, holdFinishedJobs, openAs, settle } from '../lib/flows.ts';
import { ARTIFACTS, launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

/** A real 1x1 red PNG: the server judges uploads by their content, so the bytes must be a PNG. */
const RED_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

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

/** Dialogs scroll inside their own layer, so a full-page shot would cut them: take the viewport instead. */
async function dialogShot(name: string) {
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

const table = () => page.getByTestId('data-table');
const rows = () => table().locator('tbody tr.ant-table-row');
const rowWith = (text: string): Locator => rows().filter({ hasText: text });
const formModal = () => page.getByTestId('proposal-form-modal');
const detail = () => page.getByTestId('proposal-detail');
const stacked = () => page.getByTestId('proposal-detail-stacked');

async function waitForTable(locator: Locator = table()) {
  await locator.locator('tbody tr:is(.ant-table-row, .ant-table-placeholder)').first().waitFor();
  await settle(page);
}

async function openProposals() {
  await page.goto(`${server.url}/usulan`);
  await page.getByRole('heading', { name: 'Usulan' }).waitFor();
  await waitForTable();
}

/** Types into Cari and waits for the list call the 1000 ms debounce sends. */
async function search(text: string, path = '/api-web/proposal') {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === path &&
      new URL(response.url()).searchParams.get('search') === text,
  );
  await table().getByTestId('table-search').fill(text);
  await answered;
  await settle(page);
}

async function expectSuccess(text: string) {
  const dialog = page.locator('.ant-modal-confirm', { hasText: 'Berhasil!' });
  await dialog.getByText(text).waitFor();
  await settle(page);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await dialog.waitFor({ state: 'detached' });
  await settle(page);
}

/** Opens a RemoteSelect, searches its 'Search' box and picks the option. */
async function choose(scope: Locator, testId: string, searchText: string, option: string) {
  await settle(page);
  await scope.getByTestId(testId).click();
  const popup = page.getByTestId(`${testId}-popup`);
  await popup.waitFor();
  await page.getByTestId(`${testId}-search`).fill(searchText);
  await popup.getByRole('option', { name: option }).click();
  await popup.waitFor({ state: 'hidden' });
}

/** An RT or RW select (options 00-99): type the number and press Enter. */
async function chooseNumber(scope: Locator, testId: string, value: string) {
  await scope.getByTestId(testId).click();
  await page.keyboard.type(value);
  await page.locator('.ant-select-dropdown:visible').getByTitle(value, { exact: true }).waitFor();
  await page.keyboard.press('Enter');
}

async function typeDate(scope: Locator, value: string) {
  const input = scope.getByTestId('field-date');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

interface ProposalInput {
  date: string;
  name: string;
  phone: string;
  road: [string, string];
  village: [string, string];
  rt: string;
  rw: string;
  address: string;
  consultant: [string, string];
}

async function fillProposal(input: ProposalInput) {
  const modal = formModal();
  await typeDate(modal, input.date);
  await modal.getByTestId('field-proposer-name').fill(input.name);
  await modal.getByTestId('field-phone').fill(input.phone);
  await choose(modal, 'field-road', ...input.road);
  await choose(modal, 'field-village', ...input.village);
  await chooseNumber(modal, 'field-rt', input.rt);
  await chooseNumber(modal, 'field-rw', input.rw);
  await modal.getByTestId('field-address').fill(input.address);
  await choose(modal, 'field-consultant', ...input.consultant);
}

const PLACE = {
  road: ['Tunjungan', 'Jalan Tunjungan'] as [string, string],
  village: ['Embong', 'Embong Kaliasin - Genteng'] as [string, string],
  rt: '07',
  rw: '09',
};

const FIRST: ProposalInput = {
  date: '05-01-2026',
  name: 'Pengusul Uji E2E',
  phone: '081298765432',
  ...PLACE,
  address: 'Depan Gedung Siola, trotoar sisi timur rusak',
  consultant: ['Rayon', 'Rayon Surabaya Pusat (Internal)'],
};

const SECOND: ProposalInput = {
  ...FIRST,
  date: '12-02-2026',
  name: 'Pengusul Kedua E2E',
  phone: '081298760000',
  address: 'Lubang di badan jalan dekat halte',
};

describe('Usulan: add, list, edit, place history', () => {
  it('refuses an empty form with the spec texts, then adds a taruna proposal with a photo', async () => {
    await openProposals();
    await screenshot(page, 'proposals-list');
    assert.equal(await page.getByTestId('import-button').count(), 0, 'no import on taruna');

    await page.getByTestId('add-button').click();
    await formModal().getByText('Tambah Data Usulan Jalan Taruna').waitFor();
    await formModal().getByTestId('form-save').click();
    await formModal().getByText('No HP tidak boleh kosong!').waitFor();
    await formModal().getByText('Alamat tidak boleh kosong!').waitFor();
    await formModal().getByText('Pilih salah satu!').waitFor();
    await formModal().getByText('Pilih Salah Satu', { exact: true }).waitFor();
    // The consultant waits for a village.
    assert.equal(
      await formModal()
        .getByTestId('field-consultant')
        .evaluate((el) => el.className.includes('disabled')),
      true,
    );
    await settle(page);
    await dialogShot('proposals-form-validation');

    await fillProposal(FIRST);
    const files = formModal().getByTestId('field-files').locator('input[type=file]');
    // A file of another type is refused before anything is sent.
    await files.setInputFiles({
      name: 'catatan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('bukan foto'),
    });
    await page.locator('.ant-notification-notice', { hasText: 'Silahkan periksa file Anda lagi' }).waitFor();
    await files.setInputFiles({ name: 'foto-jalan.png', mimeType: 'image/png', buffer: RED_PIXEL_PNG });
    await formModal().getByText('foto-jalan.png').waitFor();
    assert.equal(await formModal().getByText('catatan.txt').count(), 0);

    // Changing the village clears the consultant (spec §4); choose it again.
    await choose(formModal(), 'field-village', 'Kedungdoro', 'Kedungdoro - Tegalsari');
    await formModal().getByTestId('field-consultant').getByText('Pilih Data').waitFor();
    await choose(formModal(), 'field-village', ...PLACE.village);
    await choose(formModal(), 'field-consultant', ...FIRST.consultant);
    await settle(page);
    await dialogShot('proposals-form-filled');

    await formModal().getByTestId('form-save').click();
    await expectSuccess('Menambahkan data usulan');

    // Back on page 1, newest first (id descending).
    const row = rowWith(FIRST.name);
    await row.waitFor();
    assert.equal(await rows().first().locator('td').first().textContent(), '1');
    await row.getByText('05-01-2026').waitFor();
    await row.getByText('Rayon Surabaya Pusat').waitFor();
    await row.getByText('Internal').waitFor();
    await row.getByText(FIRST.phone).waitFor();
    await row.getByText('RT 07 / RW 09').waitFor();
    await row.getByText('Tidak disurvey').waitFor();
    await row.getByRole('button', { name: 'Edit' }).waitFor();
    assert.equal(await row.getByRole('button', { name: 'Print' }).count(), 0, 'no print without a survey');
    await screenshot(page, 'proposals-list-added');
  });

  it('adds a second proposal at the same place; Cek Histori Jalan lists the first, its Detail stacks on the form', async () => {
    await page.getByTestId('add-button').click();
    await formModal().getByText('Tambah Data Usulan Jalan Taruna').waitFor();
    await choose(formModal(), 'field-road', ...PLACE.road);
    await choose(formModal(), 'field-village', ...PLACE.village);
    await chooseNumber(formModal(), 'field-rt', PLACE.rt);
    assert.equal(await formModal().getByTestId('check-road-history').count(), 0, 'needs RT and RW');
    await chooseNumber(formModal(), 'field-rw', PLACE.rw);
    await formModal().getByTestId('check-road-history').click();
    const history = formModal().getByTestId('road-history-table');
    await history.locator('tbody tr.ant-table-row', { hasText: FIRST.name }).waitFor();
    await history.scrollIntoViewIfNeeded();
    await settle(page);
    await dialogShot('proposals-form-history');

    await history.getByRole('button', { name: 'Detail' }).click();
    await stacked().getByText('Detail Usulan Taruna - 05-01-2026').waitFor();
    await stacked().getByText(FIRST.address).waitFor();
    assert.equal(
      await stacked().getByTestId('edit-contact-person').count(),
      0,
      'the stacked detail is read-only',
    );
    await settle(page);
    await dialogShot('proposals-form-stacked-detail');
    await stacked().getByTestId('detail-close').click();
    await stacked().waitFor({ state: 'hidden' });
    // Back on the form, with what was chosen.
    await formModal().getByTestId('field-road').getByText('Jalan Tunjungan').waitFor();

    await fillProposal(SECOND);
    await formModal().getByTestId('form-save').click();
    await expectSuccess('Menambahkan data usulan');
    await rowWith(SECOND.name).getByText('Histori lokasi: 1').waitFor();
    await rowWith(FIRST.name).getByText('Histori lokasi: 1').waitFor();
  });

  it('edits the proposal with its stored file listed and kept', async () => {
    await rowWith(FIRST.name).getByRole('button', { name: 'Edit' }).click();
    await formModal().getByText('Edit Data Usulan Jalan Taruna').waitFor();
    assert.equal(await formModal().getByTestId('field-proposer-name').inputValue(), FIRST.name);
    assert.equal(await formModal().getByTestId('field-date').inputValue(), '05-01-2026');
    await formModal().getByText('foto-jalan.png').waitFor();
    await formModal().getByText('Rayon Surabaya Pusat (Internal)').waitFor();
    await settle(page);
    await dialogShot('proposals-form-edit');

    // The stored file stays (its id goes back as existingFileId[]; the detail below still shows it).
    await formModal().getByTestId('field-proposer-name').fill(`${FIRST.name} Diubah`);
    await formModal().getByTestId('form-save').click();
    await expectSuccess('Memperbarui data usulan');
    await rowWith(`${FIRST.name} Diubah`).waitFor();
  });

  it('saves once on a double-click of Simpan; a copy someone else saved meanwhile offers Muat ulang', async () => {
    const THIRD: ProposalInput = {
      ...SECOND,
      rt: '11',
      rw: '12',
      name: 'Pengusul Klik Ganda',
      address: 'Klik ganda pada Simpan',
    };
    const creates: string[] = [];
    const countCreate = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api-web/proposal') {
        creates.push(request.url());
      }
    };
    page.on('request', countCreate);
    await page.getByTestId('add-button').click();
    await formModal().getByText('Tambah Data Usulan Jalan Taruna').waitFor();
    await fillProposal(THIRD);
    await formModal().getByTestId('form-save').dblclick();
    await expectSuccess('Menambahkan data usulan');
    page.off('request', countCreate);
    await search(THIRD.name);
    await rowWith(THIRD.name).waitFor();
    assert.equal(creates.length, 1, 'one POST proposal for a double-click');
    assert.equal(await rowWith(THIRD.name).count(), 1, 'one proposal created');

    // Two people edit it: the second save comes from a copy loaded before the first save.
    await rowWith(THIRD.name).getByRole('button', { name: 'Edit' }).click();
    await formModal().getByText('Edit Data Usulan Jalan Taruna').waitFor();
    // The colleague works in a browser of their own.
    const { context: theirContext, page: colleague } = await openAs('admin', { browser, server });
    await colleague.goto(`${server.url}/usulan`);
    await colleague.getByTestId('table-search').fill(THIRD.name);
    const theirRow = colleague
      .getByTestId('data-table')
      .locator('tbody tr.ant-table-row', { hasText: THIRD.name });
    await theirRow.getByRole('button', { name: 'Edit' }).click();
    const theirForm = colleague.getByTestId('proposal-form-modal');
    await theirForm.getByText('Edit Data Usulan Jalan Taruna').waitFor();
    await theirForm.getByTestId('field-proposer-name').fill(`${THIRD.name} Rekan`);
    await theirForm.getByTestId('form-save').click();
    await colleague.locator('.ant-modal-confirm', { hasText: 'Memperbarui data usulan' }).waitFor();
    await theirContext.close();

    await formModal().getByTestId('field-address').fill('Alamat dari salinan lama');
    await formModal().getByTestId('form-save').click();
    const stale = page.locator('.ant-modal-confirm', {
      hasText: 'Data telah diubah oleh pengguna lain, muat ulang.',
    });
    await stale.waitFor();
    assert.equal(await page.getByText('Terjadi kesalahan koneksi').count(), 0);
    await dialogShot('proposals-form-stale-copy');
    await stale.getByRole('button', { name: 'Muat ulang' }).click();
    await stale.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (name) =>
        (
          document.querySelector(
            '[data-testid="proposal-form-modal"] [data-testid="field-proposer-name"]',
          ) as HTMLInputElement | null
        )?.value === name,
      `${THIRD.name} Rekan`,
    );
    assert.equal(await formModal().getByTestId('field-address').inputValue(), THIRD.address);
    await formModal().getByTestId('form-save').click();
    await expectSuccess('Memperbarui data usulan');
  });
});

describe('Detail Usulan', () => {
  it('shows the proposal with its photo, the location history with a stacked detail, and edits the contact person', async () => {
    await search('Diubah');
    await rowWith(`${FIRST.name} Diubah`).getByRole('button', { name: 'Detail' }).click();
    await detail().getByText('Detail Usulan Taruna - 05-01-2026').waitFor();
    await detail().getByText('Embong Kaliasin - Kecamatan Genteng').waitFor();
    await detail().getByText('Rayon Surabaya Pusat').first().waitFor();
    const image = detail().getByTestId('detail-files').locator('img').first();
    await image.waitFor();
    // The media link carries the token and answers with the stored picture.
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1,
      await image.elementHandle(),
    );
    assert.match((await image.getAttribute('src')) ?? '', /\/api-web\/media\/proposal-file\/\d+\?token=/);
    await detail().getByText('Tidak ada file').waitFor();
    await settle(page);
    await dialogShot('proposals-detail');

    await detail().getByTestId('show-location-history').getByText('Lihat histori lokasi (1)').click();
    const history = detail().getByTestId('location-history-table');
    await history.locator('tbody tr.ant-table-row', { hasText: SECOND.name }).waitFor();
    await settle(page);
    await dialogShot('proposals-detail-history');
    await history.getByRole('button', { name: 'Detail' }).click();
    await stacked().getByText('Detail Usulan Taruna - 12-02-2026').waitFor();
    await settle(page);
    await dialogShot('proposals-detail-stacked');
    await stacked().getByTestId('detail-close').click();
    await stacked().waitFor({ state: 'hidden' });
    await detail().getByTestId('hide-location-history').click();
    await detail().getByTestId('show-location-history').waitFor();

    await detail().getByTestId('edit-contact-person').click();
    const contact = page.getByTestId('contact-person-modal');
    await contact.getByText('Edit Contact Person').waitFor();
    assert.equal(await contact.getByTestId('field-phone').inputValue(), FIRST.phone);
    // The road is required here, unlike the proposal form: the refusal comes as a 'Peringatan!' alert.
    await settle(page);
    await contact.getByTestId('field-road').hover();
    await contact.getByTestId('field-road').locator('.ant-select-clear').click();
    await contact.getByTestId('form-save').click();
    const warning = page.locator('.ant-modal-confirm', { hasText: 'Peringatan!' });
    await warning.getByText('Jalan tidak boleh kosong').waitFor();
    await settle(page);
    await dialogShot('proposals-contact-person-warning');
    await warning.getByRole('button', { name: 'Ok' }).click();
    await warning.waitFor({ state: 'detached' });
    await choose(contact, 'field-road', 'Darmo', 'Jalan Raya Darmo');
    await contact.getByTestId('field-phone').fill('081311112222');
    await contact
      .getByTestId('field-files')
      .locator('input[type=file]')
      .setInputFiles({ name: 'foto-kedua.png', mimeType: 'image/png', buffer: RED_PIXEL_PNG });
    await contact.getByText('foto-kedua.png').waitFor();
    await contact.getByTestId('form-save').click();
    await expectSuccess('Memperbarui data contact person');
    // The detail reloads with the new values.
    await detail().getByText('081311112222').waitFor();
    await detail().getByText('Jalan Raya Darmo').waitFor();
    await detail().getByText('foto-kedua.png').waitFor();
    await detail().getByText('Lihat histori lokasi (0)').waitFor();

    // Riwayat Perubahan: the admin sees who changed what and when, newest first.
    await detail().getByRole('tab', { name: 'Riwayat Perubahan' }).click();
    const entries = detail().getByTestId('audit-trail').getByTestId('audit-entry');
    await entries.first().getByText('Memperbarui contact person').waitFor();
    assert.deepEqual(await entries.locator('strong').allTextContents(), [
      'Memperbarui contact person',
      'Memperbarui data',
      'Menambahkan data',
    ]);
    const phoneChange = entries.first().locator('tr', { hasText: 'No HP' });
    assert.deepEqual(await phoneChange.locator('td').allTextContents(), [
      'No HP',
      FIRST.phone,
      '081311112222',
    ]);
    await entries
      .nth(1)
      .locator('tr', { hasText: `${FIRST.name} Diubah` })
      .waitFor();
    await entries
      .first()
      .getByText(/oleh .+ · \d{2}-\d{2}-\d{4} \d{2}:\d{2}/)
      .waitFor();
    await settle(page);
    await dialogShot('proposals-detail-audit');
    await detail().getByTestId('detail-close').click();
    await detail().waitFor({ state: 'hidden' });
    await rowWith('081311112222').waitFor();
  });
});

describe('Surveyed and verified proposals', () => {
  it('offers Detail only once verified, Print with a survey, and the Hasil Survey tab', async () => {
    await openProposals();
    // Status descending brings the surveyed proposals of the demo set to the first page.
    await page.getByTestId('sort-status_type').click();
    await settle(page);
    await page.getByTestId('sort-status_type').click();
    await settle(page);
    const surveyed = rows().filter({ hasText: 'Sudah disurvey' }).first();
    await surveyed.waitFor();
    assert.equal(await surveyed.getByRole('button', { name: 'Edit' }).count(), 0, 'no edit once verified');

    const popup = page.waitForEvent('popup');
    await surveyed.getByRole('button', { name: 'Print' }).click();
    const printed = await popup;
    await printed.waitForURL(/\/cetak-data-usulan-survey\?id=\d+$/);
    await printed.close();

    await surveyed.getByRole('button', { name: 'Detail' }).click();
    await detail().getByRole('tab', { name: 'Usulan' }).waitFor();
    await detail().getByRole('tab', { name: 'Hasil Survey' }).click();
    await detail().getByTestId('survey-results').waitFor();
    await detail().getByTestId('survey-cost-total').waitFor();
    await dialogShot('proposals-detail-surveyed');
    await detail().getByTestId('detail-close').click();
    await detail().waitFor({ state: 'hidden' });

    const verified = rows().filter({ hasText: 'Belum disurvey' }).first();
    if ((await verified.count()) > 0) {
      assert.equal(await verified.getByRole('button', { name: 'Edit' }).count(), 0);
      assert.equal(await verified.getByRole('button', { name: 'Print' }).count(), 0);
    }
    await screenshot(page, 'proposals-list-by-status');
  });
});

async function importWorkbook(dataRows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(PROPOSAL_IMPORT_SHEET);
  sheet.addRow(PROPOSAL_IMPORT_COLUMNS.map((column) => column.header));
  for (const row of dataRows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('Import Data (pokir)', () => {
  it('asks for a file, downloads the template, shows the refused rows, then imports a good file', async () => {
    await openProposals();
    await page.getByRole('tab', { name: 'Pokir' }).click();
    await waitForTable();
    await page.getByTestId('import-button').click();
    const modal = page.getByTestId('import-modal');
    await modal.getByText('Data yang diupload tidak akan menggantikan data yang sudah ada.').waitFor();
    await modal.getByTestId('import-save').click();
    await page.locator('.ant-notification-notice', { hasText: 'Pilih file terlebih dahulu!' }).waitFor();

    const download = page.waitForEvent('download');
    await modal.getByTestId('download-template').click();
    assert.equal((await download).suggestedFilename(), 'Template Import Usulan Pokir.xlsx');

    const input = modal.locator('input[type=file]');
    await input.setInputFiles({
      name: 'usulan-salah.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importWorkbook([
        [
          '03-02-2026',
          'Pengusul Impor Baik',
          '081234000001',
          'Jalan Kenjeran',
          'Kedungdoro',
          '01',
          '02',
          'Alamat A',
          'RYN-PST',
        ],
        [
          '31-02-2026',
          '',
          '081234000002',
          'Jalan Tidak Ada',
          'Kedungdoro',
          '01',
          '02',
          'Alamat B',
          'RYN-PST',
        ],
      ]),
    });
    await modal.getByText('usulan-salah.xlsx').waitFor();
    await modal.getByTestId('import-save').click();
    const errors = modal.getByTestId('import-errors');
    await errors.getByRole('columnheader', { name: 'Baris' }).waitFor();
    await errors.getByRole('columnheader', { name: 'Keterangan' }).waitFor();
    const badRow = errors.locator('tbody tr.ant-table-row').filter({ hasText: 'Jalan Tidak Ada' });
    assert.equal(await badRow.locator('td').first().textContent(), '3');
    assert.equal(await page.locator('.ant-modal-confirm').count(), 0, 'no popup for a refused import');
    await settle(page);
    await dialogShot('proposals-import-errors');

    await input.setInputFiles({
      name: 'usulan-benar.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importWorkbook([
        [
          '03-02-2026',
          'Pengusul Impor Satu',
          '081234000001',
          'Jalan Kenjeran',
          'Kedungdoro',
          '01',
          '02',
          'Alamat A',
          'RYN-PST',
        ],
        ['04-02-2026', 'Pengusul Impor Dua', '081234000002', '', 'Kedungdoro', '', '', 'Alamat B', 'CV-CKM'],
      ]),
    });
    // A new file clears the old error table.
    assert.equal(await modal.getByTestId('import-errors').count(), 0);
    // Two rows are stored within a second: the job's end is held back to see its progress in the dialog.
    const hold = await holdFinishedJobs(page);
    try {
      await modal.getByTestId('import-save').click();
      const progress = modal.getByTestId('import-progress');
      await progress.getByRole('progressbar').waitFor();
      await progress
        .getByTestId('import-progress-step')
        .filter({ hasText: /Mengirim berkas|Menunggu giliran|Memeriksa data|Menyimpan data/ })
        .waitFor();
      assert.equal(await modal.getByTestId('import-save').isDisabled(), true, 'Simpan waits for the job');
      await page.screenshot({ path: path.join(ARTIFACTS, 'proposals-import-progress.png') });
    } finally {
      await hold.release();
    }
    await expectSuccess('Import data Usulan');
    await modal.waitFor({ state: 'hidden' });
    await rowWith('Pengusul Impor Satu').waitFor();
    await rowWith('Pengusul Impor Dua').getByText('RT - / RW -').waitFor();
    await screenshot(page, 'proposals-pokir-imported');
  });

  it('filters by year range', async () => {
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api-web/proposal' &&
        new URL(response.url()).searchParams.get('startYear') === '2027',
    );
    await page.getByTestId('filter-start-year').click();
    await page.getByTestId('filter-start-year').fill('2027');
    await page.getByTestId('filter-start-year').press('Enter');
    await answered;
    await settle(page);
    await table().getByText('Tidak ditemukan data apapun disini.').waitFor();
  });
});

describe('Tugas Survey', () => {
  it('lists consultants by active tasks, sorts by name, and opens one surveyor’s task list', async () => {
    await page.goto(`${server.url}/assigned-konsultan`);
    await page.getByRole('heading', { name: 'Tugas Survey' }).waitFor();
    await waitForTable();
    const first = rowWith('Rayon Surabaya Pusat');
    await first.getByText('Internal').waitFor();
    await first.getByText(/\d+ dapat disurvey dari \d+ usulan/).waitFor();
    await screenshot(page, 'assigned-consultants');

    const sorted = page.waitForResponse((response) => {
      const params = new URL(response.url()).searchParams;
      return (
        new URL(response.url()).pathname === '/api-web/assigned-consultant' &&
        params.get('sort_by') === 'name' &&
        params.get('order_by') === 'asc'
      );
    });
    await page.getByTestId('consultant-sort').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Alphabet A-Z').click();
    await sorted;
    await settle(page);
    assert.match((await rows().first().textContent()) ?? '', /CV Cipta Karya Mandiri/);

    await rowWith('Rayon Surabaya Pusat').getByRole('button', { name: 'Lihat Usulan' }).click();
    await page.waitForURL(/\/assigned-konsultan\/detail\/\d+\?name=Rayon\+Surabaya\+Pusat$/);
    await page.getByRole('heading', { name: 'Daftar Tugas Survey Usulan Jalan' }).waitFor();
    await page.getByTestId('consultant-name').getByText('Rayon Surabaya Pusat').waitFor();
    await waitForTable();
    await search(
      'Diubah',
      new URL(page.url()).pathname.replace('/assigned-konsultan/detail/', '/api-web/assigned-consultant/') +
        '/list-proposal',
    );
    await rowWith(`${FIRST.name} Diubah`).getByText('Taruna').waitFor();
    await screenshot(page, 'assigned-consultant-tasks');
    const byDate = page.waitForResponse(
      (response) =>
        response.url().includes('/list-proposal') &&
        new URL(response.url()).searchParams.get('sort_by') === 'proposal_date',
    );
    await page.getByTestId('sort-proposal_date').click();
    await byDate;
    await settle(page);

    await rowWith(`${FIRST.name} Diubah`).getByRole('button', { name: 'Detail' }).click();
    await detail().getByText('Detail Usulan Taruna - 05-01-2026').waitFor();
    await detail().getByTestId('detail-close').click();
    await detail().waitFor({ state: 'hidden' });

    await page.getByTestId('back-button').click();
    await expectPath(page, '/assigned-konsultan');
  });
});
