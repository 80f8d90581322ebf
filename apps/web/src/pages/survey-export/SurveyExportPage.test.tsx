import type { TJobFile, TSurveyExportInput } from '@eusulan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import {
  accepted,
  authUser,
  fail,
  inTurn,
  mockApi,
  ok,
  renderApp,
  testJob,
} from '../../test/app-harness.tsx';

const DISTRICTS = [
  { id: 1, name: 'Surabaya Pusat' },
  { id: 3, name: 'Surabaya Timur' },
];
const EXPORT_JOB = testJob<TJobFile>({ id: '0b7e1f3a-5c2d-4e6f-8a9b-1c2d3e4f5a6b', kind: 'survey-export' });
const JOB_URL = `/api-web/jobs/${EXPORT_JOB.id}`;
const writing = testJob<TJobFile>({
  ...EXPORT_JOB,
  status: 'running',
  progress: { step: 'Menyusun berkas', done: 1500, total: 3000 },
});
const written = testJob<TJobFile>({
  ...EXPORT_JOB,
  status: 'done',
  progress: { step: 'Menyusun berkas', done: 3000, total: 3000 },
  result: { fileName: 'Hasil Survey.xlsx', size: 2048 },
  fileUrl: `${JOB_URL}/file`,
});

/** The title and text of the newest dialog (closed ones may linger while their animation would run). */
function newestDialogTexts() {
  const dialogs = document.querySelectorAll('.ant-modal-confirm');
  const newest = dialogs[dialogs.length - 1];
  if (!newest) return [];
  return [...newest.querySelectorAll('.ant-modal-confirm-title, .ant-modal-confirm-content')].map(
    (element) => element.textContent,
  );
}

/** Waits for a new warning with this text and closes it with Ok. */
async function expectWarning(message: string) {
  await waitFor(() => expect(newestDialogTexts()).toEqual(['Peringatan!', message]));
  const dialogs = document.querySelectorAll('.ant-modal-confirm');
  const count = dialogs.length;
  fireEvent.click(within(dialogs[count - 1] as HTMLElement).getByText('Ok'));
  // The next warning must be a new dialog, not this one seen again.
  await waitFor(() =>
    expect(document.querySelectorAll('.ant-modal-confirm:not(.ant-zoom-leave)').length).toBeLessThan(count),
  );
}

const exportCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api-web/export/jobs') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as TSurveyExportInput);

/** Opens a date picker and clicks the day's cell (the newest open panel holds it). */
async function pickDate(testId: string, day: dayjs.Dayjs) {
  fireEvent.mouseDown(screen.getByTestId(testId));
  fireEvent.click(screen.getByTestId(testId));
  const cells = await screen.findAllByTitle(day.format('YYYY-MM-DD'));
  fireEvent.click(cells.at(-1)!);
  await waitFor(() =>
    expect((screen.getByTestId(testId) as HTMLInputElement).value).toBe(day.format('DD-MM-YYYY')),
  );
}

async function pickDistrict(name: string) {
  fireEvent.mouseDown(within(screen.getByTestId('export-districts')).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(screen.getByTestId('export-districts').textContent).toContain(name));
}

const submit = () => fireEvent.click(screen.getByTestId('export-submit'));

const FIRST = dayjs().startOf('month');
const TENTH = FIRST.add(9, 'day');

describe('SurveyExportPage (/report)', { timeout: 20_000 }, () => {
  function openScreen(user: ReturnType<typeof authUser>, handlers: Parameters<typeof mockApi>[0] = {}) {
    localStorage.setItem('token', 'test-token');
    const fetchMock = mockApi({
      'POST /api/auth/me': () => ok(user),
      'GET /api-web/need-approval': () => ok({ taruna: false, umum: false, pokir: false, musrenbang: false }),
      'GET /api/select-list/district': () => ok(DISTRICTS),
      ...handlers,
    });
    renderApp('/report');
    return fetchMock;
  }

  it("warns 'Peringatan!' for each missing field in turn and calls nothing", async () => {
    const fetchMock = openScreen(authUser('admin'));
    await screen.findByRole('heading', { name: 'Export Hasil Survey' }, { timeout: 15_000 });
    expect(screen.getByTestId('export-option').textContent).toContain('Excel (.xlsx)');

    submit();
    await expectWarning('Tanggal awal tidak boleh kosong');
    await pickDate('export-start-date', TENTH);
    submit();
    await expectWarning('Tanggal akhir tidak boleh kosong');
    await pickDate('export-end-date', TENTH);
    submit();
    await expectWarning('Pilih minimal 1 rayon');
    expect(exportCalls(fetchMock)).toEqual([]);
  });

  it("sends the admin's choice and shows 'Data tidak ditemukan!' as a warning", async () => {
    const fetchMock = openScreen(authUser('admin'), {
      'POST /api-web/export/jobs': () => fail(400, 'Data tidak ditemukan!'),
    });
    await screen.findByTestId('export-start-date', {}, { timeout: 15_000 });
    await pickDate('export-start-date', FIRST);
    await pickDate('export-end-date', TENTH);
    await pickDistrict('Surabaya Pusat');
    await pickDistrict('Surabaya Timur');
    fireEvent.mouseDown(within(screen.getByTestId('export-option')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Foto'));
    submit();
    await expectWarning('Data tidak ditemukan!');
    expect(exportCalls(fetchMock)).toEqual([
      {
        startDate: FIRST.format('YYYY-MM-DD'),
        endDate: TENTH.format('YYYY-MM-DD'),
        districtId: [1, 3],
        option: 'foto',
      },
    ]);
  });

  it("'Pilih Semua Rayon' chooses every Rayon from the server, sends them all and clears them again", async () => {
    const fetchMock = openScreen(authUser('admin'), {
      'POST /api-web/export/jobs': () => fail(400, 'Data tidak ditemukan!'),
    });
    const checkbox = (await screen.findByRole(
      'checkbox',
      { name: 'Pilih Semua Rayon' },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    await pickDistrict('Surabaya Timur');
    // One chosen by hand: half ticked.
    expect(checkbox.closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');

    fireEvent.click(checkbox);
    await waitFor(() => expect(checkbox.checked).toBe(true));
    expect(screen.getByTestId('export-districts').textContent).toContain('Surabaya Pusat');
    // The select's own list, unsearched, with the largest limit the server takes.
    const loads = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('district?'));
    expect(loads.at(-1)).toContain('limit=100');
    expect(new URL(loads.at(-1)!, 'http://x').searchParams.get('search') ?? '').toBe('');

    await pickDate('export-start-date', FIRST);
    await pickDate('export-end-date', TENTH);
    submit();
    await expectWarning('Data tidak ditemukan!');
    expect(exportCalls(fetchMock)).toEqual([
      {
        startDate: FIRST.format('YYYY-MM-DD'),
        endDate: TENTH.format('YYYY-MM-DD'),
        districtId: [1, 3],
        option: '.xlsx',
      },
    ]);

    fireEvent.click(checkbox);
    await waitFor(() => expect(checkbox.checked).toBe(false));
    expect(screen.getByTestId('export-districts').textContent).not.toContain('Surabaya');
    submit();
    await expectWarning('Pilih minimal 1 rayon');
  });

  it('locks an internal consultant to its district, follows the export job and saves its file', async () => {
    const fetchMock = openScreen(authUser('consultan'), {
      'POST /api-web/export/jobs': () => accepted(EXPORT_JOB),
      [`GET ${JOB_URL}`]: inTurn(
        () => ok(writing),
        () => ok(written),
      ),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const districts = await screen.findByTestId('export-districts', {}, { timeout: 15_000 });
    expect(districts.textContent).toContain('Surabaya Timur');
    expect(districts.className).toContain('ant-select-disabled');
    expect(screen.getByText('Rayon mengikuti wilayah konsultan Anda.')).toBeVisible();
    expect(screen.queryByTestId('export-all-districts')).toBeNull();

    await pickDate('export-start-date', FIRST);
    await pickDate('export-end-date', TENTH);
    submit();
    // The job's progress under the form: its step with the counts, and the share done.
    const progress = await screen.findByTestId('export-progress');
    await waitFor(() =>
      expect(within(progress).getByTestId('export-progress-step').textContent).toContain(
        'Menyusun berkas 1.500 dari 3.000',
      ),
    );
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('export-submit').className).toContain('ant-btn-loading');

    expect((await screen.findByTestId('export-saved')).textContent).toContain(
      'Hasil Survey.xlsx (2 KB) berhasil diunduh.',
    );
    expect(screen.queryByTestId('export-progress')).toBeNull();
    // The browser saves the file from its link (with the token, as media links), under the spec's name.
    expect(clicked).toHaveBeenCalledTimes(1);
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(`${JOB_URL}/file?token=test-token`);
    expect(link.download).toBe('Hasil Survey.xlsx');
    expect(exportCalls(fetchMock)).toEqual([
      {
        startDate: FIRST.format('YYYY-MM-DD'),
        endDate: TENTH.format('YYYY-MM-DD'),
        districtId: [3],
        option: '.xlsx',
        consultantId: 9,
      },
    ]);
    // Polling stopped with the job: no more calls after it was done.
    const polls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith(JOB_URL)).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith(JOB_URL)).length).toBe(polls);
  });

  it("shows a failed export job's message as a 'Peringatan!' warning and saves nothing", async () => {
    openScreen(authUser('admin'), {
      'POST /api-web/export/jobs': () => accepted(EXPORT_JOB),
      [`GET ${JOB_URL}`]: () =>
        ok({
          ...EXPORT_JOB,
          status: 'failed',
          message: 'Proses gagal karena kesalahan pada server. Silakan ulangi atau hubungi admin.',
        }),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await screen.findByTestId('export-start-date', {}, { timeout: 15_000 });
    await pickDate('export-start-date', FIRST);
    await pickDate('export-end-date', TENTH);
    await pickDistrict('Surabaya Pusat');
    submit();
    await expectWarning('Proses gagal karena kesalahan pada server. Silakan ulangi atau hubungi admin.');
    expect(screen.queryByTestId('export-saved')).toBeNull();
    expect(screen.queryByTestId('export-progress')).toBeNull();
    expect(clicked).not.toHaveBeenCalled();
  });

  it('lets an external consultant choose the Rayon and still sends its consultantId', async () => {
    const external = authUser('consultan', {
      userable: {
        id: 12,
        code: 'CV-01',
        name: 'CV Cipta Karya',
        consultantType: 'external',
        consultantTypeName: 'Eksternal',
        district: null,
      },
    });
    const fetchMock = openScreen(external, {
      'POST /api-web/export/jobs': () => fail(400, 'Data tidak ditemukan!'),
    });
    const districts = await screen.findByTestId('export-districts', {}, { timeout: 15_000 });
    expect(districts.className).not.toContain('ant-select-disabled');
    await pickDate('export-start-date', FIRST);
    await pickDate('export-end-date', TENTH);
    await pickDistrict('Surabaya Pusat');
    submit();
    await expectWarning('Data tidak ditemukan!');
    expect(exportCalls(fetchMock)[0]).toMatchObject({ districtId: [1], consultantId: 12 });
  });

  it('leaves other failures to the common handler', async () => {
    openScreen(authUser('admin'), {
      'POST /api-web/export/jobs': () =>
        fail(403, 'Konsultan internal hanya dapat mengekspor rayon wilayahnya sendiri.'),
    });
    await screen.findByTestId('export-start-date', {}, { timeout: 15_000 });
    await pickDate('export-start-date', FIRST);
    await pickDate('export-end-date', TENTH);
    await pickDistrict('Surabaya Pusat');
    submit();
    await waitFor(() =>
      expect(newestDialogTexts()).toEqual([
        'Oopss...',
        'Konsultan internal hanya dapat mengekspor rayon wilayahnya sendiri.',
      ]),
    );
  });
});
