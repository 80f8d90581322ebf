import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { proposalDetail, proposalRow } from '../../features/proposal/test-fixtures.ts';
import { accepted, authUser, inTurn, mockApi, ok, renderApp, testJob } from '../../test/app-harness.tsx';

const ROWS = [
  proposalRow({ id: 41, proposerName: 'Budi Santoso' }),
  proposalRow({ id: 42, proposerName: 'Dewi Rahayu', statusType: 'verified' }),
  proposalRow({ id: 43, proposerName: 'Hendra Gunawan', statusType: 'surveyed', hasSurvey: true }),
  proposalRow({
    id: 44,
    proposerName: 'Yuliana Sari',
    statusType: 'finished',
    processType: 'self_management',
    processTypeName: 'Swakelola',
    hasSurvey: true,
  }),
];

/** The first render loads the shell and the screen lazily; slow on a busy machine. */
const SCREEN_LOADED = { timeout: 15_000 };

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api-web/proposal');

const rowOf = (id: number) => screen.getByTestId(`detail-${id}`).closest('tr') as HTMLElement;
const dialogTexts = () =>
  [...document.querySelectorAll('.ant-modal-confirm-title, .ant-modal-confirm-content')].map(
    (element) => element.textContent,
  );

const IMPORT_JOB = testJob({ kind: 'proposal-import' });
const IMPORT_JOB_URL = `/api-web/jobs/${IMPORT_JOB.id}`;
const importCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api-web/proposal/import-template/jobs'));

function chooseFile(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('ProposalListPage (/usulan)', { timeout: 20_000 }, () => {
  function openScreen(handlers: Parameters<typeof mockApi>[0] = {}) {
    localStorage.setItem('token', 'test-token');
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(authUser('admin')),
      'GET /api-web/proposal': () => ok({ data: ROWS, total: ROWS.length, page: 1, limit: 10 }),
      ...handlers,
    });
    renderApp('/usulan');
    return fetchMock;
  }

  it('lists the taruna tab first with date, consultant, proposer, place, history count and status', async () => {
    const fetchMock = openScreen();
    await screen.findByTestId('detail-41', {}, SCREEN_LOADED);
    const first = listCalls(fetchMock)[0];
    expect(first?.searchParams.get('proposalType')).toBe('taruna');
    expect(first?.searchParams.get('isHistory')).toBe('0');
    expect(first?.searchParams.has('startYear')).toBe(false);
    const row = within(rowOf(41));
    expect(row.getByText('05-01-2026')).toBeVisible();
    expect(row.getByText('Rayon Surabaya Pusat')).toBeVisible();
    expect(row.getByText('Internal')).toBeVisible();
    expect(row.getByText('081234567890')).toBeVisible();
    expect(row.getByText('RT 03 / RW 05')).toBeVisible();
    expect(row.getByText('Histori lokasi: 2')).toBeVisible();
    expect(row.getByText('Tidak disurvey')).toBeVisible();
    expect(within(rowOf(44)).getByText('Swakelola')).toBeVisible();
  });

  it('offers Edit only while unverified and Print only with a survey, in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openScreen();
    await screen.findByTestId('detail-41', {}, SCREEN_LOADED);
    expect(screen.getByTestId('edit-41')).toBeVisible();
    expect(screen.queryByTestId('print-41')).toBeNull();
    expect(screen.queryByTestId('edit-42')).toBeNull();
    expect(screen.queryByTestId('print-42')).toBeNull();
    expect(screen.queryByTestId('edit-43')).toBeNull();
    fireEvent.click(screen.getByTestId('print-43'));
    expect(open).toHaveBeenCalledWith('/cetak-data-usulan-survey?id=43', '_blank');
  });

  it('shows Import Data only on the pokir and musrenbang tabs, and asks for the chosen type', async () => {
    const fetchMock = openScreen();
    await screen.findByTestId('detail-41', {}, SCREEN_LOADED);
    expect(screen.queryByTestId('import-button')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Pokir' }));
    await screen.findByTestId('import-button');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('proposalType')).toBe('pokir'));
    fireEvent.click(screen.getByRole('tab', { name: 'Umum' }));
    await waitFor(() => expect(screen.queryByTestId('import-button')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: 'Musrenbang' }));
    await screen.findByTestId('import-button');
  });

  it('import: asks for a file first, follows the job, then shows the refused rows as a table without a dialog', async () => {
    const fetchMock = openScreen({
      'POST /api-web/proposal/import-template/jobs': () => accepted(IMPORT_JOB),
      [`GET ${IMPORT_JOB_URL}`]: inTurn(
        () =>
          ok({
            ...IMPORT_JOB,
            status: 'running',
            progress: { step: 'Memeriksa data', done: 0, total: null },
          }),
        () =>
          ok({
            ...IMPORT_JOB,
            status: 'failed',
            message: 'Import gagal, tidak ada data yang disimpan.',
            result: {
              errorList: [
                { excelRow: null, errors: ['Sheet "Usulan" tidak ditemukan.'] },
                {
                  excelRow: 3,
                  errors: ['Nama Pengusul (B3): Nama pengusul tidak boleh kosong!', 'No HP (C3): salah'],
                },
              ],
            },
          }),
      ),
    });
    await screen.findByTestId('detail-41', {}, SCREEN_LOADED);
    fireEvent.click(screen.getByRole('tab', { name: 'Pokir' }));
    fireEvent.click(await screen.findByTestId('import-button'));
    const modal = await screen.findByTestId('import-modal');
    expect(
      within(modal).getByText('Data yang diupload tidak akan menggantikan data yang sudah ada.'),
    ).toBeVisible();
    fireEvent.click(within(modal).getByTestId('import-save'));
    expect(await screen.findByText('Pilih file terlebih dahulu!')).toBeVisible();
    expect(importCalls(fetchMock)).toEqual([]);

    const input = modal.querySelector('input[type=file]') as HTMLInputElement;
    chooseFile(input, new File(['x'], 'usulan.xlsx'));
    await within(modal).findByText('usulan.xlsx');
    fireEvent.click(within(modal).getByTestId('import-save'));
    // While the job checks the rows: a moving bar with its step, Simpan and Batal held.
    const progress = await within(modal).findByTestId('import-progress');
    await waitFor(() => expect(progress.textContent).toContain('Memeriksa data'));
    expect((within(modal).getByTestId('import-save') as HTMLButtonElement).disabled).toBe(true);

    const errors = await within(modal).findByTestId('import-errors');
    const cells = [...errors.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['-', 'Sheet "Usulan" tidak ditemukan.'],
      ['3', 'Nama Pengusul (B3): Nama pengusul tidak boleh kosong!No HP (C3): salah'],
    ]);
    expect(within(errors).getByText('Import gagal, tidak ada data yang disimpan.')).toBeVisible();
    expect(within(modal).queryByTestId('import-progress')).toBeNull();
    expect(dialogTexts()).toEqual([]);
    const sent = importCalls(fetchMock)[0]?.[1]?.body as FormData;
    expect(sent.get('proposalType')).toBe('pokir');
    expect((sent.get('file') as File).name).toBe('usulan.xlsx');
  });

  it("import: a stored job closes the dialog with 'Berhasil!' and reloads the list", async () => {
    const fetchMock = openScreen({
      'POST /api-web/proposal/import-template/jobs': () => accepted(IMPORT_JOB),
      [`GET ${IMPORT_JOB_URL}`]: inTurn(
        () =>
          ok({
            ...IMPORT_JOB,
            status: 'running',
            progress: { step: 'Menyimpan data', done: 1500, total: 10000 },
          }),
        () =>
          ok({
            ...IMPORT_JOB,
            status: 'done',
            progress: { step: 'Menyimpan data', done: 10000, total: 10000 },
            result: { imported: 10000 },
          }),
      ),
    });
    await screen.findByTestId('detail-41', {}, SCREEN_LOADED);
    fireEvent.click(screen.getByRole('tab', { name: 'Musrenbang' }));
    fireEvent.click(await screen.findByTestId('import-button'));
    const modal = await screen.findByTestId('import-modal');
    chooseFile(modal.querySelector('input[type=file]') as HTMLInputElement, new File(['x'], 'usulan.xlsx'));
    await within(modal).findByText('usulan.xlsx');
    const listsBefore = listCalls(fetchMock).length;
    fireEvent.click(within(modal).getByTestId('import-save'));

    const progress = await within(modal).findByTestId('import-progress');
    await waitFor(() => expect(progress.textContent).toContain('Menyimpan data 1.500 dari 10.000'));
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('15');

    await waitFor(() => expect(dialogTexts()).toEqual(['Berhasil!', 'Import data Usulan']));
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
    const sent = importCalls(fetchMock)[0]?.[1]?.body as FormData;
    expect(sent.get('proposalType')).toBe('musrenbang');
  });

  it("import: a job that failed for another reason shows its message as a 'Peringatan!'", async () => {
    openScreen({
      'POST /api-web/proposal/import-template/jobs': () => accepted(IMPORT_JOB),
      [`GET ${IMPORT_JOB_URL}`]: () =>
        ok({
          ...IMPORT_JOB,
          status: 'failed',
          message: 'Proses terhenti karena server dimatikan dan tidak dapat dilanjutkan. Silakan ulangi.',
        }),
    });
    await screen.findByTestId('detail-41', {}, SCREEN_LOADED);
    fireEvent.click(screen.getByRole('tab', { name: 'Pokir' }));
    fireEvent.click(await screen.findByTestId('import-button'));
    const modal = await screen.findByTestId('import-modal');
    chooseFile(modal.querySelector('input[type=file]') as HTMLInputElement, new File(['x'], 'usulan.xlsx'));
    await within(modal).findByText('usulan.xlsx');
    fireEvent.click(within(modal).getByTestId('import-save'));
    await waitFor(() =>
      expect(dialogTexts()).toEqual([
        'Peringatan!',
        'Proses terhenti karena server dimatikan dan tidak dapat dilanjutkan. Silakan ulangi.',
      ]),
    );
    // The dialog stays open with the file for another try; no table of rows.
    expect(within(modal).queryByTestId('import-errors')).toBeNull();
    expect(within(modal).getByText('usulan.xlsx')).toBeVisible();
  });

  it('import: refuses a file that is not .xlsx', async () => {
    openScreen();
    await screen.findByTestId('detail-41', {}, SCREEN_LOADED);
    fireEvent.click(screen.getByRole('tab', { name: 'Musrenbang' }));
    fireEvent.click(await screen.findByTestId('import-button'));
    const modal = await screen.findByTestId('import-modal');
    chooseFile(modal.querySelector('input[type=file]') as HTMLInputElement, new File(['x'], 'usulan.csv'));
    expect(await screen.findByText('Silahkan periksa file Anda lagi')).toBeVisible();
    expect(within(modal).queryByText('usulan.csv')).toBeNull();
  });

  it('detail: Usulan only before a survey, the history link with its count, Edit Contact Person when allowed', async () => {
    openScreen({ 'GET /api-web/proposal/41': () => ok(proposalDetail()) });
    fireEvent.click(await screen.findByTestId('detail-41', {}, SCREEN_LOADED));
    const dialog = await screen.findByTestId('proposal-detail');
    await within(dialog).findByText('Detail Usulan Taruna - 05-01-2026');
    expect(within(dialog).queryByRole('tab', { name: 'Hasil Survey' })).toBeNull();
    expect(within(dialog).getByText('Lihat histori lokasi (2)')).toBeVisible();
    expect(within(dialog).getByText('Embong Kaliasin - Kecamatan Genteng')).toBeVisible();
    expect(within(dialog).getByTestId('edit-contact-person')).toBeVisible();
    const image = within(dialog).getByAltText('foto.jpg') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/api-web/media/proposal-file/7?token=test-token');
    expect(within(dialog).getByText('Tidak ada file')).toBeVisible();
  });

  it('detail: Hasil Survey once surveyed; no Edit Contact Person where the server says no', async () => {
    openScreen({
      'GET /api-web/proposal/43': () =>
        ok(proposalDetail({ id: 43, statusType: 'surveyed', hasSurvey: true, canEditContactPerson: false })),
    });
    fireEvent.click(await screen.findByTestId('detail-43', {}, SCREEN_LOADED));
    const dialog = await screen.findByTestId('proposal-detail');
    expect(await within(dialog).findByRole('tab', { name: 'Hasil Survey' })).toBeVisible();
    expect(within(dialog).getByRole('tab', { name: 'Usulan' })).toBeVisible();
    expect(within(dialog).queryByTestId('edit-contact-person')).toBeNull();
  });
});
