import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileFromAuthUser } from '../features/auth/profile.ts';
import { setProfile } from '../features/auth/profile-store.ts';
import {
  APP_INFO,
  authUser,
  fail,
  mockApi,
  ok,
  renderApp,
  resetAppAroundEachTest,
} from '../test/app-harness.tsx';
import type { PreloadableComponent } from './preloadable.ts';
import { buildRouteTree, prefetchSignedInData } from './router.tsx';
import { SCREENS } from './screens.tsx';

const signIn = () => localStorage.setItem('token', 'test-token');

// Several tests open /maps and end once the shell shows; its screen's code (maps, workers) is loaded first, so
// no import of it is still running when a test's environment is torn down.
beforeAll(async () => {
  await (SCREENS.maps as PreloadableComponent).preload();
});

describe('routing and guards', () => {
  resetAppAroundEachTest();

  it('sends a visitor without a token to /login', async () => {
    mockApi({
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api/auth/captcha-config': () => ok({ provider: 'none' }),
    });
    const { router } = renderApp('/master/jalan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Login | e-Usulan Jalan'));
  });

  it('loads the profile for a stored token and lands the role on its first screen', async () => {
    signIn();
    mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api-web/master/road': () => ({
        body: { ...ok([]).body, meta: { total: 0, page: 1, limit: 10 } },
      }),
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/jalan'));
    expect(await screen.findByRole('heading', { name: 'Master Jalan' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Master Jalan | e-Usulan Jalan'));
  });

  it('clears storage and goes to /login when the profile cannot be loaded', async () => {
    signIn();
    localStorage.setItem('other', 'kept?');
    mockApi({
      'POST /api/auth/me': () => fail(401),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api/auth/captcha-config': () => ok({ provider: 'none' }),
    });
    const { router } = renderApp('/maps');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
  });

  it('sends a role outside the route list to /403', async () => {
    signIn();
    mockApi({
      'POST /api/auth/me': () => ok(authUser('consultan')),
      'GET /api-web/need-approval': () => ok({ taruna: false, umum: false, pokir: false, musrenbang: false }),
    });
    const { router } = renderApp('/master/jalan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(await screen.findByText("You Don't Have Access To The Page")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return Home Page' })).toBeTruthy();
  });

  it('lets any signed-in role open the print page, without a shell', async () => {
    signIn();
    mockApi({ 'POST /api/auth/me': () => ok(authUser('structural')) });
    renderApp('/cetak-data-usulan-survey?id=5');
    expect(await screen.findByRole('heading', { name: 'Laporan Hasil Survey Lapangan' })).toBeTruthy();
    expect(screen.queryByTestId('user-menu-trigger')).toBeNull();
  });

  it('sends a signed-in user away from the guest pages', async () => {
    signIn();
    mockApi({ 'POST /api/auth/me': () => ok(authUser('umum')), 'GET /api/app-info': () => ok(APP_INFO) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps'));
  });

  it('sends unknown paths to /404', async () => {
    mockApi({});
    const { router } = renderApp('/tidak/ada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
  });
});

describe('shells', () => {
  resetAppAroundEachTest();

  it('gives umum a side menu with only Pekerjaan Selesai and Maps', async () => {
    signIn();
    mockApi({ 'POST /api/auth/me': () => ok(authUser('umum')), 'GET /api/app-info': () => ok(APP_INFO) });
    renderApp('/maps');
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).getByText('Maps')).toBeTruthy();
    expect(within(menu).getByText('Pekerjaan Selesai')).toBeTruthy();
    expect(within(menu).queryByText('Master')).toBeNull();
    expect(within(menu).queryByText('Usulan')).toBeNull();
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Budi Santoso');
  });

  it('gives an internal consultant the top bar, its district and a red dot when approvals wait', async () => {
    signIn();
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('consultan')),
      'GET /api-web/need-approval': () => ok({ taruna: false, umum: true, pokir: false, musrenbang: false }),
      'GET /api-web/verification': () => ok({ data: [] }),
    });
    renderApp('/perlu-koreksi');
    const link = await screen.findByRole('link', { name: /Perlu Verifikasi/ });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe('/report');
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Rayon Timur');
    expect(screen.getByTestId('user-menu-district').textContent).toContain('Surabaya Timur');
    await waitFor(() => expect(document.querySelector('.ant-badge-dot')).not.toBeNull());
    const approvalCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('need-approval'));
    expect(approvalCalls).toHaveLength(1);
  });

  it('hides Export from an external consultant', async () => {
    signIn();
    const external = authUser('consultan');
    mockApi({
      'POST /api/auth/me': () =>
        ok({ ...external, userable: { ...external.userable, consultantType: 'external', district: null } }),
      'GET /api-web/need-approval': () => ok({ taruna: false, umum: false, pokir: false, musrenbang: false }),
    });
    renderApp('/data-usulan-survey');
    expect(await screen.findByRole('link', { name: 'Data Usulan Survey' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export' })).toBeNull();
    expect(screen.queryByTestId('user-menu-district')).toBeNull();
  });

  it('does not ask admins for approval notices', async () => {
    signIn();
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api/app-info': () => ok(APP_INFO),
    });
    renderApp('/usulan');
    expect(await screen.findByRole('heading', { name: 'Usulan' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('need-approval'))).toBe(false);
  });
});

describe('a signed-in first visit’s first data', () => {
  resetAppAroundEachTest();
  const asked = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

  it('asks for /usulan’s first page of rows when the role may open it', async () => {
    signIn();
    setProfile(profileFromAuthUser(authUser('admin')));
    const fetchMock = mockApi({ 'GET /api-web/proposal': () => ok({ data: [], total: 0 }) });
    await prefetchSignedInData(buildRouteTree(), '/usulan');
    expect(asked(fetchMock)).toEqual(['/api-web/proposal']);
  });

  it('asks for nothing when the role may not open the address, or the screen has no first data', async () => {
    signIn();
    setProfile(profileFromAuthUser(authUser('consultan')));
    const fetchMock = mockApi({});
    await prefetchSignedInData(buildRouteTree(), '/usulan');
    setProfile(profileFromAuthUser(authUser('admin')));
    await prefetchSignedInData(buildRouteTree(), '/master/jalan');
    expect(asked(fetchMock)).toEqual([]);
  });
});
