import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../pages/errors/RouteErrorPage.tsx';
import { APP_INFO, authUser, fail, mockApi, ok, renderApp } from '../test/app-harness.tsx';
import { lazyRoute, signedInRoute } from './router.tsx';

const signIn = () => localStorage.setItem('token', 'test-token');
const LoadedScreen = () => <h1>Dimuat</h1>;

// Several tests open /maps and end once the shell shows; its screen's code (maps, workers) is loaded first, so
// no import of it is still running when a test's environment is torn down.
beforeAll(async () => {
  await import('../pages/maps/MapsPage.tsx');
});

describe('routing and guards', () => {
  it('sends a visitor without a token to /login', async () => {
    mockApi({
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api/auth/captcha-config': () => ok({ provider: 'none' }),
    });
    const { router } = renderApp('/master/jalan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-form')).toBeVisible();
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
    expect(await screen.findByRole('heading', { name: 'Master Jalan' })).toBeVisible();
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
    expect(await screen.findByText("You Don't Have Access To The Page")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Return Home Page' })).toBeVisible();
  });

  it('lets any signed-in role open the print page, without a shell', async () => {
    signIn();
    mockApi({ 'POST /api/auth/me': () => ok(authUser('structural')) });
    renderApp('/cetak-data-usulan-survey?id=5');
    expect(await screen.findByRole('heading', { name: 'Laporan Hasil Survey Lapangan' })).toBeVisible();
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
    expect(await screen.findByText('404 Not Found')).toBeVisible();
  });
});

describe('shells', () => {
  it('gives umum a side menu with only Pekerjaan Selesai and Maps', async () => {
    signIn();
    mockApi({ 'POST /api/auth/me': () => ok(authUser('umum')), 'GET /api/app-info': () => ok(APP_INFO) });
    renderApp('/maps');
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).getByText('Maps')).toBeVisible();
    expect(within(menu).getByText('Pekerjaan Selesai')).toBeVisible();
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
    expect(await screen.findByRole('link', { name: 'Data Usulan Survey' })).toBeVisible();
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
    expect(await screen.findByRole('heading', { name: 'Usulan' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('need-approval'))).toBe(false);
  });
});

describe('route loaders and lazy screens', () => {
  const asked = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
    fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);

  it('has /usulan’s first page in the cache when the list renders: one request, not one per mount', async () => {
    signIn();
    let isScreenShownWhenAsked: boolean | undefined;
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api-web/proposal': () => {
        isScreenShownWhenAsked ??= screen.queryByRole('heading', { name: 'Usulan' }) !== null;
        return ok({ data: [], total: 0 });
      },
    });
    renderApp('/usulan');
    expect(await screen.findByRole('heading', { name: 'Usulan' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Usulan | e-Usulan Jalan'));
    expect(asked(fetchMock, '/api-web/proposal')).toHaveLength(1);
    expect(isScreenShownWhenAsked).toBe(false);
  });

  it('asks for no first data when the role may not open the address', async () => {
    signIn();
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('consultan')),
      'GET /api-web/need-approval': () => ok({ taruna: false, umum: false, pokir: false, musrenbang: false }),
    });
    const { router } = renderApp('/usulan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(asked(fetchMock, '/api-web/proposal')).toEqual([]);
  });

  it('shows and logs a failed import, and imports again on a later visit', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('Failed to fetch dynamically imported module');
    const load = vi
      .fn<() => Promise<{ Component: typeof LoadedScreen }>>()
      .mockRejectedValueOnce(failure)
      .mockRejectedValueOnce(failure)
      .mockResolvedValue({ Component: LoadedScreen });
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteErrorPage />,
          hydrateFallbackElement: <p>Memuat</p>,
          children: [
            { path: '/', element: <p>Awal</p> },
            { path: '/layar', lazy: lazyRoute(load) },
          ],
        },
      ],
      { initialEntries: ['/layar'] },
    );
    render(<RouterProvider router={router} />);
    // The first visit imported twice (lazy, then its loader) and shows the cause.
    expect(await screen.findByText('Terjadi kesalahan')).toBeVisible();
    expect(logged).toHaveBeenCalledWith(expect.any(String), failure);
    await router.navigate('/');
    expect(await screen.findByText('Awal')).toBeVisible();
    await router.navigate('/layar');
    expect(await screen.findByRole('heading', { name: 'Dimuat' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('imports nothing of a signed-in route for a guest, and imports it on a visit after sign-in', async () => {
    const load = vi.fn(async () => ({ Component: LoadedScreen }));
    const router = createMemoryRouter(
      [
        {
          hydrateFallbackElement: <p>Memuat</p>,
          children: [
            { path: '/', element: <p>Awal</p> },
            { path: '/layar', lazy: signedInRoute(load) },
          ],
        },
      ],
      { initialEntries: ['/layar'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(load).not.toHaveBeenCalled();
    await router.navigate('/');
    signIn();
    await router.navigate('/layar');
    expect(await screen.findByRole('heading', { name: 'Dimuat' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
