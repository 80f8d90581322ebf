import type { TAssignedConsultantRow } from '@eusulan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proposalRow } from '../../features/proposal/test-fixtures.ts';
import { authUser, fail, mockApi, ok, renderApp } from '../../test/app-harness.tsx';
import { consultantDetailPath, verificationSummary } from './AssignedConsultantListPage.tsx';

const CONSULTANTS: TAssignedConsultantRow[] = [
  {
    id: 2,
    idHash: '2',
    name: 'Rayon Surabaya Pusat',
    consultantType: 'internal',
    consultantTypeName: 'Internal',
    verification: { statusVerified: 3, totalProposal: 12 },
    total_proposals: 5,
  },
  {
    id: 3,
    idHash: '3',
    name: 'CV Cipta Karya Mandiri',
    consultantType: 'external',
    consultantTypeName: 'Eksternal',
    verification: { statusVerified: 0, totalProposal: 4 },
    total_proposals: 1,
  },
];

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path);

describe('Tugas Survey (/assigned-konsultan)', { timeout: 20_000 }, () => {
  it('summarises verification and links to the task list with the name in the query', () => {
    expect(verificationSummary(CONSULTANTS[0]!)).toBe('3 dapat disurvey dari 12 usulan');
    expect(consultantDetailPath({ id: 3, name: 'CV Cipta & Mandiri' })).toBe(
      '/assigned-konsultan/detail/3?name=CV+Cipta+%26+Mandiri',
    );
  });

  it('sorts by the fewest active tasks first, by name on request, and opens a task list', async () => {
    localStorage.setItem('token', 'test-token');
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api-web/assigned-consultant': () => ok({ data: CONSULTANTS, total: 2, page: 1, limit: 10 }),
      'GET /api-web/assigned-consultant/2/list-proposal': () => ({
        body: { ...ok([proposalRow({ id: 41 })]).body, meta: { total: 31, page: 1, limit: 10 } },
      }),
    });
    const { router } = renderApp('/assigned-konsultan');
    expect(await screen.findByText('3 dapat disurvey dari 12 usulan', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByText('Eksternal')).toBeVisible();
    const first = callsTo(fetchMock, '/api-web/assigned-consultant')[0];
    expect(first?.searchParams.get('sort_by')).toBe('total_proposals');
    expect(first?.searchParams.get('order_by')).toBe('asc');

    fireEvent.mouseDown(within(screen.getByTestId('consultant-sort')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Alphabet Z-A'));
    await waitFor(() => {
      const last = callsTo(fetchMock, '/api-web/assigned-consultant').at(-1);
      expect([last?.searchParams.get('sort_by'), last?.searchParams.get('order_by')]).toEqual([
        'name',
        'desc',
      ]);
    });

    fireEvent.click(screen.getByTestId('consultant-proposals-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assigned-konsultan/detail/2'));
    expect(router.state.location.search).toBe('?name=Rayon+Surabaya+Pusat');
    expect(
      await screen.findByRole('heading', { name: 'Daftar Tugas Survey Usulan Jalan' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByTestId('consultant-name').textContent).toBe('Rayon Surabaya Pusat');
    // This list answers data rows plus meta.total.
    expect(await screen.findByText('Menampilkan 1 - 1 dari 31 data')).toBeVisible();
    expect(screen.getByText('Taruna')).toBeVisible();

    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assigned-konsultan'));
  });

  it('says a malformed consultant id is not a valid address, and an unknown one is not found', async () => {
    localStorage.setItem('token', 'test-token');
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api-web/assigned-consultant/77/list-proposal': () => fail(404, 'Data tidak ditemukan.'),
    });
    const { router } = renderApp('/assigned-konsultan/detail/0?name=Siapa');
    const invalid = await screen.findByTestId('missing-record', {}, { timeout: 15_000 });
    expect(invalid.textContent).toContain('Alamat tidak valid');
    expect(screen.queryByTestId('consultant-name')).toBeNull();
    expect(callsTo(fetchMock, '/api-web/assigned-consultant/0/list-proposal')).toEqual([]);

    await router.navigate('/assigned-konsultan/detail/77');
    await waitFor(() =>
      expect(screen.getByTestId('missing-record').getAttribute('data-reason')).toBe('not-found'),
    );
    expect(screen.getByTestId('missing-record').textContent).toContain('Konsultan ini tidak ada');
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });
});
