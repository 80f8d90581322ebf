import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatRupiah, PROPOSAL_TYPES, type TProposalDetail, type TProposalRow } from '@eusulan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, openAs, settle } from '../lib/flows.ts';
import { ARTIFACTS, launchBrowser, type RunningServer, startServer } from '../lib/harness.ts';

const REPORT_TITLE = 'Laporan Hasil Survey Lapangan';
const NO_SURVEY_TEXT = 'Laporan belum tersedia: usulan ini belum memiliki hasil survey yang dikirim.';
const NOT_FOUND_TEXT = 'Usulan tidak ditemukan atau Anda tidak memiliki akses ke usulan ini.';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
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

/** pdftotext's text with runs of white space (line ends, the non-breaking spaces of money) as one space. */
const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

const pageCount = (file: string) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

async function openReport(target: Page, id: number | string) {
  await target.goto(`${server.url}/cetak-data-usulan-survey?id=${id}`);
}

async function waitForReport(target: Page) {
  await target.locator('[data-testid="survey-report"][data-ready="true"]').waitFor({ timeout: 20_000 });
  await settle(target);
}

describe('Printable field survey report (/cetak-data-usulan-survey)', () => {
  let detail: TProposalDetail;

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
    await page.pdf({ path: pdfPath, format: 'A4', preferCSSPageSize: true });
    const text = pdfText(pdfPath);
    assert.ok(text.includes(REPORT_TITLE), 'title');
    assert.ok(text.includes('Kepala Bidang Jalan dan Jembatan'), 'addressee');
    assert.ok(text.includes(detail.road!.name), `road ${detail.road!.name}`);
    assert.ok(text.includes(detail.village.name), 'kelurahan');
    assert.ok(text.includes(detail.village.subdistrict.name), 'kecamatan');
    assert.ok(text.includes(`Usulan ${detail.proposalTypeName}`), 'subject');
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
    if (survey.surveyPhotos.length > 0) assert.ok(text.includes('Lampiran Foto Kondisi Eksisting'));
    if (detail.proposalFilesStruktural.some((file) => isPicture(file.name))) {
      assert.ok(text.includes('Lampiran Foto Persetujuan Struktural'));
    }
    // Nothing of the screen furniture is printed.
    assert.ok(!text.includes('Cetak'), 'no print button');
    assert.ok(!text.includes('Edit Laporan'), 'no edit button');

    // The pages as pictures, for a person to look at.
    const prefix = path.join(ARTIFACTS, 'print-report-page');
    for (const old of readdirSync(ARTIFACTS).filter((name) => name.startsWith('print-report-page'))) {
      rmSync(path.join(ARTIFACTS, old));
    }
    execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, prefix]);
    const pages = readdirSync(ARTIFACTS).filter((name) => name.startsWith('print-report-page'));
    // The letter, then each photo section on a page of its own.
    assert.ok(pages.length >= 2, `pages: ${pages.length}`);
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
    await page.pdf({ path: editedPdf, format: 'A4', preferCSSPageSize: true });
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
