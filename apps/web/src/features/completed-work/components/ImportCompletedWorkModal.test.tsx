import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { accepted, inTurn, mockApi, ok, testJob } from '../../../test/app-harness.tsx';
import { ImportCompletedWorkModal } from './ImportCompletedWorkModal.tsx';

const TYPES = [
  { id: 3, idHash: '3', typeWork: 'Pemeliharaan Jalan', color: '#1677ff' },
  { id: 4, idHash: '4', typeWork: 'Saluran', color: '#52c41a' },
];

const IMPORTED = {
  completedWork: {
    id: 9,
    name: 'paket-2025.zip',
    year: 2025,
    typeWorkColor: TYPES[0],
    createdAt: '2026-01-05T02:00:00.000Z',
  },
  works: 3,
  packages: 2,
  warnings: ['Jalan Tunjungan: PJG_LOKASI 900 m, panjang garis 780 m.'],
};

const IMPORT_JOB = testJob({ kind: 'completed-work-import' });
const JOB_URL = `/api-web/jobs/${IMPORT_JOB.id}`;

function renderModal(handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/select-list/type-work-color': () => ok(TYPES),
    ...handlers,
  });
  const onClose = vi.fn();
  const onImported = vi.fn();
  render(
    <AppProviders>
      <ImportCompletedWorkModal open onClose={onClose} onImported={onImported} />
    </AppProviders>,
  );
  const modal = () => screen.getByTestId('import-modal');
  return { fetchMock, onClose, onImported, modal };
}

const saveButton = () => screen.getByTestId('import-save') as HTMLButtonElement;

/** Opens the year picker and clicks the year's cell. */
async function pickYear(year: string) {
  fireEvent.mouseDown(screen.getByTestId('import-year'));
  fireEvent.click(screen.getByTestId('import-year'));
  const cell = await screen.findByTitle(year);
  fireEvent.click(cell);
  await waitFor(() => expect((screen.getByTestId('import-year') as HTMLInputElement).value).toBe(year));
}

async function pickType(name: string) {
  fireEvent.mouseDown(within(screen.getByTestId('import-type')).getByRole('combobox'));
  const option = await screen.findByRole('option', { name });
  fireEvent.click(option);
  await waitFor(() => expect(screen.getByTestId('import-type').textContent).toContain(name));
}

function chooseFile(file: File) {
  const input = screen.getByTestId('import-file').querySelector('input[type=file]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const zip = (name = 'paket-2025.zip') => new File(['PK\u0003\u0004'], name, { type: 'application/zip' });

describe('ImportCompletedWorkModal', { timeout: 20_000 }, () => {
  it('offers Tahun, Tipe, the zip area and the template; Simpan waits for a year and a type', async () => {
    const { modal } = renderModal();
    expect(
      await within(modal()).findByText('Import Data Pekerjaan Selesai', {}, { timeout: 15_000 }),
    ).toBeVisible();
    const template = within(modal()).getByTestId('download-template') as HTMLAnchorElement;
    expect(template.textContent).toContain('Unduh format pekerjaan selesai (.zip)');
    expect(template.getAttribute('href')).toBe('/api/completed-work/template');
    expect(
      (screen.getByTestId('import-file').querySelector('input[type=file]') as HTMLInputElement).accept,
    ).toBe('.zip,.kmz');

    expect(saveButton().disabled).toBe(true);
    await pickYear('2025');
    expect(saveButton().disabled).toBe(true);
    await pickType('Pemeliharaan Jalan');
    expect(saveButton().disabled).toBe(false);
  });

  it("says 'Pilih file terlebih dahulu!' and sends nothing without a file", async () => {
    const { fetchMock } = renderModal();
    await pickYear('2025');
    await pickType('Pemeliharaan Jalan');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Pilih file terlebih dahulu!')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("refuses a file that is not a .zip with 'Silahkan periksa file Anda lagi'", async () => {
    renderModal();
    await screen.findByTestId('import-file', {}, { timeout: 15_000 });
    chooseFile(new File(['bukan zip'], 'catatan.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Silahkan periksa file Anda lagi')).toBeVisible();
    expect(screen.getByText('Hanya satu file .zip atau .kmz yang dapat diimport.')).toBeVisible();
    expect(screen.queryByText('catatan.txt')).toBeNull();
  });

  it('follows the job, then lists the reasons of a refused import in the modal and keeps the choices', async () => {
    const { onClose, onImported } = renderModal({
      'POST /api-web/completed-work/jobs': () => accepted(IMPORT_JOB),
      [`GET ${JOB_URL}`]: inTurn(
        () =>
          ok({
            ...IMPORT_JOB,
            status: 'running',
            progress: { step: 'Membaca berkas', done: 0, total: null },
          }),
        () =>
          ok({
            ...IMPORT_JOB,
            status: 'failed',
            message: 'Import gagal, tidak ada data yang disimpan. Periksa daftar kesalahan.',
            result: { errorList: ['File .dbf tidak ditemukan di dalam zip.', 'Lapisan tidak berisi garis.'] },
          }),
      ),
    });
    await pickYear('2025');
    await pickType('Pemeliharaan Jalan');
    chooseFile(zip());
    await screen.findByText('paket-2025.zip');
    fireEvent.click(saveButton());

    // While the zip is read the total is unknown: a moving bar and the step alone; the form is held.
    const progress = await screen.findByTestId('import-progress');
    await waitFor(() => expect(progress.textContent).toContain('Membaca berkas'));
    expect(progress.className).toContain('job-progress--indeterminate');
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByTestId('import-cancel') as HTMLButtonElement).disabled).toBe(true);

    const errors = await screen.findByTestId('import-errors', {}, { timeout: 5000 });
    expect(errors.textContent).toContain('Import gagal, tidak ada data yang disimpan.');
    expect([...errors.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'File .dbf tidak ditemukan di dalam zip.',
      'Lapisan tidak berisi garis.',
    ]);
    expect(screen.queryByTestId('import-progress')).toBeNull();
    // No dialog: the reasons stay beside the form, which keeps the year, the type and the file.
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect((screen.getByTestId('import-year') as HTMLInputElement).value).toBe('2025');
    expect(screen.getByTestId('import-type').textContent).toContain('Pemeliharaan Jalan');
    expect(screen.getByText('paket-2025.zip')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(onImported).not.toHaveBeenCalled();
  });

  it("shows a job that failed for another reason as a 'Peringatan!' with its message", async () => {
    const { onClose } = renderModal({
      'POST /api-web/completed-work/jobs': () => accepted(IMPORT_JOB),
      [`GET ${JOB_URL}`]: () =>
        ok({
          ...IMPORT_JOB,
          status: 'failed',
          message: 'Proses gagal karena kesalahan pada server. Silakan ulangi atau hubungi admin.',
        }),
    });
    await pickYear('2025');
    await pickType('Saluran');
    chooseFile(zip());
    await screen.findByText('paket-2025.zip');
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-modal-confirm-title, .ant-modal-confirm-content')].map(
          (element) => element.textContent,
        ),
      ).toEqual([
        'Peringatan!',
        'Proses gagal karena kesalahan pada server. Silakan ulangi atau hubungi admin.',
      ]),
    );
    expect(screen.queryByTestId('import-errors')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a 422's messages in the modal (the start refused at once)", async () => {
    renderModal({
      'POST /api-web/completed-work/jobs': () => ({
        status: 422,
        body: {
          status: { code: 422, message: 'Data tidak valid' },
          data: null,
          errors: { file: ['Silahkan periksa file Anda lagi (catatan.zip)'] },
        },
      }),
    });
    await pickYear('2025');
    await pickType('Saluran');
    chooseFile(zip('catatan.zip'));
    await screen.findByText('catatan.zip');
    fireEvent.click(saveButton());
    const errors = await screen.findByTestId('import-errors');
    expect(errors.textContent).toContain('Peringatan..');
    expect(errors.textContent).toContain('Silahkan periksa file Anda lagi (catatan.zip)');
  });

  it('sends year, type and file; shows the saving progress; when done closes and shows the message with the warnings', async () => {
    const { fetchMock, onClose, onImported } = renderModal({
      'POST /api-web/completed-work/jobs': () => accepted(IMPORT_JOB),
      [`GET ${JOB_URL}`]: inTurn(
        () =>
          ok({ ...IMPORT_JOB, status: 'running', progress: { step: 'Menyimpan data', done: 1, total: 3 } }),
        () =>
          ok({
            ...IMPORT_JOB,
            status: 'done',
            progress: { step: 'Menyimpan data', done: 3, total: 3 },
            result: IMPORTED,
          }),
      ),
    });
    await pickYear('2025');
    await pickType('Pemeliharaan Jalan');
    chooseFile(zip());
    await screen.findByText('paket-2025.zip');
    fireEvent.click(saveButton());

    const progress = await screen.findByTestId('import-progress');
    await waitFor(() => expect(progress.textContent).toContain('Menyimpan data 1 dari 3'));
    expect(progress.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')).toBe('33');
    expect(onClose).not.toHaveBeenCalled();

    await waitFor(() => expect(onImported).toHaveBeenCalledWith(IMPORTED), { timeout: 5000 });
    expect(onClose).toHaveBeenCalled();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect(sent.get('year')).toBe('2025');
    expect(sent.get('type_work_id')).toBe('3');
    expect((sent.get('file') as File).name).toBe('paket-2025.zip');

    const success = await screen.findByTestId('import-success');
    expect(success.textContent).toContain('Import data Pekerjaan Selesai');
    expect(success.textContent).toContain('3 lokasi pekerjaan dalam 2 paket tersimpan.');
    expect(screen.getByTestId('import-warnings').textContent).toContain('Jalan Tunjungan');
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Berhasil!');
  });
});
