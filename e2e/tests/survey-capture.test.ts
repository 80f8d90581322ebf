import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  asbItemCost,
  formatRupiah,
  PROPOSAL_TYPE_NAMES,
  SURVEY_MESSAGES,
  type TProposalDetail,
  type TSurvey,
} from '@eusulan/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectPath, openAs, settle, signIn } from '../lib/flows.ts';
import {
  ARTIFACTS,
  E2E_ADMIN_PASSWORD,
  launchBrowser,
  type RunningServer,
  screenshot,
  startServer,
} from '../lib/harness.ts';

const ROAD_PHOTO = fileURLToPath(new URL('../../apps/server/test/fixtures/road-photo.png', import.meta.url));
const TYPE = 'musrenbang' as const;
/** A year no demo proposal has, so the verification list holds only the proposals made here. */
const YEAR = '2021';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface AsbOption {
  id: number;
  name: string;
  price: number;
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
/** Three unverified proposals of konsultan1 made for this test: two get verified, the first is surveyed. */
let made: TProposalDetail[];

/** A JSON call to the server with a bearer token, outside the browser. */
async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Three proposals at a Surabaya Pusat place, assigned to konsultan1's consultant (Rayon Surabaya Pusat). */
async function makeProposals(): Promise<TProposalDetail[]> {
  const [village] = await api<{ id: number }[]>(
    adminToken,
    'GET',
    '/api/select-list/village?search=kedungdoro',
  );
  const [road] = await api<{ id: number }[]>(adminToken, 'GET', '/api/select-list/road?search=tunjungan');
  const consultants = await api<{ id: number; name: string }[]>(
    adminToken,
    'GET',
    `/api/select-list/consultant?villageId=${village!.id}&orderInternal=1`,
  );
  const consultant = consultants.find((item) => item.name === 'Rayon Surabaya Pusat')!;
  const names = ['Uji Survey Satu', 'Uji Survey Dua', 'Uji Survey Tiga'];
  const proposals: TProposalDetail[] = [];
  for (const [index, proposerName] of names.entries()) {
    proposals.push(
      await api<TProposalDetail>(adminToken, 'POST', '/api-web/proposal', {
        proposalType: TYPE,
        proposalDate: `${YEAR}-05-1${index}`,
        proposerName,
        phoneNumber: `08991002003${index}`,
        roadId: road!.id,
        villageId: village!.id,
        rtNumber: '03',
        rwNumber: '02',
        address: `Jalan Tunjungan, uji survey ${index + 1}`,
        consultantId: consultant.id,
      }),
    );
  }
  return proposals;
}

const statusOf = async (id: number) =>
  (await api<TProposalDetail>(adminToken, 'GET', `/api-web/proposal/${id}?exclude=0`)).statusType;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  adminToken = await signIn(server.url, 'admin', E2E_ADMIN_PASSWORD);
  made = await makeProposals();
  browser = await launchBrowser();
  ({ context, page } = await openAs('konsultan1', { browser, server, viewport: DESKTOP }));
});
after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const dialog = (title: string) => page.locator('.ant-modal-confirm', { hasText: title });

async function closeDialog(title: string, text: string) {
  const box = dialog(title);
  await box.getByText(text).first().waitFor();
  await settle(page);
  await box.getByRole('button', { name: 'Ok' }).click();
  await box.waitFor({ state: 'detached' });
}

/** Opens a RemoteSelect, searches its 'Search' box and picks the option. */
async function choose(testId: string, searchText: string, option: string) {
  await page.getByTestId(testId).click();
  const popup = page.getByTestId(`${testId}-popup`);
  await popup.waitFor();
  await page.getByTestId(`${testId}-search`).fill(searchText);
  await popup.getByRole('option', { name: option }).click();
}

/** Picks a year in one of the list's year pickers and waits for the list call that carries it. */
async function pickYear(testId: string, listPath: string, queryName: string) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === listPath &&
      new URL(response.url()).searchParams.get(queryName) === YEAR,
  );
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(YEAR);
  await page.getByTestId(testId).press('Enter');
  await answered;
}

const mapEditor = () => page.getByTestId('survey-map-editor');

/** The map's box, with the whole map scrolled into the window first (a tap outside the window is lost). */
async function mapBox() {
  const map = mapEditor().locator('.leaflet-container');
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  return (await map.boundingBox())!;
}
/** A point of the map given as fractions of its box. */
const onMap = (box: { x: number; y: number; width: number; height: number }, [x, y]: [number, number]) =>
  [box.x + box.width * x, box.y + box.height * y] as const;

/** Taps the map while drawing and waits until the toolbar counts the point. */
async function tapPoint(point: [number, number], count: number) {
  await page.mouse.click(...onMap(await mapBox(), point));
  await page.getByTestId('drawing-status').getByText(`${count} titik`).waitFor();
}

/**
 * Draws a line as a consultant does (tiles are blocked, the blank map still takes taps): Gambar Garis, a tap
 * per point (fractions of the map box), Selesai.
 */
async function drawLine(points: [number, number][]) {
  const before = Number(await mapEditor().getAttribute('data-lines'));
  await page.getByTestId('draw-line').click();
  for (const [index, point] of points.entries()) await tapPoint(point, index + 1);
  await page.getByTestId('finish-line').click();
  await page.waitForFunction(
    (count) =>
      document.querySelector('[data-testid="survey-map-editor"]')?.getAttribute('data-lines') ===
      String(count),
    before + 1,
  );
}

/** Drags the map from one point to another (fractions of its box), as a finger or mouse would. */
async function dragOnMap(from: [number, number], to: [number, number]) {
  const box = await mapBox();
  await page.mouse.move(...onMap(box, from));
  await page.mouse.down();
  await page.mouse.move(...onMap(box, to), { steps: 8 });
  await page.mouse.up();
}

const pointHandles = () => mapEditor().locator('.survey-vertex:not(.survey-vertex--mid)');

async function fillNumber(testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.fill(value);
  await input.blur();
}

const savedState = () => page.locator('[data-testid="save-state"][data-state="saved"]');
const photos = () => page.locator('figure[data-testid^="survey-photo-"]');
const scrollToEnd = () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

describe('survey capture: konsultan1 verifies, surveys on the map and sends; the admin sees the totals', () => {
  it('verifies two of the three new proposals on Perlu Verifikasi', async () => {
    const [first, second, third] = made as [TProposalDetail, TProposalDetail, TProposalDetail];
    await page.getByRole('tab', { name: PROPOSAL_TYPE_NAMES[TYPE] }).click();
    await pickYear('filter-start-year', '/api-web/verification', 'startYear');
    await pickYear('filter-end-year', '/api-web/verification', 'endYear');
    // Made just now, so all three are pre-checked; the third is taken out.
    for (const proposal of made) await page.getByTestId(`verification-row-${proposal.id}`).waitFor();
    await page.getByTestId(`verification-check-${third.id}`).click();
    await page.getByTestId(`verification-row-${third.id}`).waitFor({ state: 'detached' });
    await page.getByTestId('proceed').click();
    const confirm = dialog('Yakin Approve Data?');
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api-web/verification',
    );
    await confirm.getByRole('button', { name: 'Ya, Approve' }).click();
    const ids = ((await sent).postDataJSON() as { proposalId: number[] }).proposalId;
    assert.deepEqual([...ids].sort(), [first.id, second.id].sort());
    await closeDialog('Berhasil!', 'Verifikasi data usulan');
    assert.equal(await statusOf(first.id), 'verified');
    assert.equal(await statusOf(second.id), 'verified');
    assert.equal(await statusOf(third.id), 'unverified');
  });

  it('offers Survey on the verified ones only and opens the form with the proposal facts', async () => {
    const [first, , third] = made as [TProposalDetail, TProposalDetail, TProposalDetail];
    await page.goto(`${server.url}/data-usulan-survey`);
    await page.getByRole('tab', { name: PROPOSAL_TYPE_NAMES[TYPE] }).click();
    await pickYear('filter-start-year', '/api-web/proposal', 'startYear');
    await page.getByTestId(`detail-${third.id}`).waitFor();
    await settle(page);
    assert.equal(
      await page.getByTestId(`survey-${third.id}`).count(),
      0,
      'an unverified proposal has no Survey',
    );
    for (const proposal of made.slice(0, 2)) {
      assert.equal(await page.getByTestId(`survey-${proposal.id}`).isEnabled(), true);
    }
    await page.getByTestId(`survey-${first.id}`).click();
    await expectPath(page, `/data-usulan-survey/survey/${first.id}`);
    await page.getByRole('heading', { name: 'Form Survey' }).waitFor();
    const facts = page.getByTestId('survey-proposal-facts');
    for (const text of [
      first.proposerName,
      first.phoneNumber,
      'Jalan Tunjungan',
      'Kedungdoro',
      PROPOSAL_TYPE_NAMES[TYPE],
    ]) {
      await facts.getByText(text, { exact: false }).first().waitFor();
    }
    await page.getByTestId('draw-line').waitFor();
  });

  it('refuses Kirim on an empty survey with the reasons in Indonesian', async () => {
    await page.getByTestId('submit-survey').click();
    await dialog('Kirim Survey?').getByRole('button', { name: 'Ya, Kirim' }).click();
    const warning = dialog('Peringatan..');
    for (const text of [SURVEY_MESSAGES.needRoad, SURVEY_MESSAGES.needAsb, SURVEY_MESSAGES.needPhoto]) {
      await warning.getByText(text).waitFor();
    }
    await closeDialog('Peringatan..', SURVEY_MESSAGES.needPhoto);
    await page.getByTestId('survey-form').waitFor();
  });

  it('draws two roads, prices two ASB items, fills the texts and uploads a photo', async () => {
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const asb = await api<AsbOption[]>(token, 'GET', '/api/select-list/asb-surveyor?limit=100');
    const aspal = asb.find((item) => item.name.startsWith('Pekerjaan Aspal'))!;
    const saluran = asb.find((item) => item.name.startsWith('Pembersihan Saluran'))!;

    // Ruas 1: a line and the asphalt item.
    await drawLine([
      [0.3, 0.3],
      [0.45, 0.35],
      [0.6, 0.3],
    ]);
    const firstLength = await page.getByTestId('road-0-length').textContent();
    assert.match(firstLength ?? '', /^[\d.,]+ m$/);
    await mapEditor()
      .locator('.survey-line-tooltip', { hasText: `Ruas 1: ${firstLength}` })
      .waitFor();
    await choose('road-0-item-0-asb', 'aspal', aspal.name);
    assert.equal(await page.getByTestId('road-0-item-0-price').textContent(), formatRupiah(aspal.price));
    await fillNumber('road-0-item-0-long', '120');
    await fillNumber('road-0-item-0-wide', '6');
    const firstCost = asbItemCost(120, 6, aspal.price);
    assert.equal(await page.getByTestId('road-0-item-0-cost').textContent(), formatRupiah(firstCost));

    // Ruas 2: added, drawn on its own, with the canal item.
    await page.getByTestId('add-road').click();
    await page.getByTestId('road-1').getByText('Digambar di peta').waitFor();
    await drawLine([
      [0.35, 0.7],
      [0.65, 0.75],
    ]);
    const drawnLength = await page.getByTestId('road-1-length').textContent();
    assert.match(drawnLength ?? '', /^[\d.,]+ m$/);
    assert.equal(await page.getByTestId('road-0-lines').locator('li').count(), 1);

    // A tap on the line shows its points; dragging the end further right makes it longer, in the panel and
    // on the map.
    await page.mouse.click(...onMap(await mapBox(), [0.5, 0.725]));
    await pointHandles().nth(1).waitFor();
    await dragOnMap([0.65, 0.75], [0.75, 0.78]);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="road-1-length"]')?.textContent !== before,
      drawnLength,
    );
    const editedLength = (await page.getByTestId('road-1-length').textContent())!;
    const metres = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
    assert.ok(metres(editedLength) > metres(drawnLength!), `${editedLength} > ${drawnLength}`);
    // Pulling the middle of the segment out adds a point between the two.
    await dragOnMap([0.55, 0.74], [0.55, 0.85]);
    await pointHandles().nth(2).waitFor();
    const bentLength = (await page.getByTestId('road-1-length').textContent())!;
    assert.ok(metres(bentLength) > metres(editedLength), `${bentLength} > ${editedLength}`);
    await page.getByTestId('done-editing').click();
    assert.equal(await pointHandles().count(), 0);
    await mapEditor()
      .locator('.survey-line-tooltip', { hasText: `Ruas 2: ${bentLength}` })
      .waitFor();
    assert.equal(await mapEditor().getAttribute('data-lines'), '2');

    // A point tapped by mistake is undone; a line given up on leaves nothing; one added at the crosshair
    // (the map's centre, for the keyboard) counts like a tapped one.
    await page.getByTestId('draw-line').click();
    await tapPoint([0.2, 0.2], 1);
    await tapPoint([0.3, 0.2], 2);
    await page.getByTestId('undo-point').click();
    await page.getByTestId('drawing-status').getByText('1 titik').waitFor();
    assert.equal(await page.getByTestId('finish-line').isDisabled(), true);
    await page.getByTestId('add-centre-point').click();
    await page.getByTestId('drawing-status').getByText('2 titik').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('draw-line').waitFor();
    assert.equal(await mapEditor().getAttribute('data-lines'), '2');

    // A line drawn by mistake goes: a tap on it, then Hapus Garis.
    await drawLine([
      [0.2, 0.5],
      [0.4, 0.5],
    ]);
    assert.equal(await page.getByTestId('road-1-lines').locator('li').count(), 2);
    await page.mouse.click(...onMap(await mapBox(), [0.3, 0.5]));
    await page.getByTestId('delete-line').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="survey-map-editor"]')?.getAttribute('data-lines') === '2',
    );
    assert.equal(await page.getByTestId('road-1-length').textContent(), bentLength);
    await choose('road-1-item-0-asb', 'saluran', saluran.name);
    await fillNumber('road-1-item-0-long', '80,5');
    await fillNumber('road-1-item-0-wide', '1,25');
    const secondCost = asbItemCost(80.5, 1.25, saluran.price);
    assert.equal(await page.getByTestId('road-0-total').textContent(), formatRupiah(firstCost));
    assert.equal(await page.getByTestId('road-1-total').textContent(), formatRupiah(secondCost));
    assert.equal(await page.getByTestId('survey-total').textContent(), formatRupiah(firstCost + secondCost));

    // Field identification, damage and suggestion with a work note.
    await choose('road-types', 'aspal', 'Pengaspalan');
    await page.keyboard.press('Escape');
    await page.getByTestId('field-roadCondition').fill('Aspal retak buaya dan berlubang');
    await page.getByTestId('field-canalExisting').fill('Ada, di kedua sisi');
    // The rich-text editors and the media sections load as the form is scrolled towards them.
    await scrollToEnd();
    await page.getByTestId('field-damage').click();
    await page.keyboard.type('Lubang sedalam 10 cm di tengah jalan.');
    await choose('field-suggestion-work-note', 'pdam', 'Koordinasi dengan PDAM');
    await page
      .getByTestId('field-suggestion')
      .getByText('Terdapat jaringan pipa air bersih di bawah badan jalan.')
      .waitFor();

    // Photos: a wrong file is refused before it leaves the phone; without a category nothing is chosen.
    await page.getByTestId('photo-choose').click();
    await page.getByText(SURVEY_MESSAGES.photoCategory).waitFor();
    await page.getByTestId('photo-input').setInputFiles({
      name: 'catatan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('bukan foto'),
    });
    await page
      .getByTestId('upload-problems')
      .getByText('catatan.txt: Silahkan periksa file Anda lagi')
      .waitFor();
    await choose('photo-category', 'eksisting', 'Kondisi Eksisting');

    // A failed upload keeps everything typed and says why; Coba lagi sends it again.
    const photoPath = `/api/survey/${made[0]!.id}/photo`;
    await page.route(`**${photoPath}`, (route) => route.abort('connectionfailed'));
    await page.getByTestId('photo-input').setInputFiles(ROAD_PHOTO);
    await page.getByTestId('survey-upload-error').getByText('Terjadi kesalahan koneksi').waitFor();
    assert.equal(
      await page.getByTestId('field-roadCondition').inputValue(),
      'Aspal retak buaya dan berlubang',
    );
    await page.unroute(`**${photoPath}`);
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await photos().first().waitFor();
    await page.getByTestId('survey-upload-pending').waitFor({ state: 'detached' });
    await photos().first().getByText('Kondisi Eksisting').waitFor();
    await savedState().waitFor();

    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'survey-capture-desktop');
    await page.screenshot({ path: path.join(ARTIFACTS, 'survey-capture-desktop-viewport.png') });
  });

  it('keeps what was typed across a reload, even within the autosave pause', async () => {
    await page.getByTestId('field-canalCondition').fill('Sedimentasi tinggi, aliran tersumbat');
    await page.reload();
    await page.getByTestId('survey-form').waitFor();
    await page.getByTestId('draw-line').waitFor();
    assert.equal(
      await page.getByTestId('field-canalCondition').inputValue(),
      'Sedimentasi tinggi, aliran tersumbat',
    );
    assert.equal(
      await page.getByTestId('field-roadCondition').inputValue(),
      'Aspal retak buaya dan berlubang',
    );
    assert.equal(await page.getByTestId('road-1-item-0-long').inputValue(), '80,50');
    assert.equal(await page.getByTestId('road-1-item-0-wide').inputValue(), '1,25');
    // The stored segments come back as the two drawn polylines, one per road.
    assert.equal(await mapEditor().getAttribute('data-lines'), '2');
    await page.getByTestId('road-types').getByText('Pengaspalan').waitFor();
    await scrollToEnd();
    await page.getByTestId('field-damage').getByText('Lubang sedalam 10 cm di tengah jalan.').waitFor();
    await page
      .getByTestId('field-suggestion')
      .getByText('Terdapat jaringan pipa air bersih', { exact: false })
      .waitFor();
    // The media part loads as it nears the viewport (WhenNearView): wait for it before counting.
    await photos().first().waitFor();
    assert.equal(await photos().count(), 1);
  });

  it('fits a phone (390 px): no sideways scrolling, the ASB items stacked', async () => {
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `no sideways scrolling at 390 px (overflow ${overflow}px)`);
    const item: Locator = page.getByTestId('road-0-item-0');
    const name = (await item.getByTestId('road-0-item-0-asb').boundingBox())!;
    const long = (await page.getByTestId('road-0-item-0-long').boundingBox())!;
    assert.ok(long.y > name.y + name.height - 1, 'Panjang sits below the item on a phone');
    await screenshot(page, 'survey-capture-phone');
    await page.screenshot({ path: path.join(ARTIFACTS, 'survey-capture-phone-viewport.png') });
    await page.getByTestId('survey-roads-section').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'survey-capture-phone-roads.png') });
    await page.setViewportSize(DESKTOP);
  });

  it('sends the survey after the confirmation and returns to the list', async () => {
    const [first] = made as [TProposalDetail];
    // A length far past the usual is named in the question; Batal goes back to correct it.
    await fillNumber('road-0-item-0-long', '12000');
    await page.getByTestId('submit-survey').click();
    const unusual = page.getByTestId('survey-unusual-measures');
    await unusual.waitFor();
    assert.match(await unusual.innerText(), /Ruas 1, [^\n]*Aspal Hotmix[^\n]*: panjang 12\.000 m/);
    await settle(page);
    await screenshot(page, 'survey-send-unusual-measure');
    await dialog('Kirim Survey?').getByRole('button', { name: 'Batal' }).click();
    await dialog('Kirim Survey?').waitFor({ state: 'detached' });
    await fillNumber('road-0-item-0-long', '120');

    await page.getByTestId('submit-survey').click();
    const confirm = dialog('Kirim Survey?');
    await confirm.getByText('tidak dapat diubah lagi', { exact: false }).waitFor();
    assert.equal(await page.getByTestId('survey-unusual-measures').count(), 0);
    await settle(page);
    await confirm.getByRole('button', { name: 'Ya, Kirim' }).click();
    await expectPath(page, '/data-usulan-survey');
    await closeDialog('Berhasil!', 'Mengirim data survey');
    assert.equal(await statusOf(first.id), 'surveyed');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const fresh = await api<TSurvey>(token, 'GET', `/api/survey/${first.id}`);
    assert.equal(fresh.id, null, 'no draft is left open after the submit');
    assert.equal(
      await page.evaluate(
        () => Object.keys(localStorage).filter((key) => key.startsWith('survey-draft:')).length,
      ),
      0,
      'the device copy is gone',
    );
  });

  it('shows the admin the Hasil Survey totals computed from the ASB unit prices', async () => {
    const [first] = made as [TProposalDetail];
    const detail = await api<TProposalDetail>(adminToken, 'GET', `/api-web/proposal/${first.id}?exclude=0`);
    const asb = await api<AsbOption[]>(adminToken, 'GET', '/api/select-list/asb-surveyor?limit=100');
    const priceOf = (name: string) => asb.find((item) => item.name === name)!.price;
    const roads = detail.survey!.surveyRoad;
    const expectedRoadTotals = roads.map((road) =>
      road.asbSurveyors.reduce(
        (sum, item) =>
          sum +
          asbItemCost(item.surveyRoadAsbSurveyor.long, item.surveyRoadAsbSurveyor.wide, priceOf(item.name)),
        0,
      ),
    );
    assert.deepEqual(
      roads.map((road) => road.asbSurveyors.map((item) => item.surveyRoadAsbSurveyor)),
      [[{ long: 120, wide: 6 }], [{ long: 80.5, wide: 1.25 }]],
    );

    const { context: adminContext, page: admin } = await openAs('admin', {
      browser,
      server,
      viewport: DESKTOP,
    });
    try {
      await admin.goto(`${server.url}/usulan`);
      await admin.getByRole('tab', { name: PROPOSAL_TYPE_NAMES[TYPE] }).click();
      const listed = admin.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api-web/proposal' &&
          new URL(response.url()).searchParams.get('search') === first.phoneNumber,
      );
      await admin.getByTestId('table-search').fill(first.phoneNumber);
      await listed;
      await admin.getByTestId(`detail-${first.id}`).click();
      const dialogBox = admin.getByTestId('proposal-detail');
      await dialogBox.getByRole('tab', { name: 'Hasil Survey' }).click();
      const results = dialogBox.getByTestId('survey-results');
      await results.waitFor();
      assert.deepEqual(
        await results.getByTestId('survey-cost-road-total').allTextContents(),
        expectedRoadTotals.map((total) => formatRupiah(total)),
      );
      const overall = expectedRoadTotals.reduce((sum, total) => sum + total, 0);
      assert.equal(await results.getByTestId('survey-cost-total').textContent(), formatRupiah(overall));
      await results.getByTestId('survey-map').locator('path.leaflet-interactive').first().waitFor();
      await results.getByTestId('survey-cost').scrollIntoViewIfNeeded();
      await settle(admin);
      await admin.screenshot({ path: path.join(ARTIFACTS, 'survey-capture-admin-results.png') });
    } finally {
      await adminContext.close();
    }
  });
});
