import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Request } from 'playwright-core';
import { apiGet, openAs, type Session, settle } from '../lib/flows.ts';
import { launchBrowser, type RunningServer, screenshot, startServer } from '../lib/harness.ts';

/**
 * Every route with a record id in its address, opened with ids no record has: a malformed one reads 'Alamat
 * tidak valid' without a call for it, one the server answers 404 reads 'Data tidak ditemukan', neither with
 * the common error dialog, and 'Kembali ke daftar' leads back to the list.
 */
const MALFORMED = ['abc', '0', '-3', '1.5'];
const UNKNOWN = '99999';

let server: RunningServer;
let browser: Browser;
let admin: Session;
let consultant: Session;

before(async () => {
  server = await startServer({ CAPTCHA_PROVIDER: 'none' });
  browser = await launchBrowser();
  admin = await openAs('admin', { browser, server });
  consultant = await openAs('konsultan1', { browser, server });
});
after(async () => {
  await admin?.context.close();
  await consultant?.context.close();
  await browser?.close();
  await server?.stop();
});

/** The API calls (not the page's own address) a page makes whose path contains the fragment. */
function recordCalls(page: Page, fragment: string) {
  const calls: string[] = [];
  const listener = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api') && pathname.includes(fragment)) calls.push(request.url());
  };
  page.on('request', listener);
  return { calls, stop: () => page.off('request', listener) };
}

/** Opens the address and waits for the page's message; answers its text. */
async function messageAt(page: Page, address: string, reason: 'invalid-id' | 'not-found') {
  await page.goto(`${server.url}${address}`);
  const message = page.locator(`[data-testid="missing-record"][data-reason="${reason}"]`);
  await message.waitFor();
  await settle(page);
  assert.equal(await page.locator('.ant-modal-confirm').count(), 0, `${address}: no error dialog`);
  assert.equal(await page.locator('.ant-table').count(), 0, `${address}: no empty table`);
  return (await message.textContent()) ?? '';
}

interface DetailRoute {
  session: () => Session;
  /** The address of a record id. */
  address: (id: string) => string;
  /** The API path fragment the page reads the record by. */
  call: (id: string) => string;
  list: string;
  notFound: string;
}

const ROUTES: Record<string, DetailRoute> = {
  'pekerjaan-selesai-detail': {
    session: () => admin,
    address: (id) => `/pekerjaan-selesai/detail/${id}?year=2025`,
    call: (id) => `/completed-work-detail/${id}`,
    list: '/pekerjaan-selesai',
    notFound: 'Data pekerjaan selesai ini tidak ada atau sudah dihapus.',
  },
  'assigned-konsultan-detail': {
    session: () => admin,
    address: (id) => `/assigned-konsultan/detail/${id}?name=Rayon`,
    call: (id) => `/assigned-consultant/${id}/`,
    list: '/assigned-konsultan',
    notFound: 'Konsultan ini tidak ada atau sudah dihapus',
  },
  'data-usulan-survey-form': {
    session: () => consultant,
    address: (id) => `/data-usulan-survey/survey/${id}`,
    call: (id) => `/survey/${id}`,
    list: '/data-usulan-survey',
    notFound: 'Usulan ini tidak ada, sudah dihapus, atau bukan tugas survey Anda.',
  },
};

describe('detail pages opened with an id no record has', () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: 'Alamat tidak valid' for malformed ids without a call, 'Data tidak ditemukan' for ${UNKNOWN}`, async () => {
      const { page } = route.session();
      for (const id of MALFORMED) {
        const recorder = recordCalls(page, route.call(id));
        const text = await messageAt(page, route.address(id), 'invalid-id');
        recorder.stop();
        assert.match(text, /Alamat tidak valid/, `${id}: ${text}`);
        assert.deepEqual(recorder.calls, [], `${id}: the server is not asked`);
      }
      await screenshot(page, `detail-invalid-${name}`);

      const text = await messageAt(page, route.address(UNKNOWN), 'not-found');
      assert.match(text, /Data tidak ditemukan/);
      assert.ok(text.includes(route.notFound), text);
      await screenshot(page, `detail-not-found-${name}`);

      await page.getByTestId('missing-record-back').click();
      await page.waitForURL((url) => url.pathname === route.list);
    });
  }

  it('a known import still shows its works', async () => {
    const { page } = admin;
    const imports = await apiGet<{ data: { id: number; year: number }[] }>(
      page,
      '/api-web/completed-work?page=1&limit=10',
    );
    const first = imports.data[0];
    assert.ok(first, 'the demo set has a completed-work import');
    await page.goto(`${server.url}/pekerjaan-selesai/detail/${first.id}?year=${first.year}`);
    await page.locator('.ant-table-row').first().waitFor();
    assert.equal(await page.getByTestId('missing-record').count(), 0);
  });

  it('the printed report words a malformed and an unknown id in its own texts', async () => {
    const { page } = consultant;
    await page.goto(`${server.url}/cetak-data-usulan-survey?id=abc`);
    await page.getByTestId('report-message').getByText('nomor usulan (id) tidak ada').waitFor();
    await page.goto(`${server.url}/cetak-data-usulan-survey?id=${UNKNOWN}`);
    await page.getByTestId('report-message').getByText('Usulan tidak ditemukan').waitFor();
    assert.equal(await page.locator('.ant-modal-confirm').count(), 0);
  });
});
