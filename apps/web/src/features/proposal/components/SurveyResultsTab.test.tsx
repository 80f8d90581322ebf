import type { TProposalDetail, TSurvey } from '@eusulan/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SurveyResultsTab } from './SurveyResultsTab.tsx';

// Leaflet needs a real layout engine; the map's own logic is tested in packages/shared (map.test.ts).
vi.mock('../../../components/map/LazySurveyMap.tsx', () => ({
  LazySurveyMap: ({ roads }: { roads: { id: number }[] }) => (
    <div data-testid="survey-map" data-roads={roads.map((road) => road.id).join(',')} />
  ),
}));

const segment = { startLat: -7.26, startLon: 112.74, endLat: -7.261, endLon: 112.741 };

function survey(withMoney: boolean): TSurvey {
  return {
    id: 9,
    proposalId: 41,
    isDraft: false,
    createdAt: '2026-03-02T02:00:00.000Z',
    updatedAt: '2026-03-02T03:00:00.000Z',
    submittedAt: '2026-03-02T03:00:00.000Z',
    surveyorName: 'Rayon Surabaya Pusat',
    roadCondition: 'Rusak berat',
    canalExisting: 'Ada',
    canalCondition: 'Tersumbat',
    damageIdentification: '<p>Lubang <strong>besar</strong></p>',
    suggestion: '<ul><li>Tambal aspal</li></ul>',
    roadTypes: [{ id: 1, name: 'Pengaspalan' }],
    surveyRoad: [
      {
        id: 91,
        drawLine: { lokasi: [segment] },
        asbSurveyors: [
          {
            id: 1,
            name: 'Aspal Hotmix',
            price: withMoney ? 150_000 : null,
            surveyRoadAsbSurveyor: { long: 12, wide: 3 },
            cost: withMoney ? 5_400_000 : null,
          },
        ],
        total: withMoney ? 5_400_000 : null,
      },
    ],
    surveyPhotos: [
      {
        id: 3,
        name: 'depan.jpg',
        ext: 'jpg',
        size: 2048,
        link: '/api-web/media/survey-photo/3',
        description: 'Tampak depan',
        photoCategory: { id: 1, name: 'Kondisi Eksisting' },
      },
    ],
    surveyVideos: [
      {
        id: 5,
        name: 'jalan.mp4',
        ext: 'mp4',
        size: 4096,
        link: '/api-web/media/survey-video/5',
        description: 'Sisi utara',
      },
      {
        id: 6,
        name: 'jalan.mov',
        ext: 'mov',
        size: 4096,
        link: '/api-web/media/survey-video/6',
        description: '',
      },
    ],
    total: withMoney ? 5_400_000 : null,
  };
}

function detail(withMoney: boolean): Pick<TProposalDetail, 'survey' | 'surveyHistories'> {
  const current = survey(withMoney);
  return {
    survey: current,
    surveyHistories: [
      { id: 9, createdAt: '2026-03-02T03:00:00.000Z', roadTypes: [], surveyRoad: current.surveyRoad },
      {
        id: 4,
        createdAt: '2025-11-20T03:00:00.000Z',
        roadTypes: [],
        surveyRoad: [{ ...current.surveyRoad[0]!, id: 41 }],
      },
    ],
  };
}

describe('SurveyResultsTab (spec §2 Hasil Survey)', () => {
  it('shows the cost lines, road total and overall total in Rupiah', () => {
    render(<SurveyResultsTab detail={detail(true)} />);
    const cost = screen.getByTestId('survey-cost');
    expect(within(cost).getByTestId('survey-cost-line').textContent).toContain('12 × 3 × Rp 150.000 =');
    expect(within(cost).getByTestId('survey-cost-line').textContent).toContain('Rp 5.400.000');
    expect(within(cost).getByTestId('survey-cost-road-total').textContent).toBe('Rp 5.400.000');
    expect(within(cost).getByTestId('survey-cost-total').textContent).toBe('Rp 5.400.000');
  });

  it('hides the whole cost section and every Rupiah amount when prices are null (umum)', () => {
    const { container } = render(<SurveyResultsTab detail={detail(false)} />);
    expect(screen.queryByTestId('survey-cost')).toBeNull();
    expect(container.textContent).not.toContain('Rp');
    expect(container.textContent).not.toContain('Estimasi Biaya');
    // The rest of the results stay visible.
    expect(screen.getByText('Rusak berat')).toBeVisible();
    expect(screen.getByText('Pengaspalan')).toBeVisible();
  });

  it('renders the sanitised rich text, the field identification, surveyor and date', () => {
    render(<SurveyResultsTab detail={detail(true)} />);
    expect(screen.getByTestId('survey-damage').querySelector('strong')?.textContent).toBe('besar');
    expect(screen.getByTestId('survey-suggestion').querySelector('li')?.textContent).toBe('Tambal aspal');
    for (const text of ['Tersumbat', 'Ada', 'Rayon Surabaya Pusat', '02-03-2026']) {
      expect(screen.getByText(text)).toBeVisible();
    }
  });

  it('plays mp4 inline with the token and offers other videos for download', () => {
    localStorage.setItem('token', 'abc');
    render(<SurveyResultsTab detail={detail(true)} />);
    const video = screen.getByTestId('survey-video-5') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api-web/media/survey-video/5?token=abc');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.getByTestId('survey-video-download-6').getAttribute('href')).toBe(
      '/api-web/media/survey-video/6?download=1&token=abc',
    );
    localStorage.removeItem('token');
  });

  it("draws every history's lines under Semua and one survey's after choosing its date", async () => {
    render(<SurveyResultsTab detail={detail(true)} />);
    expect(screen.getByTestId('survey-map').getAttribute('data-roads')).toBe('91,41');
    expect(screen.getByText('Semua')).toBeVisible();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('20-11-2025'));
    await waitFor(() => expect(screen.getByTestId('survey-map').getAttribute('data-roads')).toBe('41'));
  });
});
