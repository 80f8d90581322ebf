import type { TNeedApproval, TProposalRow } from '@eusulan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authUser, fail, mockApi, ok, renderApp } from '../../test/app-harness.tsx';

const HOUR = 3_600_000;

function proposal(id: number, hoursAgo: number, proposerName: string): TProposalRow {
  const created = new Date(Date.now() - hoursAgo * HOUR);
  return {
    id,
    proposalType: 'taruna',
    proposalTypeName: 'Taruna',
    proposalDate: created.toISOString().slice(0, 10),
    date: '01-03-2026',
    createdAt: created.toISOString(),
    proposerName,
    phoneNumber: `0812000000${id}`,
    road: { id: 1, name: 'Jalan Tunjungan' },
    village: { id: 1, name: 'Genteng', subdistrict: { id: 1, name: 'Genteng' } },
    rtNumber: '03',
    rwNumber: '05',
    address: 'Jl. Tunjungan',
    statusType: 'unverified',
    processType: null,
    processTypeName: null,
    historyCount: 0,
    placeHistoryCount: 0,
    hasSurvey: false,
    consultant: { id: 9, name: 'Rayon Timur', consultantType: 'internal', consultantTypeName: 'Internal' },
  };
}

const FLAGS: TNeedApproval = { taruna: true, umum: false, pokir: true, musrenbang: false };
const NONE: TNeedApproval = { taruna: false, umum: false, pokir: false, musrenbang: false };

const rowIds = () =>
  screen.queryAllByTestId(/^verification-row-/).map((row) => Number(row.getAttribute('data-id')));
/** antd puts data-testid on the checkbox's input. */
const checkbox = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** A shown red dot; a hidden one lingers with data-show=false while it zooms out. */
const hasDot = (type: string) =>
  screen.getByTestId(`type-dot-${type}`).querySelector('.ant-badge-dot:not([data-show="false"])') !== null;
const confirmDialog = () => document.querySelector('.ant-modal-confirm') as HTMLElement;
/** The title and text of the open confirm dialogs (antd also keeps a hidden copy of the title). */
const dialogTexts = () =>
  [...document.querySelectorAll('.ant-modal-confirm-title, .ant-modal-confirm-content')].map(
    (element) => element.textContent,
  );
const verificationPosts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/api-web/verification') && init?.method === 'POST',
  );

describe('VerificationPage (/perlu-koreksi)', { timeout: 15_000 }, () => {
  function openScreen(handlers: Parameters<typeof mockApi>[0]) {
    localStorage.setItem('token', 'test-token');
    const fetchMock = mockApi({ 'POST /api/auth/me': () => ok(authUser('consultan')), ...handlers });
    renderApp('/perlu-koreksi');
    return fetchMock;
  }

  it('pre-checks recent proposals, shows checked or unchecked ones, and toggles all visible', async () => {
    openScreen({
      'GET /api-web/need-approval': () => ok(FLAGS),
      'GET /api-web/verification': () =>
        ok({
          data: [
            proposal(1, 3, 'Agus Santoso'),
            proposal(2, 24 * 40, 'Dewi Rahayu'),
            proposal(3, 24 * 50, 'Budi Wijaya'),
          ],
        }),
    });
    await screen.findByTestId('verification-row-1');
    expect(rowIds()).toEqual([1]);
    expect(checkbox('select-all').checked).toBe(true);
    expect(screen.getByTestId('chosen-count').textContent).toBe('1 usulan dipilih');
    // The taruna and pokir tabs carry the red dot.
    await waitFor(() => expect(hasDot('taruna')).toBe(true));
    expect(hasDot('pokir')).toBe(true);
    expect(hasDot('umum')).toBe(false);

    fireEvent.click(checkbox('show-unchecked'));
    expect(rowIds()).toEqual([2, 3]);
    expect(checkbox('select-all').checked).toBe(false);

    fireEvent.change(screen.getByTestId('verification-search'), { target: { value: 'WIJAYA' } });
    await waitFor(() => expect(rowIds()).toEqual([3]));
    fireEvent.click(checkbox('verification-check-3'));
    // Checked, it leaves the unchecked view.
    await waitFor(() =>
      expect(screen.getByTestId('verification-empty').textContent).toContain('Tidak Ada Data'),
    );
    expect(screen.getByTestId('chosen-count').textContent).toBe('2 usulan dipilih');

    fireEvent.change(screen.getByTestId('verification-search'), { target: { value: '' } });
    await waitFor(() => expect(rowIds()).toEqual([2]));
    fireEvent.click(checkbox('select-all'));
    expect(screen.getByTestId('chosen-count').textContent).toBe('3 usulan dipilih');

    fireEvent.click(checkbox('show-unchecked'));
    expect(rowIds()).toEqual([1, 2, 3]);
    expect(checkbox('select-all').checked).toBe(true);
    fireEvent.click(checkbox('select-all'));
    expect(screen.getByTestId('verification-empty')).toBeVisible();
    expect(screen.getByTestId('chosen-count').textContent).toBe('0 usulan dipilih');
  });

  it('warns and makes no call when nothing is chosen', async () => {
    const fetchMock = openScreen({
      'GET /api-web/need-approval': () => ok(FLAGS),
      'GET /api-web/verification': () => ok({ data: [proposal(2, 24 * 40, 'Dewi Rahayu')] }),
    });
    await screen.findByTestId('verification-empty');
    fireEvent.click(screen.getByTestId('proceed'));
    await waitFor(() =>
      expect(dialogTexts()).toEqual(['Peringatan!', 'Pilih minimal 1 usulan untuk diverifikasi']),
    );
    expect(verificationPosts(fetchMock)).toHaveLength(0);
  });

  it('confirms, verifies the chosen ids, reloads the list and the approval dots', async () => {
    let isVerified = false;
    const fetchMock = openScreen({
      'GET /api-web/need-approval': () => ok(isVerified ? NONE : FLAGS),
      'GET /api-web/verification': () => ok({ data: isVerified ? [] : [proposal(1, 3, 'Agus Santoso')] }),
      'POST /api-web/verification': () => {
        isVerified = true;
        return { body: { status: { code: 200, message: 'Verifikasi data usulan' }, data: { verified: 1 } } };
      },
    });
    await screen.findByTestId('verification-row-1');
    fireEvent.click(screen.getByTestId('proceed'));
    await waitFor(() =>
      expect(dialogTexts()).toEqual([
        'Yakin Approve Data?',
        'Data terpilih akan diapprove dan dilanjutkan untuk di survey',
      ]),
    );
    expect(within(confirmDialog()).getByRole('button', { name: 'Batal' })).toBeVisible();
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Ya, Approve' }));

    // happy-dom never ends antd's closing animation, so the confirm stays in the DOM behind the success.
    await waitFor(() =>
      expect(dialogTexts()).toEqual(expect.arrayContaining(['Berhasil!', 'Verifikasi data usulan'])),
    );
    const posts = verificationPosts(fetchMock);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ proposalId: [1] });
    expect(screen.getByTestId('verification-empty')).toBeVisible();
    expect(hasDot('taruna')).toBe(false);
    const approvalCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('need-approval'));
    expect(approvalCalls).toHaveLength(2);
  });

  it('hands a refused verification to the common handler and keeps the list', async () => {
    openScreen({
      'GET /api-web/need-approval': () => ok(FLAGS),
      'GET /api-web/verification': () => ok({ data: [proposal(1, 3, 'Agus Santoso')] }),
      'POST /api-web/verification': () => fail(400, 'Usulan berikut tidak dapat diverifikasi: 1.'),
    });
    await screen.findByTestId('verification-row-1');
    fireEvent.click(screen.getByTestId('proceed'));
    fireEvent.click(
      within(await waitFor(() => confirmDialog())).getByRole('button', { name: 'Ya, Approve' }),
    );
    await waitFor(() =>
      expect(dialogTexts()).toEqual(
        expect.arrayContaining(['Oopss...', 'Usulan berikut tidak dapat diverifikasi: 1.']),
      ),
    );
    expect(screen.getByTestId('proceed').className).not.toContain('ant-btn-loading');
    expect(screen.getByTestId('verification-row-1')).toBeVisible();
  });
});
