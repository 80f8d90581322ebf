import type { TCompletedWorkDetail } from '@eusulan/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { mockApi, ok } from '../../../test/app-harness.tsx';
import { CompletedWorkModal } from './CompletedWorkModal.tsx';

vi.mock('../../../components/map/LazyLinesMap.tsx', () => ({
  LazyLinesMap: ({ lines, testId }: { lines: { color: string }[]; testId: string }) => (
    <div
      data-testid={testId}
      data-lines={lines.length}
      data-colors={lines.map((line) => line.color).join(',')}
    />
  ),
}));

const line = (lat: number): { latitude: number; longitude: number }[] => [
  { latitude: lat, longitude: 112.738 },
  { latitude: lat - 0.002, longitude: 112.739 },
];

const DETAIL: TCompletedWorkDetail = {
  id: 31,
  completedWorkId: 9,
  nama: 'Rehabilitasi Jalan Tunjungan dan Embong Malang',
  tahun: 2025,
  lokasi: 'Jalan Tunjungan',
  jenisPekerjaan: 'Pemeliharaan Jalan',
  color: '#1677ff',
  panjangLokasi: 1234.5,
  panjang: 2100,
  nilaiLokasi: 1_543_000_000,
  nilaiPaket: 2_625_000_000,
  coordinate: line(-7.2575),
  coordinateParts: [line(-7.2575)],
  coodinatePerkerjaan: [line(-7.2575), line(-7.2626)],
};

function renderModal(detail: Partial<TCompletedWorkDetail> | Record<string, unknown>) {
  mockApi({ 'GET /api-web/completed-work-detail/31/detail': () => ok({ ...DETAIL, ...detail }) });
  const onClose = vi.fn();
  render(
    <AppProviders>
      <CompletedWorkModal workId={31} onClose={onClose} />
    </AppProviders>,
  );
  return { onClose };
}

const field = (key: string) => screen.queryByTestId(`work-field-${key}`)?.textContent ?? null;

describe('CompletedWorkModal', { timeout: 20_000 }, () => {
  it('shows the fields, lengths in metres, nominal values in Rupiah and both maps in the type colour', async () => {
    const { onClose } = renderModal({});
    await screen.findByTestId('completed-work-detail', {}, { timeout: 15_000 });
    expect(field('nama')).toBe('Rehabilitasi Jalan Tunjungan dan Embong Malang');
    expect(field('tahun')).toBe('2025');
    expect(field('lokasi')).toBe('Jalan Tunjungan');
    expect(field('jenisPekerjaan')).toBe('Pemeliharaan Jalan');
    expect(field('panjangLokasi')).toBe('1.234,5 m');
    expect(field('panjang')).toBe('2.100 m');
    expect(field('nilaiLokasi')).toBe('Rp 1.543.000.000');
    expect(field('nilaiPaket')).toBe('Rp 2.625.000.000');
    expect(screen.getByText('Nominal Lokasi')).toBeVisible();

    expect(screen.getByTestId('work-map').dataset.lines).toBe('1');
    expect(screen.getByTestId('package-map').dataset.lines).toBe('2');
    expect(screen.getByTestId('package-map').dataset.colors).toBe('#1677ff,#1677ff');

    const streetView = screen.getByTestId('street-view');
    expect(streetView.textContent).toContain('Street View tidak tersedia.');
    const link = screen.getByTestId('google-maps-link') as HTMLAnchorElement;
    expect(link.href).toContain('https://www.google.com/maps/search/?api=1&query=-7.2585');
    expect(link.target).toBe('_blank');

    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByTestId('work-print'));
    expect(print).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('work-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves the nominal values out entirely when the server sends none (umum)', async () => {
    const { nilaiLokasi: _lokasi, nilaiPaket: _paket, ...umum } = DETAIL;
    mockApi({ 'GET /api-web/completed-work-detail/31/detail': () => ok(umum) });
    render(
      <AppProviders>
        <CompletedWorkModal workId={31} onClose={() => {}} />
      </AppProviders>,
    );
    await screen.findByTestId('completed-work-detail', {}, { timeout: 15_000 });
    expect(field('nama')).toBe(DETAIL.nama);
    expect(field('nilaiLokasi')).toBeNull();
    expect(field('nilaiPaket')).toBeNull();
    expect(screen.queryByText('Nominal Lokasi')).toBeNull();
    expect(screen.queryByText('Total Nominal Paket')).toBeNull();
    expect(screen.queryByText(/Rp/)).toBeNull();
  });

  it("says 'Data koordinat pekerjaan tidak tersedia' without drawable coordinates, and red without a colour", async () => {
    renderModal({
      coordinate: [],
      coordinateParts: [],
      coodinatePerkerjaan: [[{ latitude: 120, longitude: 112.7 }]],
      color: '',
    });
    expect(
      await screen.findByText('Data koordinat pekerjaan tidak tersedia', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByTestId('work-map')).toBeNull();
    expect(screen.queryByTestId('google-maps-link')).toBeNull();
    expect(screen.getByTestId('street-view').textContent).toContain('Street View tidak tersedia.');
  });

  it('draws the package when only the work has no line of its own', async () => {
    renderModal({ coordinate: [], coordinateParts: [], color: 'bukan warna' });
    await screen.findByTestId('package-map', {}, { timeout: 15_000 });
    expect(screen.getByTestId('work-map-empty').textContent).toBe('Data koordinat pekerjaan tidak tersedia');
    expect(screen.getByTestId('package-map').dataset.colors).toBe('red,red');
    await waitFor(() => expect(screen.getByTestId('google-maps-link')).toBeVisible());
  });

  it('draws every part of a multi-part work', async () => {
    renderModal({ coordinate: line(-7.2575), coordinateParts: [line(-7.2575), line(-7.2626)] });
    await screen.findByTestId('work-map', {}, { timeout: 15_000 });
    expect(screen.getByTestId('work-map').dataset.lines).toBe('2');
  });

  it("draws the spec's one coordinate list when coordinateParts is absent", async () => {
    const { coordinateParts: _parts, ...specOnly } = DETAIL;
    mockApi({ 'GET /api-web/completed-work-detail/31/detail': () => ok(specOnly) });
    render(
      <AppProviders>
        <CompletedWorkModal workId={31} onClose={() => {}} />
      </AppProviders>,
    );
    await screen.findByTestId('work-map', {}, { timeout: 15_000 });
    expect(screen.getByTestId('work-map').dataset.lines).toBe('1');
  });
});
