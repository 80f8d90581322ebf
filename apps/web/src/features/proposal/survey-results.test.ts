import type { TSurvey, TSurveyHistoryItem, TSurveyRoad } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import {
  costSummary,
  historyOptions,
  isInlineVideo,
  isPreviewPhoto,
  roadsForHistory,
  showsNominal,
} from './survey-results.ts';

const segment = { startLat: -7.26, startLon: 112.74, endLat: -7.261, endLon: 112.741 };

function surveyRoad(id: number, overrides: Partial<TSurveyRoad> = {}): TSurveyRoad {
  return {
    id,
    drawLine: { lokasi: [segment] },
    asbSurveyors: [
      {
        id: 1,
        name: 'Aspal Hotmix',
        price: 150_000,
        surveyRoadAsbSurveyor: { long: 12.5, wide: 3 },
        cost: 5_625_000,
      },
      {
        id: 2,
        name: 'Saluran U-Ditch',
        price: 900_000,
        surveyRoadAsbSurveyor: { long: 10, wide: 1 },
        cost: 9_000_000,
      },
    ],
    total: 14_625_000,
    ...overrides,
  };
}

const survey = (roads: TSurveyRoad[], total: number | null): Pick<TSurvey, 'surveyRoad' | 'total'> => ({
  surveyRoad: roads,
  total,
});

describe('costSummary (spec §9)', () => {
  it('shows each item as panjang × lebar × harga = biaya in Rupiah, per road and overall', () => {
    const summary = costSummary(
      survey([surveyRoad(5), surveyRoad(6, { asbSurveyors: [], total: 0 })], 14_625_000),
    );
    expect(summary?.roads.map((road) => road.title)).toEqual(['Ruas 1', 'Ruas 2']);
    expect(summary?.roads[0]?.lines).toEqual([
      { key: '1-0', name: 'Aspal Hotmix', formula: '12,5 × 3 × Rp 150.000', cost: 'Rp 5.625.000' },
      { key: '2-1', name: 'Saluran U-Ditch', formula: '10 × 1 × Rp 900.000', cost: 'Rp 9.000.000' },
    ]);
    expect(summary?.roads[0]?.total).toBe('Rp 14.625.000');
    expect(summary?.roads[1]?.total).toBe('Rp 0');
    expect(summary?.total).toBe('Rp 14.625.000');
  });

  it('is null when the server hid the money (umum: price, cost and totals null)', () => {
    const hidden = surveyRoad(5, {
      asbSurveyors: surveyRoad(5).asbSurveyors.map((item) => ({ ...item, price: null, cost: null })),
      total: null,
    });
    expect(showsNominal(survey([hidden], null))).toBe(false);
    expect(costSummary(survey([hidden], null))).toBeNull();
    // A total without prices is not enough either.
    expect(costSummary(survey([hidden], 10))).toBeNull();
  });
});

describe('history selection', () => {
  const histories: Pick<TSurveyHistoryItem, 'id' | 'createdAt' | 'surveyRoad'>[] = [
    { id: 9, createdAt: '2026-03-02T03:00:00.000Z', surveyRoad: [surveyRoad(91), surveyRoad(92)] },
    { id: 4, createdAt: '2025-11-20T03:00:00.000Z', surveyRoad: [surveyRoad(41)] },
  ];

  it('offers one option per submitted survey, labelled DD-MM-YYYY', () => {
    expect(historyOptions(histories)).toEqual([
      { value: 9, label: '02-03-2026' },
      { value: 4, label: '20-11-2025' },
    ]);
  });

  it("draws every history's roads for Semua and one survey's roads for a date", () => {
    const current = survey([surveyRoad(91)], 1);
    expect(roadsForHistory(current, histories, null).map((road) => road.id)).toEqual([91, 92, 41]);
    expect(roadsForHistory(current, histories, 4).map((road) => road.id)).toEqual([41]);
    expect(roadsForHistory(current, histories, 123)).toEqual([]);
  });

  it('falls back to the current survey when there is no history yet', () => {
    expect(roadsForHistory(survey([surveyRoad(7)], 1), [], null).map((road) => road.id)).toEqual([7]);
  });
});

describe('media kinds (spec §9)', () => {
  it('plays only mp4 inline and previews only png, jpg and jpeg', () => {
    expect(isInlineVideo({ ext: 'mp4', name: 'a.mp4' })).toBe(true);
    expect(isInlineVideo({ ext: 'MOV', name: 'a.mov' })).toBe(false);
    expect(isInlineVideo({ ext: '', name: 'clip.MP4' })).toBe(true);
    expect(['png', 'jpg', 'jpeg', 'gif'].map((ext) => isPreviewPhoto({ ext, name: `x.${ext}` }))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
