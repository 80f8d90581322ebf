import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proposalDetail } from '../../features/proposal/test-fixtures.ts';
import { APP_INFO, authUser, fail, mockApi, ok, renderApp } from '../../test/app-harness.tsx';

const signIn = () => localStorage.setItem('token', 'test-token');

describe('/cetak-data-usulan-survey without a printable survey', () => {
  it('tells that a proposal without a submitted survey has no report yet', async () => {
    signIn();
    mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api-web/proposal/41': () => ok(proposalDetail({ statusType: 'verified', survey: null })),
    });
    renderApp('/cetak-data-usulan-survey?id=41');
    expect(
      await screen.findByText('Laporan belum tersedia: usulan ini belum memiliki hasil survey yang dikirim.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Laporan Hasil Survey Lapangan' })).toBeVisible();
    expect(screen.queryByTestId('survey-report')).toBeNull();
  });

  it('reads a missing or forbidden proposal as not found, on the page and without the error dialog', async () => {
    signIn();
    mockApi({
      'POST /api/auth/me': () => ok(authUser('consultan')),
      'GET /api/app-info': () => ok(APP_INFO),
      'GET /api-web/proposal/77': () => fail(404, 'Request/Resource not found!'),
    });
    renderApp('/cetak-data-usulan-survey?id=77');
    expect(
      await screen.findByText('Usulan tidak ditemukan atau Anda tidak memiliki akses ke usulan ini.'),
    ).toBeVisible();
    expect(screen.queryByText('Oopss...')).toBeNull();
  });

  it('asks for nothing without a usable id', async () => {
    signIn();
    const fetchMock = mockApi({ 'POST /api/auth/me': () => ok(authUser('admin')) });
    renderApp('/cetak-data-usulan-survey?id=abc');
    expect(
      await screen.findByText('Alamat laporan tidak lengkap: nomor usulan (id) tidak ada.'),
    ).toBeVisible();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);
    expect(asked.some((pathname) => pathname.startsWith('/api-web/proposal'))).toBe(false);
  });
});
