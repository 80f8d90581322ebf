import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_NOT_CURRENT, PASSWORD_RULES } from '@eusulan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_INFO, authUser, fail, mockApi, ok, renderApp } from '../../../test/app-harness.tsx';

const signIn = () => localStorage.setItem('token', 'test-token');
const modal = () => screen.getByTestId('change-password-modal');

async function openFromUserMenu() {
  fireEvent.click(await screen.findByTestId('user-menu-trigger'));
  fireEvent.click(await screen.findByText('Ubah Password', { selector: '.ant-dropdown-menu-title-content' }));
  await waitFor(() => expect(within(modal()).getByText('Password Lama')).toBeVisible());
}

const passwordInputs = () => modal().querySelectorAll<HTMLInputElement>('input');

describe('change password', () => {
  it('opens from the user menu with empty, hidden fields and closes with Batal', async () => {
    signIn();
    mockApi({ 'POST /api/auth/me': () => ok(authUser('admin')), 'GET /api/app-info': () => ok(APP_INFO) });
    renderApp('/master/jalan');
    await openFromUserMenu();
    const inputs = passwordInputs();
    expect(inputs).toHaveLength(3);
    for (const input of inputs) {
      expect(input.type).toBe('password');
      expect(input.value).toBe('');
    }
    fireEvent.change(inputs[0] as HTMLInputElement, { target: { value: 'ketikan' } });
    fireEvent.click(modal().querySelector('.ant-input-password-icon') as HTMLElement);
    expect(passwordInputs()[0]?.type).toBe('text');
    fireEvent.click(within(modal()).getByRole('button', { name: 'Batal' }));
    await openFromUserMenu();
    expect(passwordInputs()[0]?.value).toBe('');
    expect(passwordInputs()[0]?.type).toBe('password');
  });

  it('sends the three fields, then signs out with a success dialog', async () => {
    signIn();
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api/auth/captcha-config': () => ok({ provider: 'none' }),
      'PUT /api/auth/change-password': () => ok(null),
    });
    const { router } = renderApp('/master/jalan');
    await openFromUserMenu();
    const [current, next, confirmation] = passwordInputs();
    fireEvent.change(current as HTMLInputElement, { target: { value: 'lama1234' } });
    fireEvent.change(next as HTMLInputElement, { target: { value: 'baru12345' } });
    fireEvent.change(confirmation as HTMLInputElement, { target: { value: 'baru12345' } });
    fireEvent.click(within(modal()).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Mengubah Password Akun, Silahkan Login Kembali')).toBeVisible();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/change-password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      currentPassword: 'lama1234',
      newPassword: 'baru12345',
      newPasswordConfirmation: 'baru12345',
    });
  });

  it('lists the password rules above the fields before anything is typed', async () => {
    signIn();
    mockApi({ 'POST /api/auth/me': () => ok(authUser('umum')), 'GET /api/app-info': () => ok(APP_INFO) });
    renderApp('/');
    await openFromUserMenu();
    const rules = within(modal()).getByTestId('password-rules');
    const items = [...rules.querySelectorAll('li')].map((item) => item.textContent);
    expect(items).toEqual([...PASSWORD_RULES, PASSWORD_RULE_NOT_CURRENT]);
    expect(items.join(' ')).toMatch(new RegExp(`Minimal ${PASSWORD_MIN_LENGTH} karakter`));
    // Above the fields, and the new password's field points at them for screen readers.
    const [, next] = passwordInputs();
    expect(rules.compareDocumentPosition(next as HTMLInputElement) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(next?.getAttribute('aria-describedby')).toContain(rules.id);
  });

  it("shows the server's 422 verdicts through the common handler and keeps the session", async () => {
    signIn();
    mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api/app-info': () => ok(APP_INFO),
      'PUT /api/auth/change-password': () =>
        fail(422, 'invalid', { newPassword: ['Password baru minimal 8 karakter!'] }),
    });
    renderApp('/master/jalan');
    await openFromUserMenu();
    fireEvent.click(within(modal()).getByRole('button', { name: 'Simpan' }));
    const messages = await screen.findByTestId('validation-messages');
    expect(messages.textContent).toContain('Password baru minimal 8 karakter!');
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(within(modal()).getByRole('button', { name: 'Simpan' })).toBeVisible();
  });

  it('opens by itself when the password must be changed, without Batal, and Keluar still signs out', async () => {
    signIn();
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('consultan', { mustChangePassword: true })),
      'POST /api/auth/logout': () => ok(null),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api/auth/captcha-config': () => ok({ provider: 'none' }),
    });
    const { router } = renderApp('/perlu-koreksi');
    expect(
      await within(await screen.findByTestId('change-password-modal')).findByText('Password Lama'),
    ).toBeVisible();
    expect(within(modal()).getByText('Silakan ubah password Anda terlebih dahulu.')).toBeVisible();
    expect(within(modal()).queryByRole('button', { name: 'Batal' })).toBeNull();
    // The server refuses other calls until the change, so neither the screen nor need-approval is asked.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('need-approval'))).toBe(false);

    fireEvent.click(screen.getByTestId('user-menu-trigger'));
    fireEvent.click(await screen.findByText('Keluar', { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/logout'))).toBe(true);
  });
});
