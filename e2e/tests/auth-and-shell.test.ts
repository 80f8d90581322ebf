import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AUTH_MESSAGES, PASSWORD_RULES } from '@eusulan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectPath, login, logout, settle, solveBotCheck } from '../lib/flows.ts';
import { DEMO_PASSWORD, launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  // The real default bot check (altcha proof of work) runs in these flows; the first start prints the
  // generated admin password (first admin, below).
  server = await startServer({ CAPTCHA_PROVIDER: 'altcha' }, { firstStart: true });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'id-ID' });
  return { context, page: await context.newPage() };
}

async function menuTexts(page: Page, selector: string) {
  await page.locator(selector).first().waitFor();
  return (await page.locator(selector).allTextContents()).map((text) => text.trim()).filter(Boolean);
}

describe('login page', () => {
  it('shows the spec validation texts and refuses wrong credentials, resetting the bot check', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/login`);
    await assert.doesNotReject(page.getByTestId('login-submit').isDisabled());
    assert.equal(await page.getByTestId('login-submit').isDisabled(), true, 'Masuk waits for the bot check');
    await solveBotCheck(page);
    await page.getByTestId('login-submit').click();
    await page.getByText('Username tidak boleh kosong!').waitFor();
    await page.getByText('Password tidak boleh kosong!').waitFor();
    await screenshot(page, 'login-validation');

    await page.getByTestId('login-username').fill('umum1');
    await page.getByTestId('login-password').fill('salah-sekali-1');
    await page.getByTestId('login-username').press('Enter');
    await page.getByTestId('login-error').getByText('Username dan password tidak cocok').waitFor();
    assert.equal(
      await page.getByTestId('login-submit').isDisabled(),
      true,
      'bot check is reset after a failure',
    );
    await screenshot(page, 'login-failed');
    await context.close();
  });
});

describe('the bot check widget', () => {
  /** The widget's box, its label's and its logo's, in page pixels. */
  const boxes = async (page: Page) => {
    // No helper functions inside: the page runs this without the test's module wrappers.
    const [form, widget, label, logo] = await page.locator('altcha-widget').evaluate((element) =>
      [
        element.closest('form'),
        element,
        element.querySelector('.altcha-checkbox-wrap label'),
        element.querySelector('.altcha-logo'),
      ].map((part) => {
        const rect = part?.getBoundingClientRect();
        return { left: rect?.left ?? 0, right: rect?.right ?? 0, width: rect?.width ?? 0 };
      }),
    );
    return { form: form!, widget: widget!, label: label!, logo: logo! };
  };

  for (const width of [1366, 390, 320]) {
    it(`at ${width} px: as wide as the form, its logo clear of its label, the same width once solved`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'id-ID' });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.locator('altcha-widget .altcha-logo').waitFor();
      const before = await boxes(page);
      assert.ok(
        before.label.right <= before.logo.left,
        `label ends at ${before.label.right}, logo at ${before.logo.left}`,
      );
      assert.ok(
        Math.abs(before.widget.width - before.form.width) <= 1,
        `${before.widget.width} of ${before.form.width}`,
      );
      await solveBotCheck(page);
      await page.locator('altcha-widget').getByText('Terverifikasi').waitFor();
      const after = await boxes(page);
      assert.equal(after.widget.width, before.widget.width);
      assert.ok(after.label.right <= after.logo.left);
      if (width === 390) await screenshot(page, 'login-bot-check-solved-390');
      await context.close();
    });
  }
});

describe('each demo role', () => {
  const cases = [
    {
      username: 'konsultan1',
      landing: '/perlu-koreksi',
      links: ['Perlu Verifikasi', 'Data Usulan Survey', 'Export'],
      absent: ['Perlu Approval'],
      district: 'Surabaya Pusat',
    },
    {
      username: 'konsultan2',
      landing: '/perlu-koreksi',
      links: ['Perlu Verifikasi', 'Data Usulan Survey'],
      absent: ['Export'],
    },
    {
      username: 'struktural1',
      landing: '/perlu-approval',
      links: ['Perlu Approval', 'Map'],
      absent: ['Export'],
    },
  ];
  for (const role of cases) {
    it(`${role.username} lands on ${role.landing} with the top bar`, async () => {
      const { context, page } = await freshPage();
      await login(page, server.url, role.username, DEMO_PASSWORD);
      await expectPath(page, role.landing);
      const links = await menuTexts(page, 'nav.topbar-nav a');
      for (const link of role.links) assert.ok(links.includes(link), `${link} in ${links.join(', ')}`);
      for (const link of role.absent) assert.ok(!links.includes(link), `${link} not in ${links.join(', ')}`);
      if (role.district) {
        assert.match(
          (await page.getByTestId('user-menu-district').textContent()) ?? '',
          new RegExp(role.district),
        );
      }
      await screenshot(page, `landing-${role.username}`);
      await context.close();
    });
  }

  it('konsultan1 sees the approval red dot: its demo proposals wait for verification', async () => {
    const { context, page } = await freshPage();
    await login(page, server.url, 'konsultan1', DEMO_PASSWORD);
    await expectPath(page, '/perlu-koreksi');
    await page.locator('[data-testid="approval-dot-perlu-koreksi"] .ant-badge-dot').waitFor();
    await context.close();
  });

  it('umum1 lands on /maps with only Maps and Pekerjaan Selesai in the side menu, and gets 403 on a master page', async () => {
    const { context, page } = await freshPage();
    await login(page, server.url, 'umum1', DEMO_PASSWORD);
    await expectPath(page, '/maps');
    const items = await menuTexts(page, '[data-testid="side-menu"] .ant-menu-title-content');
    assert.ok(items.includes('Maps') && items.includes('Pekerjaan Selesai'), items.join(', '));
    assert.ok(!items.includes('Master') && !items.includes('Usulan'), items.join(', '));
    await screenshot(page, 'landing-umum1');

    await page.goto(`${server.url}/master/jalan`);
    await expectPath(page, '/403');
    await page.getByText("You Don't Have Access To The Page").waitFor();
    await page.getByText('Return Home Page').click();
    await expectPath(page, '/maps');
    await context.close();
  });

  it('shows 404 for an unknown path and sends a signed-in user away from /login', async () => {
    const { context, page } = await freshPage();
    await login(page, server.url, 'struktural1', DEMO_PASSWORD);
    await expectPath(page, '/perlu-approval');
    await page.goto(`${server.url}/jalan/yang/tidak/ada`);
    await expectPath(page, '/404');
    await page.getByText('404 Not Found').waitFor();
    await screenshot(page, 'not-found');
    await page.goto(`${server.url}/login`);
    await expectPath(page, '/perlu-approval');
    await context.close();
  });

  it('logs out to /login, and the old session no longer opens the app', async () => {
    const { context, page } = await freshPage();
    await login(page, server.url, 'konsultan2', DEMO_PASSWORD);
    await expectPath(page, '/perlu-koreksi');
    await logout(page);
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.goto(`${server.url}/perlu-koreksi`);
    await expectPath(page, '/login');
    await context.close();
  });
});

describe('first admin', () => {
  it('logs in with the printed password, must change it, then logs in with the new one', async () => {
    const generated = /password "([^"]+)"/.exec(server.output())?.[1];
    assert.ok(generated, 'the start-up banner prints the generated admin password');
    const { context, page } = await freshPage();
    await login(page, server.url, 'admin', generated);
    const modal = page.getByTestId('change-password-modal').getByRole('dialog');
    await modal.getByLabel('Password Lama').waitFor();
    await settle(page);
    await screenshot(page, 'admin-forced-change');
    // The rules are there before anything is typed; a listed common password is the server's to refuse.
    await modal.getByTestId('password-rules').getByText(PASSWORD_RULES[1]).waitFor();
    await modal.getByLabel('Password Lama', { exact: true }).fill(generated);
    await modal.getByLabel('Password Baru', { exact: true }).fill('Password123');
    await modal.getByLabel('Konfirmasi Password Baru', { exact: true }).fill('Password123');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText(AUTH_MESSAGES.newPasswordCommon).waitFor();
    await page.getByRole('button', { name: 'Ok' }).click();
    await settle(page);
    await modal.getByLabel('Password Baru', { exact: true }).fill('pendek');
    await modal.getByLabel('Konfirmasi Password Baru', { exact: true }).fill('pendek');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Peringatan..').filter({ visible: true }).waitFor();
    await page.getByText('Password baru minimal 8 karakter!').waitFor();
    await screenshot(page, 'admin-change-rejected');
    await page.getByRole('button', { name: 'Ok' }).click();
    await settle(page);

    await modal.getByLabel('Password Baru', { exact: true }).fill('KantorBaru2026');
    await modal.getByLabel('Konfirmasi Password Baru', { exact: true }).fill('KantorBaru2026');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Mengubah Password Akun, Silahkan Login Kembali').waitFor();
    await page.getByRole('button', { name: 'Ok' }).click();
    await expectPath(page, '/login');

    await login(page, server.url, 'admin', generated);
    await page.getByTestId('login-error').getByText('Username dan password tidak cocok').waitFor();
    await login(page, server.url, 'admin', 'KantorBaru2026');
    await expectPath(page, '/master/jalan');
    const items = await menuTexts(page, '[data-testid="side-menu"] .ant-menu-title-content');
    for (const item of [
      'Master',
      'Usulan',
      'Assigned Konsultan',
      'Pekerjaan Selesai',
      'Hasil Survey',
      'Maps',
    ]) {
      assert.ok(items.includes(item), `${item} in ${items.join(', ')}`);
    }
    await page.getByRole('heading', { name: 'Master Jalan' }).waitFor();
    assert.match(await page.title(), /Master Jalan/);
    await screenshot(page, 'landing-admin');
    await context.close();
  });
});

describe('public pages', () => {
  it('shows Contact Us and the privacy policy to guests', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/contact-us`);
    assert.match((await page.getByTestId('contact-email').getAttribute('href')) ?? '', /^mailto:/);
    assert.match((await page.getByTestId('contact-whatsapp').getAttribute('href')) ?? '', /wa\.me\/\d+/);
    await screenshot(page, 'contact-us');
    await page.goto(`${server.url}/privacy-policy`);
    for (const topic of ['Log Files', 'Cookies', 'Advertising Partners', 'Children', 'Consent']) {
      await page.getByText(topic, { exact: false }).first().waitFor();
    }
    await context.close();
  });
});
