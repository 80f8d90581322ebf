import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatRupiah, PROPOSAL_TYPES, type TProposalDetail, type TProposalRow } from '@eusulan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, openAs, settle, signIn } from '../lib/flows.ts';
import {
  ARTIFACTS,
  E2E_ADMIN_PASSWORD,
  launchBrowser,
  type RunningServer,
  startServer,
} from '../lib/harness.ts';
import { type LongSurvey, makeLongSurvey } from '../lib/long-survey.ts';
import {
  attachmentPageIndexes,
  footGreyShare,
  lampiranCount,
  pageCount,
  pageTexts,
  pdfText,
  printReport,
  readingText,
  renderPages,
} from '../lib/report-pdf.ts';

const REPORT_TITLE = 'Laporan Hasil Survey Lapangan';
const NO_SURVEY_TEXT = 'Laporan belum tersedia: usulan ini belum memiliki hasil survey yang dikirim.';
const NOT_FOUND_TEXT = 'Usulan tidak ditemukan atau Anda tidak memiliki akses ke usulan ini.';

const CREST = {
  name: 'lambang-kota.png',
  mimeType: 'image/png',
  buffer: readFileSync(new URL('../../apps/server/test/fixtures/road-photo.png', import.meta.url)),
};

let server: RunningServer;
let adminToken: string;
let long: LongSurvey;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  adminToken = await signIn(server.url, 'admin', E2E_ADMIN_PASSWORD);
  browser = await launchBrowser();
  ({ context, page } = await openAs('admin', { browser, server, viewport: { width: 1280, height: 900 } }));
  mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function allProposals(target: Page): Promise<TProposalRow[]> {
  const rows: TProposalRow[] = [];
  for (const type of PROPOSAL_TYPES) {
    const list = await apiGet<{ data: TProposalRow[] }>(
      target,
      `/api-web/proposal?isHistory=0&proposalType=${type}&page=1&limit=100`,
    );
    rows.push(...list.data);
  }
  return rows;
}

const isPicture = (name: string) => /\.(png|jpe?g)$/i.test(name);

/**
 * The printed letter holds what a kepala bidang checks first: a Nomor in the office's format, the Sifat, a
 * Lampiran that counts the attachment pages that really print (the last pages, each headed as an attachment
 * of that Nomor), and no block of colour left at the foot of any page with background graphics printed.
 */
function assertLetter(file: string, nomor: RegExp, sifat: string) {
  const texts = pageTexts(file);
  const whole = texts.join(' ');
  assert.match(whole, new RegExp(`Nomor : ${nomor.source}`), 'Nomor');
  assert.ok(whole.includes(`Sifat : ${sifat}`), `Sifat ${sifat}`);
  const attached = attachmentPageIndexes(texts);
  assert.equal(lampiranCount(whole), attached.length, 'Lampiran counts the attachment pages');
  // The attachment pages are the letter's last pages.
  assert.deepEqual(
    attached,
    Array.from({ length: attached.length }, (_, index) => texts.length - attached.length + index),
  );
  const grey = footGreyShare(file).at(-1) ?? 1;
  assert.ok(
    grey < 0.05,
    `the last page's foot is paper, not a grey block (${(grey * 100).toFixed(0)} % grey)`,
  );
  return texts;
}

/** A surveyed demo proposal; one with structural photos when the demo has it, so both photo pages print. */
async function surveyedProposal(): Promise<TProposalDetail> {
  const surveyed = (await allProposals(page)).filter((row) => row.hasSurvey);
  assert.ok(surveyed.length > 0, 'the demo set has surveyed proposals');
  const details = await Promise.all(
    surveyed.map((row) => apiGet<TProposalDetail>(page, `/api-web/proposal/${row.id}?exclude=0`)),
  );
  const withStructuralPhoto = details.find((detail) =>
    detail.proposalFilesStruktural.some((file) => isPicture(file.name)),
  );
  return withStructuralPhoto ?? details[0]!;
}

const DAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** 'Senin, 23 November 2026', written out here so the test does not trust the page's own formatter. */
function indonesianDayDate(iso: string): string {
  const date = new Date(iso);
  return `${DAYS[date.getDay()]}, ${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** Spec §9 from the API's raw numbers: length × width × unit price per item (to the sen), summed. */
function expectedTotals(detail: TProposalDetail) {
  const roads = detail.survey!.surveyRoad.map((road) =>
    road.asbSurveyors.reduce((sum, item) => {
      const { long, wide } = item.surveyRoadAsbSurveyor;
      return sum + Math.round(long * wide * item.price! * 100) / 100;
    }, 0),
  );
  return { roads, total: roads.reduce((sum, value) => sum + value, 0) };
}

/** 'Berhasil!' 'Memperbarui pengaturan surat', closed, and gone before the next step opens another. */
async function closeSuccess() {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: 'Memperbarui pengaturan surat' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await page.waitForFunction(() => !document.querySelector('.ant-modal-confirm'));
}

async function openReport(target: Page, id: number | string) {
  await target.goto(`${server.url}/cetak-data-usulan-survey?id=${id}`);
}

async function waitForReport(target: Page) {
  await target.locator('[data-testid="survey-report"][data-ready="true"]').waitFor({ timeout: 20_000 });
  await settle(target);
}

describe('Printable field survey report (/cetak-data-usulan-survey)', () => {
  let detail: TProposalDetail;
  let nomor = '';

  it('prints the letter of a surveyed proposal to an A4 PDF with the title, location, date and totals', async () => {
    detail = await surveyedProposal();
    const survey = detail.survey!;
    await openReport(page, detail.id);
    await waitForReport(page);

    // A bare page: none of the signed-in shell.
    assert.equal(await page.locator('.shell').count(), 0);
    assert.equal(await page.getByTestId('user-menu-trigger').count(), 0);

    // One static map per surveyed road, its line red with weight 5, even though no tile loads.
    const maps = page.getByTestId('report-map');
    assert.equal(await maps.count(), survey.surveyRoad.length);
    const line = maps.first().locator('path.leaflet-interactive, path').first();
    assert.equal(await line.getAttribute('stroke'), 'red');
    assert.equal(await line.getAttribute('stroke-width'), '5');
    const box = await maps.first().boundingBox();
    assert.deepEqual([Math.round(box!.width), Math.round(box!.height)], [600, 300]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'print-report-screen.png'), fullPage: true });

    const pdfPath = path.join(ARTIFACTS, 'print-report.pdf');
    await printReport(page, pdfPath);
    const text = pdfText(pdfPath);
    const reading = readingText(pdfPath);
    const texts = assertLetter(pdfPath, /620\/\d+\/436\.7\.6\/\d{4}/, 'Biasa');
    nomor = /Nomor : (\S+)/.exec(text)?.[1] ?? '';
    // The crest is the app's own mark until the office uploads one.
    assert.equal(await page.getByTestId('report-crest').getAttribute('src'), '/favicon.svg');
    assert.ok(text.includes(REPORT_TITLE), 'title');
    assert.ok(text.includes('Kepala Bidang Jalan dan Jembatan'), 'addressee');
    assert.ok(text.includes(detail.road!.name), `road ${detail.road!.name}`);
    assert.ok(text.includes(detail.village.name), 'kelurahan');
    assert.ok(text.includes(detail.village.subdistrict.name), 'kecamatan');
    assert.ok(reading.includes(`Laporan Hasil Survey Lapangan Usulan ${detail.proposalTypeName}`), 'subject');
    const date = indonesianDayDate(survey.submittedAt ?? survey.createdAt!);
    assert.ok(text.includes(date), `date ${date}`);
    assert.ok(text.includes('Saran dan Masukan'), 'suggestions');
    assert.ok(text.includes('Mengetahui') && text.includes('Yang Melaporkan'), 'signatures');
    assert.ok(text.includes(survey.surveyorName!), 'surveyor');

    const totals = expectedTotals(detail);
    // The API's own totals agree with the raw numbers, and the PDF shows them.
    assert.equal(survey.total, totals.total);
    for (const roadTotal of totals.roads) {
      assert.ok(text.includes(`Subtotal Ruas`) && text.includes(formatRupiah(roadTotal)), 'road subtotal');
    }
    assert.ok(text.includes(`Total Estimasi Biaya ${formatRupiah(totals.total)}`), 'overall total');
    const firstItem = survey.surveyRoad[0]!.asbSurveyors[0]!;
    assert.ok(text.includes(formatRupiah(firstItem.price)), 'unit price');
    // Photos by category, captioned with the category and the surveyor's words, never the file name.
    for (const photo of survey.surveyPhotos) {
      assert.ok(text.includes(photo.photoCategory!.name), `category ${photo.photoCategory!.name}`);
      assert.ok(reading.includes(photo.description), `caption ${photo.description}`);
      assert.ok(!text.includes(photo.name), `no file name ${photo.name}`);
    }
    const structural = detail.proposalFilesStruktural.some((file) => isPicture(file.name));
    assert.ok(text.includes('Lampiran I Laporan Hasil Survey Lapangan Nomor'));
    assert.equal(text.includes('Lampiran II Laporan Hasil Survey Lapangan Nomor'), structural);
    if (structural) assert.ok(text.includes('Persetujuan Struktural 1: keputusan'));
    // Nothing of the screen furniture is printed.
    assert.ok(!text.includes('Cetak'), 'no print button');
    assert.ok(!text.includes('Edit Laporan'), 'no edit button');

    // The pages as pictures, for a person to look at.
    const pictures = renderPages(pdfPath, path.join(ARTIFACTS, 'print-report-page'));
    assert.equal(pictures.length, texts.length);
  });

  it('keeps the Nomor when the report is printed again', async () => {
    await openReport(page, detail.id);
    await waitForReport(page);
    assert.equal(await page.getByTestId('report-letter-nomor').textContent(), nomor);
  });

  it('edits the report in the editor, applies it, and returns to the initial view', async () => {
    // Photos that answer slowly keep the report loading, so the editor first shows its waiting text.
    const slowPhotos = '**/api-web/media/survey-photo/**';
    await page.route(slowPhotos, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    assert.ok(detail.survey!.surveyPhotos.length > 0, 'the demo survey has a photo');
    await openReport(page, detail.id);
    await page.locator('[data-testid="survey-report"][data-ready="false"]').waitFor();
    await page.getByRole('button', { name: 'Edit Laporan' }).click();
    await page.getByText('Sedang memuat tampilan awal laporan, harap tunggu....').waitFor();
    const editor = page.getByTestId('report-editor-content');
    await editor.waitFor({ timeout: 15_000 });
    await page.unroute(slowPhotos);
    assert.equal(await page.getByText('Sedang memuat tampilan awal laporan').count(), 0);
    // Fixed blocks are kept by name: the letterhead and one map per road.
    await editor.getByText('Kop surat (tidak dapat diedit di sini)').waitFor();
    assert.equal(
      await editor.locator('[data-report-block^="map-"]').count(),
      detail.survey!.surveyRoad.length,
    );

    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'print-report-editor.png') });

    const closing = editor.getByText('Demikian laporan ini kami sampaikan');
    await closing.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Catatan tambahan dari e2e.');
    await page.getByTestId('report-editor-page-break').click();
    await page.getByTestId('report-editor-apply').click();
    await page.locator('.survey-report-editor .ant-modal').waitFor({ state: 'hidden' });

    const paper = page.getByTestId('report-paper');
    await paper.getByText('Catatan tambahan dari e2e.').waitFor();
    await page.getByTestId('report-edited-notice').waitFor();
    assert.equal(await paper.getByTestId('report-map').count(), detail.survey!.surveyRoad.length);
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'print-report-edited.png'), fullPage: true });
    const editedPdf = path.join(ARTIFACTS, 'print-report-edited.pdf');
    await printReport(page, editedPdf);
    const text = pdfText(editedPdf);
    assert.ok(text.includes('Catatan tambahan dari e2e.'));
    // The page-break marker put after the closing sentence starts a new page.
    assert.equal(pageCount(editedPdf), pageCount(path.join(ARTIFACTS, 'print-report.pdf')) + 1);
    assert.ok(!text.includes('Laporan telah diedit'), 'the edited notice is not printed');

    await page.getByRole('button', { name: 'Edit Laporan' }).click();
    await page.getByTestId('report-editor-reset').click();
    await page.getByRole('button', { name: 'Ya, Kembalikan' }).click();
    await page.getByTestId('report-editor-close').click();
    await page.locator('.survey-report-editor .ant-modal').waitFor({ state: 'hidden' });
    assert.equal(await paper.getByText('Catatan tambahan dari e2e.').count(), 0);
    assert.equal(await page.getByTestId('report-edited-notice').count(), 0);
  });

  it('numbers later reports in the format and Sifat an admin sets in Pengaturan Surat, under the uploaded crest', async () => {
    await page.goto(`${server.url}/master/pengaturan-surat`);
    const screen = page.getByTestId('office-settings');
    await screen.waitFor();
    const format = page.getByTestId('field-letter-number-format');
    await format.fill('620/{tahun}');
    await page.getByTestId('office-settings-save').click();
    await screen.getByText('Format nomor surat harus memuat {nomor}.').waitFor();
    await format.fill('600.1/{nomor}/436.7.6/{bulan}/{tahun}');
    await page
      .getByTestId('office-settings-example')
      .getByText(/600\.1\/12\/436\.7\.6\/[IVX]+\/\d{4}/)
      .waitFor();
    await page.getByTestId('field-sifat').click();
    await page.locator('.ant-select-item-option').getByText('Penting', { exact: true }).click();
    await page.getByTestId('office-settings-save').click();
    await closeSuccess();
    await page.getByTestId('office-settings-crest-file').setInputFiles(CREST);
    await screen.getByTestId('office-settings-crest-name').getByText('lambang-kota.png').waitFor();
    await closeSuccess();
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'print-report-settings.png'), fullPage: true });

    long = await makeLongSurvey(server.url, adminToken);
    await openReport(page, long.proposal.id);
    await waitForReport(page);
    const crest = page.getByTestId('report-crest');
    assert.match((await crest.getAttribute('src')) ?? '', /^\/api-web\/office-settings\/crest\?v=\d+&token=/);
    assert.ok(await crest.evaluate((image: HTMLImageElement) => image.naturalWidth > 0), 'the crest loads');
    // A report numbered earlier keeps its letter.
    await openReport(page, detail.id);
    await waitForReport(page);
    assert.equal(await page.getByTestId('report-letter-nomor').textContent(), nomor);
  });

  it('prints a long report over several pages: tables keep their heading rows, photos their captions', async () => {
    await openReport(page, long.proposal.id);
    await waitForReport(page);
    // Edited first: an edited report is drawn from the editor's document, where the cost tables lost their thead.
    await page.getByRole('button', { name: 'Edit Laporan' }).click();
    const editor = page.getByTestId('report-editor-content');
    await editor.waitFor({ timeout: 15_000 });
    await editor.getByText('Demikian laporan ini kami sampaikan').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Mohon segera ditindaklanjuti.');
    await page.getByTestId('report-editor-apply').click();
    await page.locator('.survey-report-editor .ant-modal').waitFor({ state: 'hidden' });
    await page.getByTestId('report-edited-notice').waitFor();
    await settle(page);

    const pdfPath = path.join(ARTIFACTS, 'print-report-long.pdf');
    await printReport(page, pdfPath);
    const texts = assertLetter(pdfPath, /600\.1\/\d+\/436\.7\.6\/[IVX]+\/\d{4}/, 'Penting');
    const whole = texts.join(' ');
    const reading = readingText(pdfPath);
    assert.ok(reading.includes('Mohon segera ditindaklanjuti.'));
    // Nine photos in three categories need more than one attachment page.
    assert.ok(attachmentPageIndexes(texts).length >= 2, 'several attachment pages');
    for (const [index, photo] of long.photos.entries()) {
      const number =
        long.photos.slice(0, index).filter((other) => other.category === photo.category).length + 1;
      // A long description is cut at two lines on the page; its start is always there.
      const caption = `${photo.category} ${number}: ${photo.description}`.slice(0, 60);
      assert.ok(reading.includes(caption), `caption ${caption}`);
    }
    assert.ok(!whole.includes('IMG_90'), 'no file names under the photos');
    // Every page that shows rows of a cost table shows the table's column heading above them.
    const costPages = texts.filter((text) => /Rp [\d.]+ Rp [\d.]+/.test(text));
    assert.ok(costPages.length >= 2, 'the cost tables run over a page');
    for (const text of costPages)
      assert.ok(text.includes('Biaya (P × L × Harga)'), 'the heading rows repeat');
    renderPages(pdfPath, path.join(ARTIFACTS, 'print-report-long-page'));
  });

  it('tells that a proposal without a submitted survey has no report yet, and an unknown id is not found', async () => {
    const unsurveyed = (await allProposals(page)).find((row) => !row.hasSurvey);
    assert.ok(unsurveyed, 'the demo set has proposals without a survey');
    await openReport(page, unsurveyed.id);
    await page.getByTestId('report-message').getByText(NO_SURVEY_TEXT).waitFor();
    assert.equal(await page.getByTestId('survey-report').count(), 0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'print-report-no-survey.png') });

    await openReport(page, 99_999_999);
    await page.getByTestId('report-message').getByText(NOT_FOUND_TEXT).waitFor();
    // The page words it itself: no common error dialog on top.
    assert.equal(await page.locator('.ant-modal-confirm').count(), 0);
  });

  it("shows a consultant another consultant's proposal as not found", async () => {
    const { context: consultantContext, page: consultant } = await openAs('konsultan2', { browser, server });
    try {
      const own = new Set((await allProposals(consultant)).map((row) => row.id));
      const foreign = (await allProposals(page)).find((row) => row.hasSurvey && !own.has(row.id));
      assert.ok(foreign, 'the demo set has a surveyed proposal of another consultant');
      await openReport(consultant, foreign.id);
      await consultant.getByTestId('report-message').getByText(NOT_FOUND_TEXT).waitFor();
    } finally {
      await consultantContext.close();
    }
  });
});
