import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_INFO, authUser, fail, mockApi, ok, renderApp } from '../../test/app-harness.tsx';

// The real widget needs Web Workers and WebCrypto; the page only listens to its statechange events.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/id', () => ({}));

const LOGIN_RESULT = {
  auth: { accessToken: 'new-token', tokenType: 'Bearer', expiresAt: '2030-01-01T00:00:00Z' },
  user: authUser('admin'),
};

function fillIn(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
}

const submitButton = () => screen.getByTestId('login-submit') as HTMLButtonElement;
const sentBody = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/login'));
  return JSON.parse(String(call?.[1]?.body));
};

describe('LoginPage', () => {
  const withoutCaptcha = (login: Parameters<typeof mockApi>[0][string]) =>
    mockApi({
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api/auth/captcha-config': () => ok({ provider: 'none', siteKey: null, challengeUrl: null }),
      'POST /api/auth/login': login,
    });

  it('shows the agency name and requires username and password', async () => {
    withoutCaptcha(() => ok(LOGIN_RESULT));
    renderApp('/login');
    expect(await screen.findByText('Dinas Sumber Daya Air dan Bina Marga Kota Surabaya')).toBeVisible();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fillIn('   ', '');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Username tidak boleh kosong!')).toBeVisible();
    expect(await screen.findByText('Password tidak boleh kosong!')).toBeVisible();
  });

  it('stores the token and goes to / (then the role landing) after success', async () => {
    const fetchMock = withoutCaptcha(() => ok(LOGIN_RESULT));
    const { router } = renderApp('/login');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fillIn('admin', 'rahasia123');
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/jalan'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(sentBody(fetchMock)).toEqual({ username: 'admin', password: 'rahasia123', recaptcha: '' });
  });

  it('answers wrong credentials with its own text', async () => {
    withoutCaptcha(() => fail(401, 'Unauthorized'));
    renderApp('/login');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fillIn('admin', 'salah');
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      'Username dan password tidak cocok',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's throttling message", async () => {
    withoutCaptcha(() =>
      fail(429, 'Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam 15 menit.'),
    );
    renderApp('/login');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fillIn('admin', 'salah');
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('login-error')).textContent).toContain('coba lagi dalam 15 menit');
  });

  it('hands other failures to the common handler', async () => {
    withoutCaptcha(() => fail(500, 'boom'));
    renderApp('/login');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fillIn('admin', 'rahasia123');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Terjadi kesalahan koneksi')).toBeVisible();
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Oopss...');
  });

  describe('with altcha', () => {
    const withAltcha = (login: Parameters<typeof mockApi>[0][string]) =>
      mockApi({
        'GET /api/app-info': () => ok(APP_INFO),
        'GET /api/auth/captcha-config': () =>
          ok({ provider: 'altcha', siteKey: null, challengeUrl: '/api/auth/captcha' }),
        'POST /api/auth/login': login,
      });

    const solve = (payload: string | undefined, state = 'verified') => {
      const widget = document.querySelector('altcha-widget');
      if (!widget) throw new Error('altcha-widget is not rendered');
      fireEvent(widget, new CustomEvent('statechange', { detail: { state, payload } }));
    };

    it('keeps Masuk disabled until the bot check is solved and sends its payload', async () => {
      const fetchMock = withAltcha(() => ok(LOGIN_RESULT));
      renderApp('/login');
      await screen.findByTestId('bot-check-altcha');
      fillIn('admin', 'rahasia123');
      expect(submitButton().disabled).toBe(true);
      solve('solved-payload');
      await waitFor(() => expect(submitButton().disabled).toBe(false));
      fireEvent.click(submitButton());
      await waitFor(() => expect(localStorage.getItem('token')).toBe('new-token'));
      expect(sentBody(fetchMock).recaptcha).toBe('solved-payload');
    });

    it('reports a rejected captcha and asks for a new check', async () => {
      withAltcha(() => fail(422, 'invalid', { recaptcha: ['Captcha tidak valid!'] }));
      renderApp('/login');
      await screen.findByTestId('bot-check-altcha');
      fillIn('admin', 'rahasia123');
      solve('stale-payload');
      await waitFor(() => expect(submitButton().disabled).toBe(false));
      fireEvent.click(submitButton());
      expect((await screen.findByTestId('login-error')).textContent).toContain('Captcha tidak valid!');
      expect(submitButton().disabled).toBe(true);
    });
  });
});
