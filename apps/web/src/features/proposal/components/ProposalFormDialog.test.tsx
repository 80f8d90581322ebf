import { STALE_COPY_MESSAGE } from '@eusulan/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { fail, inTurn, mockApi, ok } from '../../../test/app-harness.tsx';
import { proposalDetail, proposalRow } from '../test-fixtures.ts';
import { ProposalFormDialog } from './ProposalFormDialog.tsx';

function renderDialog(record: ReturnType<typeof proposalDetail> | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders>
      <ProposalFormDialog open proposalType="pokir" record={record} onClose={onClose} onSaved={onSaved} />
    </AppProviders>,
  );
  return { onSaved, onClose, modal: () => screen.getByTestId('proposal-form-modal') };
}

const isDisabled = (testId: string) => screen.getByTestId(testId).className.includes('disabled');

describe('ProposalFormDialog', { timeout: 20_000 }, () => {
  it('adds: titled with the type, the consultant waits for a village and RW for an RT, no history yet', async () => {
    mockApi({});
    const { modal } = renderDialog(null);
    expect(
      await within(modal()).findByText('Tambah Data Usulan Jalan Pokir', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(isDisabled('field-consultant')).toBe(true);
    expect(isDisabled('field-rw')).toBe(true);
    expect(within(modal()).queryByTestId('check-road-history')).toBeNull();
    fireEvent.click(within(modal()).getByTestId('form-save'));
    expect(await within(modal()).findByText('No HP tidak boleh kosong!')).toBeVisible();
    expect(within(modal()).getByText('Alamat tidak boleh kosong!')).toBeVisible();
    expect(within(modal()).getByText('Pilih salah satu!')).toBeVisible();
    // The date's own words, not §5's proposer-name slip: each message names the field it stands under.
    expect(within(modal()).getByText('Tanggal usulan tidak boleh kosong!')).toBeVisible();
    expect(within(modal()).getAllByText('Nama pengusul tidak boleh kosong!')).toHaveLength(1);
  });

  it('edits: fills the stored values and files; Cek Histori Jalan lists the place without this proposal', async () => {
    const fetchMock = mockApi({
      'GET /api-web/proposal': () =>
        ok({ data: [proposalRow({ id: 7, proposerName: 'Pengusul Lama' })], total: 1, page: 1, limit: 10 }),
      'POST /api-web/proposal/41': () => ok(proposalDetail()),
    });
    const { modal, onSaved } = renderDialog(
      proposalDetail({ proposalType: 'pokir', proposalTypeName: 'Pokir' }),
    );
    expect(await within(modal()).findByText('Edit Data Usulan Jalan Pokir')).toBeVisible();
    await waitFor(() =>
      expect((within(modal()).getByTestId('field-proposer-name') as HTMLInputElement).value).toBe(
        'Budi Santoso',
      ),
    );
    expect((within(modal()).getByTestId('field-date') as HTMLInputElement).value).toBe('05-01-2026');
    expect(within(modal()).getByText('foto.jpg')).toBeVisible();
    expect(isDisabled('field-consultant')).toBe(false);

    fireEvent.click(await within(modal()).findByTestId('check-road-history'));
    expect(await within(modal()).findByText('Pengusul Lama')).toBeVisible();
    const history = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname === '/api-web/proposal');
    expect(Object.fromEntries(history?.searchParams ?? [])).toMatchObject({
      isHistory: '1',
      roadId: '4',
      villageId: '12',
      rtNumber: '03',
      rwNumber: '05',
      excludeId: '41',
    });

    fireEvent.click(within(modal()).getByTestId('form-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('update'));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api-web/proposal/41'))?.[1]
      ?.body as FormData;
    expect(sent.get('proposalType')).toBe('pokir');
    expect(sent.getAll('existingFileId[]')).toEqual(['7']);
    expect(sent.get('consultantId')).toBe('2');
    expect(await screen.findByText('Memperbarui data usulan')).toBeVisible();
  });

  it('has no Cek Histori Jalan for a place without RT and RW', async () => {
    mockApi({});
    const { modal } = renderDialog(proposalDetail({ rtNumber: '-', rwNumber: '-' }));
    await within(modal()).findByText('Edit Data Usulan Jalan Taruna');
    await waitFor(() =>
      expect((within(modal()).getByTestId('field-proposer-name') as HTMLInputElement).value).toBe(
        'Budi Santoso',
      ),
    );
    expect(within(modal()).queryByTestId('check-road-history')).toBeNull();
  });

  const proposerName = () =>
    (within(screen.getByTestId('proposal-form-modal')).getByTestId('field-proposer-name') as HTMLInputElement)
      .value;
  const savesSent = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/api-web/proposal/41'),
    );

  it('sends one save for two clicks on Simpan, with the version it loaded as If-Match', async () => {
    const fetchMock = mockApi({ 'POST /api-web/proposal/41': () => ok(proposalDetail()) });
    const { modal, onSaved } = renderDialog(proposalDetail({ version: '2026-11-27T07:00:00.000Z' }));
    await waitFor(() => expect(proposerName()).toBe('Budi Santoso'));
    const save = within(modal()).getByTestId('form-save');
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savesSent(fetchMock)).toHaveLength(1);
    expect(new Headers(savesSent(fetchMock)[0]![1]?.headers).get('If-Match')).toBe(
      '"2026-11-27T07:00:00.000Z"',
    );
  });

  it("offers 'Muat ulang' when someone else saved first, and reloads the record into the form", async () => {
    const fetchMock = mockApi({
      'POST /api-web/proposal/41': inTurn(
        () => fail(409, STALE_COPY_MESSAGE),
        () => ok(proposalDetail()),
      ),
      'GET /api-web/proposal/41': () =>
        ok(proposalDetail({ proposerName: 'Siti Baru', version: '2026-11-27T08:00:00.000Z' })),
    });
    const { modal, onSaved } = renderDialog(proposalDetail({ version: '2026-11-27T07:00:00.000Z' }));
    await waitFor(() => expect(proposerName()).toBe('Budi Santoso'));
    fireEvent.click(within(modal()).getByTestId('form-save'));
    expect(await screen.findByText(STALE_COPY_MESSAGE)).toBeVisible();
    // The form's own dialog, not the common handler's 'Terjadi kesalahan koneksi'.
    expect(screen.queryByText('Terjadi kesalahan koneksi')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
    await waitFor(() => expect(proposerName()).toBe('Siti Baru'));
    fireEvent.click(within(modal()).getByTestId('form-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('update'));
    expect(new Headers(savesSent(fetchMock)[1]![1]?.headers).get('If-Match')).toBe(
      '"2026-11-27T08:00:00.000Z"',
    );
  });
});
