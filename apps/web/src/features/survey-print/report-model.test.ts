import type { TSurvey, TSurveyRoad } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import { proposalDetail } from '../proposal/test-fixtures.ts';
import { staticMapView } from './map-view.ts';
import {
  conditionFields,
  contactLine,
  costEstimate,
  existingSizes,
  indonesianDate,
  indonesianDayDate,
  letterFields,
  printableSurvey,
  reportSubject,
} from './report-model.ts';

function surveyRoad(id: number, overrides: Partial<TSurveyRoad> = {}): TSurveyRoad {
  return {
    id,
    drawLine: { lokasi: [{ startLat: -7.2575, startLon: 112.7381, endLat: -7.2577, endLon: 112.7382 }] },
    asbSurveyors: [
      {
        id: 1,
        name: 'Aspal Hotmix',
        price: 185_000,
        surveyRoadAsbSurveyor: { long: 12.5, wide: 6 },
        cost: 13_875_000,
      },
      {
        id: 1,
        name: 'Aspal Hotmix',
        price: 185_000,
        surveyRoadAsbSurveyor: { long: 2, wide: 1.5 },
        cost: 555_000,
      },
    ],
    total: 14_430_000,
    ...overrides,
  };
}

function submittedSurvey(overrides: Partial<TSurvey> = {}): TSurvey {
  return {
    id: 9,
    proposalId: 41,
    isDraft: false,
    // Local times, so the test reads the same day in any time zone.
    createdAt: '2026-11-20T08:00:00',
    updatedAt: '2026-11-23T10:30:00',
    submittedAt: '2026-11-23T10:30:00',
    surveyorName: 'Rayon Surabaya Pusat',
    roadCondition: 'Aspal berlubang',
    canalExisting: 'Ada, di kedua sisi',
    canalCondition: '',
    damageIdentification: '<p>Retak</p>',
    suggestion: '<p>Aspal ulang</p>',
    roadTypes: [
      { id: 1, name: 'Pengaspalan' },
      { id: 2, name: 'Saluran' },
    ],
    surveyRoad: [surveyRoad(5)],
    surveyPhotos: [],
    surveyVideos: [],
    total: 14_430_000,
    ...overrides,
  };
}

describe('Indonesian dates (spec §9: report dates in the id locale)', () => {
  it('writes the day and the date in Indonesian', () => {
    expect(indonesianDayDate('2026-11-23T10:30:00')).toBe('Senin, 23 November 2026');
    expect(indonesianDayDate('2026-08-16T09:00:00')).toBe('Minggu, 16 Agustus 2026');
    expect(indonesianDate('2026-02-04T09:00:00')).toBe('4 Februari 2026');
  });

  it('writes a dash for a missing or unreadable date', () => {
    expect(indonesianDayDate(null)).toBe('-');
    expect(indonesianDayDate('bukan tanggal')).toBe('-');
    expect(indonesianDate(undefined)).toBe('-');
  });
});

describe('letter fields', () => {
  it('date of the submit, subject from the type name, location with RT/RW, kelurahan and kecamatan', () => {
    const detail = proposalDetail({ proposalTypeName: 'Musrenbang', address: '  ' });
    expect(reportSubject(detail)).toBe('Laporan Hasil Survey Lapangan Usulan Musrenbang');
    expect(letterFields(detail, submittedSurvey())).toEqual([
      { label: 'Hari/Tanggal', value: 'Senin, 23 November 2026' },
      { label: 'Lokasi', value: 'Jalan Tunjungan' },
      { label: 'RT/RW', value: '03/05' },
      { label: 'Kelurahan', value: 'Embong Kaliasin' },
      { label: 'Kecamatan', value: 'Genteng' },
      { label: 'Alamat', value: '-' },
    ]);
  });

  it('falls back to the start of the survey, and lists the conditions with dashes for empty ones', () => {
    const survey = submittedSurvey({ submittedAt: null });
    expect(letterFields(proposalDetail({ road: null }), survey).slice(0, 2)).toEqual([
      { label: 'Hari/Tanggal', value: 'Jumat, 20 November 2026' },
      { label: 'Lokasi', value: '-' },
    ]);
    expect(conditionFields(survey)).toEqual([
      { label: 'Jenis Pekerjaan', value: 'Pengaspalan, Saluran' },
      { label: 'Kondisi Jalan', value: 'Aspal berlubang' },
      { label: 'Saluran Eksisting', value: 'Ada, di kedua sisi' },
      { label: 'Kondisi Saluran', value: '-' },
    ]);
  });

  it('prints only a submitted survey', () => {
    expect(printableSurvey({ survey: null })).toBeNull();
    expect(printableSurvey({ survey: submittedSurvey({ isDraft: true }) })).toBeNull();
    expect(printableSurvey({ survey: submittedSurvey() })?.id).toBe(9);
  });
});

describe('cost estimate (spec §9)', () => {
  it('gives per item the three numbers then the cost, a subtotal per road and the total, in Rupiah', () => {
    const estimate = costEstimate(
      submittedSurvey({
        surveyRoad: [surveyRoad(5), surveyRoad(6, { asbSurveyors: [], total: 0 })],
      }),
    );
    expect(estimate?.roads.map((road) => road.title)).toEqual(['Ruas 1', 'Ruas 2']);
    expect(estimate?.roads[0]?.rows).toEqual([
      {
        key: '1-0',
        name: 'Aspal Hotmix',
        long: '12,5',
        wide: '6',
        price: 'Rp 185.000',
        cost: 'Rp 13.875.000',
      },
      { key: '1-1', name: 'Aspal Hotmix', long: '2', wide: '1,5', price: 'Rp 185.000', cost: 'Rp 555.000' },
    ]);
    expect(estimate?.roads.map((road) => road.subtotal)).toEqual(['Rp 14.430.000', 'Rp 0']);
    expect(estimate?.total).toBe('Rp 14.430.000');
  });

  it('is left out when the money is hidden (umum)', () => {
    const hidden = surveyRoad(5, {
      asbSurveyors: [
        { id: 1, name: 'Aspal', price: null, surveyRoadAsbSurveyor: { long: 3, wide: 2 }, cost: null },
      ],
      total: null,
    });
    expect(costEstimate(submittedSurvey({ surveyRoad: [hidden], total: null }))).toBeNull();
    // The identification still shows the sizes, which are not money.
    expect(existingSizes(hidden)).toEqual([{ key: '1-0', name: 'Aspal', long: '3', wide: '2' }]);
  });
});

describe('static map view (600×300, zoom 18)', () => {
  it('stays at zoom 18 centred on a line that fits', () => {
    const view = staticMapView([
      [
        [-7.2575, 112.7381],
        [-7.2577, 112.7382],
      ],
    ]);
    expect(view?.zoom).toBe(18);
    expect(view?.center[0]).toBeCloseTo(-7.2576, 6);
    expect(view?.center[1]).toBeCloseTo(112.73815, 6);
  });

  it('zooms out just enough for a longer line to fit', () => {
    // About 600 m north-south: at zoom 18 that is ~1000 px, more than the 300 px high box.
    const lines: [number, number][][] = [
      [
        [-7.2575, 112.7381],
        [-7.2628, 112.7395],
      ],
    ];
    const view = staticMapView(lines);
    expect(view?.zoom).toBe(16);
    expect(staticMapView(lines, { width: 600, height: 300, zoom: 18, paddingPx: 0 })?.zoom).toBe(16);
  });

  it('has no view without a drawable line', () => {
    expect(staticMapView([])).toBeNull();
  });
});

describe('contact line under the letterhead', () => {
  it('shows the phone in international form and the e-mail', () => {
    expect(contactLine({ contactPhone: '6281100000000', contactEmail: 'dsdabm@surabaya.go.id' })).toBe(
      'Telp. +6281100000000 · E-mail: dsdabm@surabaya.go.id',
    );
    expect(contactLine({ contactPhone: '', contactEmail: 'a@b.id' })).toBe('E-mail: a@b.id');
  });
});
