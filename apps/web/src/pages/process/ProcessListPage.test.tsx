import type { TNeedApproval, TProposalDetail } from '@eusulan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proposalDetail, proposalRow } from '../../features/proposal/test-fixtures.ts';
import { authUser, mockApi, ok, renderApp } from '../../test/app-harness.tsx';

const FLAGS: TNeedApproval = { taruna: true, umum: false, pokir: false, musrenbang: false };

const surveyed = proposalRow({
  id: 51,
  proposerName: 'Sari Wulandari',
  statusType: 'surveyed',
  hasSurvey: true,
});
const finished = proposalRow({
  id: 52,
  proposerName: 'Fajar Nugroho',
  statusType: 'finished',
  processType: 'project',
  processTypeName: 'Proyek',
  hasSurvey: true,
});
const verified = proposalRow({ id: 53, proposerName: 'Vina Lestari', statusType: 'verified' });

const processQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api-web/process')
    .map((url) => Object.fromEntries(url.searchParams));
const dialogTexts = () =>
  [...document.querySelectorAll('.ant-modal-confirm-title, .ant-modal-confirm-content')].map(
    (element) => element.textContent,
  );

describe('ProcessListPage (/perlu-approval)', { timeout: 15_000 }, () => {
  function openScreen(detail: TProposalDetail = proposalDetail({ ...surveyed, canChangeProcess: true })) {
    localStorage.setItem('token', 'test-token');
    let decided = false;
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('structural')),
      'GET /api-web/need-approval': () => ok(FLAGS),
      'GET /api-web/process': () => ok({ data: [surveyed, finished, verified], total: 3 }),
      [`GET /api-web/proposal/${detail.id}`]: () =>
        ok(
          decided
            ? { ...detail, statusType: 'finished', processType: 'self_management', canChangeProcess: false }
            : detail,
        ),
      [`POST /api-web/process/${detail.id}/change-process`]: () => {
        decided = true;
        return ok({ ...detail, statusType: 'finished', processType: 'self_management' });
      },
    });
    renderApp('/perlu-approval');
    return fetchMock;
  }

  it('shows surveyed rows in red as Perlu Tindakan, the process badge, Print only with a survey', async () => {
    const fetchMock = openScreen();
    const row = (await screen.findByText('Sari Wulandari')).closest('tr') as HTMLElement;
    expect(row.className).toContain('process-list__row--waiting');
    expect(within(row).getByText('Perlu Tindakan')).toBeVisible();
    expect(within(row).getByTestId('detail-51').className).toContain('ant-btn-dangerous');
    const done = screen.getByText('Fajar Nugroho').closest('tr') as HTMLElement;
    expect(done.className).not.toContain('process-list__row--waiting');
    expect(within(done).getByTestId('process-badge').textContent).toBe('Proyek');
    expect(within(done).getByTestId('print-52')).toBeVisible();
    const waiting = screen.getByText('Vina Lestari').closest('tr') as HTMLElement;
    expect(within(waiting).queryByTestId('print-53')).toBeNull();
    expect(within(waiting).getByText('Belum disurvey')).toBeVisible();
    expect(processQueries(fetchMock)[0]).toMatchObject({
      proposalType: 'taruna',
      statusType: 'semua',
      page: '1',
    });
    await waitFor(() =>
      expect(screen.getByTestId('type-dot-taruna').querySelector('.ant-badge-dot')).not.toBeNull(),
    );
  });

  it('sends the chosen status and returns to page 1', async () => {
    const fetchMock = openScreen();
    await screen.findByText('Sari Wulandari');
    fireEvent.mouseDown(
      screen.getByTestId('filter-status').querySelector('.ant-select-selector') ??
        screen.getByTestId('filter-status'),
    );
    fireEvent.click(
      await screen.findByText('Perlu Approval', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(processQueries(fetchMock).at(-1)).toMatchObject({ statusType: 'perlu_approval', page: '1' }),
    );
  });

  it('asks for a process, then saves the decision with its documents and says so', async () => {
    const fetchMock = openScreen();
    fireEvent.click(await screen.findByTestId('detail-51'));
    const panel = await screen.findByTestId('approval-panel');
    fireEvent.click(within(panel).getByTestId('approval-save'));
    await waitFor(() => expect(dialogTexts()).toContain('Process tidak boleh kosong'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('change-process'))).toBe(false);

    fireEvent.click(within(panel).getByText('Swakelola'));
    const input = panel.querySelector('input[type="file"]') as HTMLInputElement;
    const document = new File(['%PDF-1.4 nota'], 'nota dinas.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [document] } });
    await within(panel).findByText('nota dinas.pdf');
    fireEvent.click(within(panel).getByTestId('approval-save'));

    await waitFor(() =>
      expect(dialogTexts()).toEqual(expect.arrayContaining(['Berhasil!', 'Menyetujui data usulan'])),
    );
    const post = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/api-web/process/51/change-process'),
    );
    const body = post?.[1]?.body as FormData;
    expect(body.get('processType')).toBe('swakelola');
    expect((body.getAll('files[]') as File[]).map((file) => file.name)).toEqual(['nota dinas.pdf']);
    // The detail reloads without the panel (finished Swakelola), and the list reloads.
    await waitFor(() => expect(screen.queryByTestId('approval-panel')).toBeNull());
    await waitFor(() => expect(processQueries(fetchMock).length).toBeGreaterThan(1));
  });
});
