import { OFFICE_SETTINGS_MESSAGES, type TOfficeSettings } from '@eusulan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_INFO, authUser, mockApi, ok, renderApp } from '../../test/app-harness.tsx';

const SAVED: TOfficeSettings = {
  letterNumberFormat: '620/{nomor}/436.7.6/{tahun}',
  sifat: 'Biasa',
  crestUrl: null,
  crestName: null,
  updatedAt: '2026-11-20T03:00:00.000Z',
  version: '2026-11-20T03:00:00.000Z',
};

const puts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/api-web/office-settings') && init?.method === 'PUT',
  );

describe('OfficeSettingsPage (/master/pengaturan-surat)', { timeout: 15_000 }, () => {
  function openScreen() {
    localStorage.setItem('token', 'test-token');
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api-web/office-settings': () => ok(SAVED),
      'PUT /api-web/office-settings': (init) => ok({ ...SAVED, ...JSON.parse(String(init?.body)) }),
    });
    renderApp('/master/pengaturan-surat');
    return fetchMock;
  }

  it('shows the saved format with an example number and the app mark as the crest', async () => {
    openScreen();
    const format = (await screen.findByTestId('field-letter-number-format')) as HTMLInputElement;
    await waitFor(() => expect(format.value).toBe('620/{nomor}/436.7.6/{tahun}'));
    const year = new Date().getFullYear();
    expect(screen.getByTestId('office-settings-example').textContent).toContain(`620/12/436.7.6/${year}`);
    expect(screen.getByTestId('office-settings-crest').getAttribute('src')).toBe('/favicon.svg');
    expect(screen.getByTestId('office-settings-crest-name').textContent).toBe('Logo aplikasi (bawaan)');
  });

  it('says what is wrong with a format before sending it, and saves a good one with its version', async () => {
    const fetchMock = openScreen();
    const format = (await screen.findByTestId('field-letter-number-format')) as HTMLInputElement;
    await waitFor(() => expect(format.value).not.toBe(''));
    fireEvent.change(format, { target: { value: '620/{tahun}' } });
    fireEvent.click(screen.getByTestId('office-settings-save'));
    expect(await screen.findByText(OFFICE_SETTINGS_MESSAGES.formatNeedsNumber)).toBeVisible();
    expect(puts(fetchMock)).toHaveLength(0);

    fireEvent.change(format, { target: { value: '600.1/{nomor}/{bulan}/{tahun}' } });
    fireEvent.click(screen.getByTestId('office-settings-save'));
    expect(await screen.findByText('Memperbarui pengaturan surat')).toBeVisible();
    const [[, init]] = puts(fetchMock) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      letterNumberFormat: '600.1/{nomor}/{bulan}/{tahun}',
      sifat: 'Biasa',
    });
    expect(new Headers(init.headers).get('If-Match')).toBe(`"${SAVED.version}"`);
  });
});
