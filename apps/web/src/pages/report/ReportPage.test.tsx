import type { TSurveyExportInput } from '@eusulan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { authUser, fail, mockApi, ok, renderApp, resetAppAroundEachTest } from '../../test/app-harness.tsx';

const DISTRICTS = [
  { id: 1, name: 'Surabaya Pusat' },
  { id: 3, name: 'Surabaya Timur' },
];
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
    .filter(([url, init]) => String(url).endsWith('/api-web/export') && init?.method === 'POST')
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

describe('ReportPage (/report)', { timeout: 20_000 }, () => {
  resetAppAroundEachTest();

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
      'POST /api-web/export': () => fail(400, 'Data tidak ditemukan!'),
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

  it('locks an internal consultant to its district, sends its consultantId and saves the file', async () => {
    const consultant = authUser('consultan');
    const fetchMock = openScreen(consultant);
    // The file answer: a streamed body without Content-Length.
    const jsonFetch = fetchMock.getMockImplementation()!;
    const fileFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/api-web/export')) return jsonFetch(input, init);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array([0x50, 0x4b, 3, 4]));
          controller.enqueue(new Uint8Array(2044));
          controller.close();
        },
      });
      return new Response(body, {
        headers: {
          'Content-Type': XLSX_MIME,
          'Content-Disposition': 'attachment; filename="Hasil Survey.xlsx"',
        },
      });
    });
    vi.stubGlobal('fetch', fileFetch);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:hasil-survey');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Hasil Survey.xlsx');
    });

    const districts = await screen.findByTestId('export-districts', {}, { timeout: 15_000 });
    expect(districts.textContent).toContain('Surabaya Timur');
    expect(districts.className).toContain('ant-select-disabled');
    expect(screen.getByText('Rayon mengikuti wilayah konsultan Anda.')).toBeTruthy();

    await pickDate('export-start-date', FIRST);
    await pickDate('export-end-date', TENTH);
    submit();
    expect((await screen.findByTestId('export-saved')).textContent).toContain(
      'Hasil Survey.xlsx (2 KB) berhasil diunduh.',
    );
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(createObjectURL.mock.calls[0]?.[0].size).toBe(2048);
    const sent = fileFetch.mock.calls
      .filter(([url]) => String(url).endsWith('/api-web/export'))
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([
      {
        startDate: FIRST.format('YYYY-MM-DD'),
        endDate: TENTH.format('YYYY-MM-DD'),
        districtId: [3],
        option: '.xlsx',
        consultantId: 9,
      },
    ]);
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
      'POST /api-web/export': () => fail(400, 'Data tidak ditemukan!'),
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
      'POST /api-web/export': () =>
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
