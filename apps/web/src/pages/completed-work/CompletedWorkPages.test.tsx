import type { TCompletedWorkImportRow, TCompletedWorkRow } from '@eusulan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authUser, fail, mockApi, ok, renderApp } from '../../test/app-harness.tsx';

const SCREEN_LOADED = { timeout: 15_000 };

const IMPORT: TCompletedWorkImportRow = {
  id: 9,
  name: 'paket-2025.zip',
  year: 2025,
  typeWorkColor: { id: 3, idHash: '3', typeWork: 'Pemeliharaan Jalan', color: '#1677ff' },
  createdAt: '2026-01-05T02:00:00.000Z',
};

const WORK: TCompletedWorkRow = {
  id: 31,
  nama: 'Rehabilitasi Jalan Tunjungan',
  lokasi: 'Jalan Tunjungan',
  jenisPekerjaan: 'Pemeliharaan Jalan',
  tahun: 2025,
  panjang: 2100,
  panjangLokasi: 780,
};

function signIn(role: 'admin' | 'umum', handlers: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('token', 'test-token');
  return mockApi({
    'POST /api/auth/me': () => ok(authUser(role)),
    'GET /api-web/completed-work': () => ok({ data: [IMPORT], total: 1, page: 1, limit: 10 }),
    'GET /api-web/completed-work-detail/9': () =>
      ok({ data: [WORK], total: 1, page: 1, limit: 10, completedWork: IMPORT }),
    ...handlers,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path);

describe('Pekerjaan Selesai pages', { timeout: 20_000 }, () => {
  it('lists imports for admin with Import Data, and Lihat Data opens the works with the year', async () => {
    const fetchMock = signIn('admin');
    const { router } = renderApp('/pekerjaan-selesai');
    const view = await screen.findByTestId('view-9', {}, SCREEN_LOADED);
    expect(screen.getByTestId('import-button').textContent).toContain('Import Data');
    expect((screen.getByTestId('filter-year') as HTMLInputElement).placeholder).toBe('Semua Tahun');
    const row = within(view.closest('tr') as HTMLElement);
    expect(row.getByText('paket-2025.zip')).toBeVisible();
    expect(row.getByText('Pemeliharaan Jalan')).toBeVisible();
    expect(row.getByText('2025')).toBeVisible();
    const first = calls(fetchMock, '/api-web/completed-work')[0];
    expect(first?.searchParams.has('year')).toBe(false);
    expect(first?.searchParams.get('sort_by')).toBe('id');

    fireEvent.click(view);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pekerjaan-selesai/detail/9'));
    expect(router.state.location.search).toBe('?year=2025');
    expect(await screen.findByRole('heading', { name: 'Pekerjaan Selesai Tahun 2025' })).toBeVisible();
    const workRow = within((await screen.findByTestId('work-detail-31')).closest('tr') as HTMLElement);
    expect(workRow.getByText('Jalan Tunjungan')).toBeVisible();
    expect(workRow.getByText('Rehabilitasi Jalan Tunjungan')).toBeVisible();
    expect(workRow.getByText('780 m')).toBeVisible();
    expect(workRow.getByText('dari 2.100 m paket')).toBeVisible();
    expect(screen.getByTestId('back-button').textContent).toContain('Kembali');
  });

  it('hides Import Data from umum', async () => {
    signIn('umum');
    renderApp('/pekerjaan-selesai');
    await screen.findByTestId('view-9', {}, SCREEN_LOADED);
    expect(screen.queryByTestId('import-button')).toBeNull();
  });

  it("takes the heading's year from the import when the query has none", async () => {
    signIn('umum');
    renderApp('/pekerjaan-selesai/detail/9');
    expect(
      await screen.findByRole('heading', { name: 'Pekerjaan Selesai Tahun 2025' }, SCREEN_LOADED),
    ).toBeVisible();
  });

  it('says a malformed import id is not a valid address, without asking the server', async () => {
    const fetchMock = signIn('admin');
    const { router } = renderApp('/pekerjaan-selesai/detail/abc?year=2025');
    const message = await screen.findByTestId('missing-record', {}, SCREEN_LOADED);
    expect(message.textContent).toContain('Alamat tidak valid');
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('completed-work-detail'))).toBe(false);
    fireEvent.click(screen.getByTestId('missing-record-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pekerjaan-selesai'));
  });

  it('says an import the server does not know is not found, without the common 404 dialog', async () => {
    signIn('umum', { 'GET /api-web/completed-work-detail/404': () => fail(404, 'Data tidak ditemukan.') });
    renderApp('/pekerjaan-selesai/detail/404');
    const message = await screen.findByTestId('missing-record', {}, SCREEN_LOADED);
    expect(message.textContent).toContain('Data tidak ditemukan');
    expect(message.textContent).toContain('Data pekerjaan selesai ini tidak ada atau sudah dihapus.');
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('leaves other failures of the works list to the common handler', async () => {
    signIn('admin', { 'GET /api-web/completed-work-detail/9': () => fail(403, 'Akses ditolak.') });
    renderApp('/pekerjaan-selesai/detail/9');
    await waitFor(
      () => expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('Akses ditolak.'),
      SCREEN_LOADED,
    );
    expect(screen.queryByTestId('missing-record')).toBeNull();
  });
});
