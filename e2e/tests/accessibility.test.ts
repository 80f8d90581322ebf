// WCAG 2.2 AA on every screen and dialog of every role: axe-core (e2e/lib/accessibility.ts) finds no serious
// or critical violation. One server, one browser, one signed-in context per role, screens reached as a person
// reaches them so the dialogs are the real ones. Needs `npm run build`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '../../apps/web/src/app/routes.ts';
import {
  checkCompletedWork,
  checkDialog,
  checkedPaths,
  checkPrint,
  clickProposalLine,
  expectAccessible,
  openMaps,
  openScreen,
  rowsOf,
  settleWithin,
} from '../lib/accessibility.ts';
import { apiGet, openAs, type Session, settle, solveBotCheck } from '../lib/flows.ts';
import { launchBrowser, type RunningServer, startServer } from '../lib/harness.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  // The default bot check (altcha), so the login page is checked with its widget.
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A laptop screen: the office's usual one. */
const VIEWPORT = { width: 1366, height: 768 };

const signedIn = (user: Parameters<typeof openAs>[0]): Promise<Session> =>
  openAs(user, { browser, server, viewport: VIEWPORT, signIn: 'token' });

const dialog = (testId: string) => `[data-testid="${testId}"]`;
/** antd's message boxes (questions, warnings). */
const CONFIRM = '.ant-modal-confirm';

describe('guest', () => {
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    context = await browser.newContext({ viewport: VIEWPORT, locale: 'id-ID' });
    page = await context.newPage();
  });
  after(() => context?.close());

  it('login, with its bot check and the messages of an empty submit', async () => {
    await page.goto(`${server.url}/login`);
    await page.locator('altcha-widget').waitFor();
    await settle(page);
    await expectAccessible(page, 'login');
    await solveBotCheck(page);
    await page.getByTestId('login-submit').click();
    await page.locator('.login-form__error').first().waitFor();
    await expectAccessible(page, 'login with messages');
  });

  it('Contact Us, Privacy Policy and the error pages', async () => {
    for (const [path, heading] of [
      ['/contact-us', 'Contact Us'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/404', '404'],
      ['/403', '403'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByText(heading).first().waitFor();
      await settle(page);
      await expectAccessible(page, path);
    }
  });
});

/** The letter settings: one form, not a list of records with Tambah and Edit. */
const LETTER_SETTINGS = ROUTES.find((route) => route.name === 'master-pengaturan-surat')!;
/** Every master list of the route table, so a master added later is checked too. */
const MASTERS = ROUTES.filter((route) => route.name.startsWith('master-') && route !== LETTER_SETTINGS);

describe('admin', () => {
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    ({ context, page } = await signedIn('admin'));
  });
  after(() => context?.close());

  for (const { path, title } of MASTERS) {
    it(`${title}, its Tambah and Edit dialogs`, async () => {
      await openScreen(page, server.url, path, title);
      await expectAccessible(page, path);
      const form = dialog('form-modal');
      const cancel = () => page.locator(form).getByTestId('form-cancel').click();
      await checkDialog(page, `${path} Tambah`, form, () => page.getByTestId('add-button').click(), cancel);
      await checkDialog(
        page,
        `${path} Edit`,
        form,
        () => rowsOf(page).first().getByRole('button', { name: 'Edit' }).click(),
        cancel,
      );
    });
  }

  it('Pengaturan Surat, its form', async () => {
    await openScreen(page, server.url, LETTER_SETTINGS.path, LETTER_SETTINGS.title);
    await expectAccessible(page, LETTER_SETTINGS.path);
  });

  it('the delete question of a master', async () => {
    await openScreen(page, server.url, '/master/warna-jenis-pekerjaan', 'Master Warna Jenis Pekerjaan');
    await checkDialog(
      page,
      'Hapus?',
      CONFIRM,
      () => rowsOf(page).first().getByRole('button', { name: 'Hapus' }).click(),
      () => page.locator(CONFIRM).getByRole('button', { name: 'Batal' }).click(),
    );
  });

  it('Usulan, its Tambah, Edit, Import, detail, place-history and contact-person dialogs', async () => {
    await openScreen(page, server.url, '/usulan', 'Usulan');
    await expectAccessible(page, '/usulan');
    const form = dialog('proposal-form-modal');
    const cancelForm = () => page.locator(form).getByTestId('form-cancel').click();
    await checkDialog(page, 'Usulan Tambah', form, () => page.getByTestId('add-button').click(), cancelForm);
    await checkDialog(
      page,
      'Usulan Edit',
      form,
      // Only proposals still waiting for verification can be edited.
      () => page.getByTestId('data-table').getByRole('button', { name: 'Edit' }).first().click(),
      cancelForm,
    );
    // Pokir and Musrenbang proposals are imported from a workbook.
    await page.getByRole('tab', { name: 'Pokir' }).click();
    await checkDialog(
      page,
      'Usulan Import',
      dialog('import-modal'),
      () => page.getByTestId('import-button').click(),
      () => page.locator(dialog('import-modal')).locator('.ant-modal-close').click(),
    );

    await page.getByRole('tab', { name: 'Taruna' }).click();
    await rowsOf(page).first().waitFor();
    await settleWithin(page, 'body');

    // The demo's proposals with a place history are not yet verified: one of each shows every part.
    const detail = dialog('proposal-detail');
    const withHistory = rowsOf(page)
      .filter({ hasText: /Histori lokasi: [1-9]/ })
      .first();
    await withHistory.getByRole('button', { name: 'Detail' }).click();
    await page.locator(detail).getByTestId('show-location-history').click();
    await page
      .locator(detail)
      .getByTestId('location-history-table')
      .locator('tbody tr.ant-table-row')
      .first()
      .waitFor();
    await settleWithin(page, detail);
    await expectAccessible(page, 'detail with its place history', detail);
    const stacked = dialog('proposal-detail-stacked');
    await checkDialog(
      page,
      'detail of a place-history row',
      stacked,
      () =>
        page
          .locator(detail)
          .getByTestId('location-history-table')
          .getByRole('button', { name: 'Detail' })
          .first()
          .click(),
      () => page.locator(stacked).getByTestId('detail-close').click(),
    );
    await page.locator(detail).getByTestId('detail-close').click();
    await page.locator(detail).waitFor({ state: 'hidden' });

    const surveyed = rowsOf(page).filter({ hasText: 'Sudah disurvey' }).first();
    await surveyed.getByRole('button', { name: 'Detail' }).click();
    await page.locator(detail).getByTestId('proposal-detail-usulan').waitFor();
    await settleWithin(page, detail);
    await expectAccessible(page, 'detail of a surveyed proposal', detail);
    // Past verification only the contact person can be changed, in a dialog of its own.
    await checkDialog(
      page,
      'contact person',
      dialog('contact-person-modal'),
      () => page.locator(detail).getByTestId('edit-contact-person').click(),
      () => page.locator(dialog('contact-person-modal')).getByTestId('form-cancel').click(),
    );
    for (const [tab, content] of [
      ['Hasil Survey', '[data-testid="survey-results"]'],
      // The demo's proposals may have no recorded change yet: then the tab says so.
      ['Riwayat Perubahan', ':is([data-testid="audit-trail"], .ant-empty)'],
    ] as const) {
      await page.locator(detail).getByRole('tab', { name: tab }).click();
      await page.locator(detail).locator(content).filter({ visible: true }).first().waitFor();
      await settleWithin(page, 'body');
      await expectAccessible(page, `detail: ${tab}`, detail);
    }
    await page.locator(detail).getByTestId('detail-close').click();
    await page.locator(detail).waitFor({ state: 'hidden' });
  });

  it('Tugas Survey and a consultant’s list', async () => {
    await openScreen(page, server.url, '/assigned-konsultan', 'Tugas Survey');
    await expectAccessible(page, '/assigned-konsultan');
    await rowsOf(page).first().getByRole('button', { name: 'Lihat Usulan' }).click();
    await page.getByTestId('assigned-consultant-detail').waitFor();
    await rowsOf(page).first().waitFor();
    await settleWithin(page, 'body');
    await expectAccessible(page, '/assigned-konsultan/detail');
  });

  it('Pekerjaan Selesai, its import dialog, an import’s works and a work’s dialog', async () => {
    await openScreen(page, server.url, '/pekerjaan-selesai', 'Pekerjaan Selesai');
    await expectAccessible(page, '/pekerjaan-selesai');
    await checkDialog(
      page,
      'Import Data Pekerjaan Selesai',
      dialog('import-modal'),
      () => page.getByTestId('import-button').click(),
      () => page.getByTestId('import-cancel').click(),
    );
    await checkCompletedWork(page);
  });

  it('Hasil Survey (export) and Maps', async () => {
    await openScreen(page, server.url, '/report', 'Export Hasil Survey');
    await expectAccessible(page, '/report');
    await openMaps(page, server.url);
    await expectAccessible(page, '/maps');
  });

  it('the user menu and Ubah Password', async () => {
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Ubah Password' }).waitFor();
    await settleWithin(page, 'body');
    await expectAccessible(page, 'user menu', '.ant-dropdown');
    await checkDialog(
      page,
      'Ubah Password',
      dialog('change-password-modal'),
      () => page.getByRole('menuitem', { name: 'Ubah Password' }).click(),
      () => page.locator(dialog('change-password-modal')).locator('.ant-modal-close').click(),
    );
  });
});

describe('consultant', () => {
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    ({ context, page } = await signedIn('konsultan1'));
  });
  after(() => context?.close());

  it('Perlu Verifikasi and its approval question', async () => {
    await openScreen(page, server.url, '/perlu-koreksi', 'Perlu Verifikasi');
    await page
      .locator('[data-testid="verification-list"], [data-testid="verification-empty"]')
      .first()
      .waitFor();
    await settleWithin(page, 'body');
    await expectAccessible(page, '/perlu-koreksi');
    if (!(await page.getByTestId('select-all').isChecked())) await page.getByTestId('select-all').click();
    await checkDialog(
      page,
      'Yakin Approve Data?',
      CONFIRM,
      () => page.getByTestId('proceed').click(),
      () => page.locator(CONFIRM).getByRole('button', { name: 'Batal' }).click(),
    );
  });

  it('Data Usulan Survey, a detail, and the survey form scrolled through', async () => {
    await openScreen(page, server.url, '/data-usulan-survey', 'Data Usulan Survey');
    await expectAccessible(page, '/data-usulan-survey');
    const detail = dialog('proposal-detail');
    await checkDialog(
      page,
      'detail (consultant)',
      detail,
      () => rowsOf(page).first().getByRole('button', { name: 'Detail' }).click(),
      () => page.locator(detail).getByTestId('detail-close').click(),
    );
    await rowsOf(page).locator('button[data-testid^="survey-"]:not([disabled])').first().click();
    await page.getByRole('heading', { name: 'Form Survey' }).waitFor();
    await page.getByTestId('draw-line').waitFor();
    // The editors and the media load as they near the view: scrolled through a screen at a time.
    for (let top = 0; top < (await page.evaluate(() => document.documentElement.scrollHeight)); top += 600) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await page.waitForTimeout(50);
    }
    await page.getByTestId('survey-photos-section').waitFor();
    await page.locator('.ProseMirror').nth(1).waitFor();
    await settleWithin(page, 'body');
    await expectAccessible(page, 'survey form');
    await checkDialog(
      page,
      'Kirim Survey?',
      CONFIRM,
      () => page.getByTestId('submit-survey').click(),
      () => page.locator(CONFIRM).getByRole('button', { name: 'Batal' }).click(),
    );
  });

  it('Export and the printed report', async () => {
    await openScreen(page, server.url, '/report', 'Export Hasil Survey');
    await expectAccessible(page, '/report (consultant)');
    await checkPrint(page, server.url);
  });
});

describe('structural', () => {
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    ({ context, page } = await signedIn('struktural1'));
  });
  after(() => context?.close());

  it('Perlu Approval with the approval panel, and the map', async () => {
    await openScreen(page, server.url, '/perlu-approval', 'Perlu Approval');
    await expectAccessible(page, '/perlu-approval');
    const detail = dialog('proposal-detail');
    await checkDialog(
      page,
      'detail with the approval panel',
      detail,
      async () => {
        await page.getByTestId('filter-status').click();
        await page.locator('.ant-select-item-option', { hasText: 'Perlu Approval' }).click();
        await rowsOf(page)
          .filter({ hasText: 'Perlu Tindakan' })
          .first()
          .getByRole('button', { name: 'Detail' })
          .click();
        await page.locator(detail).getByTestId('approval-panel').waitFor();
      },
      () => page.locator(detail).getByTestId('detail-close').click(),
    );
    await openMaps(page, server.url);
    await expectAccessible(page, '/maps (top bar)');
  });
});

describe('umum', () => {
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    ({ context, page } = await signedIn('umum1'));
  });
  after(() => context?.close());

  it('Maps and a proposal’s detail from its line', async () => {
    await openMaps(page, server.url);
    await expectAccessible(page, '/maps (umum)');
    const detail = dialog('proposal-detail');
    await checkDialog(
      page,
      'detail (umum)',
      detail,
      async () => {
        const [first] = await apiGet<{ proposalId: number }[]>(page, '/api-web/dashboard');
        assert.ok(first, 'the map draws a proposal');
        await clickProposalLine(page, first.proposalId);
        await page.locator(detail).getByTestId('proposal-detail-usulan').waitFor();
      },
      () => page.locator(detail).getByTestId('detail-close').click(),
    );
  });

  it('Pekerjaan Selesai, an import’s works and a work’s dialog', async () => {
    await openScreen(page, server.url, '/pekerjaan-selesai', 'Pekerjaan Selesai');
    await expectAccessible(page, '/pekerjaan-selesai (umum)');
    await checkCompletedWork(page);
  });
});

describe('coverage', () => {
  it('checked a screen of every route of the table', () => {
    // '/' only sends a signed-in user on to the role's landing page.
    const routes = ROUTES.filter((route) => route.layout !== 'redirect');
    const missed = routes.filter((route) => {
      const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`);
      return ![...checkedPaths].some((checked) => pattern.test(checked));
    });
    assert.deepEqual(
      missed.map((route) => route.path),
      [],
    );
  });
});
