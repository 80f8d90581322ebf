import type { TSurvey } from '@eusulan/shared';

/** The empty draft GET /api/survey/{id} answers when none is open. */
export function emptyDraft(overrides: Partial<TSurvey> = {}): TSurvey {
  return {
    id: null,
    proposalId: 7,
    isDraft: true,
    createdAt: null,
    updatedAt: null,
    submittedAt: null,
    surveyorName: null,
    roadCondition: '',
    canalExisting: '',
    canalCondition: '',
    damageIdentification: '',
    suggestion: '',
    roadTypes: [],
    surveyRoad: [],
    surveyPhotos: [],
    surveyVideos: [],
    total: 0,
    ...overrides,
  };
}

/** A saved draft: one road of two joined segments and a second segment apart, two ASB items. */
export function savedDraft(overrides: Partial<TSurvey> = {}): TSurvey {
  return emptyDraft({
    id: 31,
    createdAt: '2026-03-01T02:00:00.000Z',
    roadCondition: 'Aspal retak',
    canalExisting: 'Ada',
    canalCondition: 'Tersumbat',
    damageIdentification: '<p>Berlubang</p>',
    suggestion: '<p>Aspal ulang</p>',
    roadTypes: [{ id: 2, name: 'Pengaspalan' }],
    surveyRoad: [
      {
        id: 5,
        drawLine: {
          lokasi: [
            { startLat: -7.25, startLon: 112.7, endLat: -7.251, endLon: 112.701 },
            { startLat: -7.251, startLon: 112.701, endLat: -7.252, endLon: 112.702 },
            { startLat: -7.3, startLon: 112.73, endLat: -7.301, endLon: 112.731 },
          ],
        },
        asbSurveyors: [
          {
            id: 1,
            name: 'Aspal Hotmix (m2)',
            price: 185_000,
            surveyRoadAsbSurveyor: { long: 120, wide: 6 },
            cost: 133_200_000,
          },
          {
            id: 4,
            name: 'Pembersihan Saluran (m2)',
            price: 35_000,
            surveyRoadAsbSurveyor: { long: 80.5, wide: 1.25 },
            cost: 3_521_875,
          },
        ],
        total: 136_721_875,
      },
    ],
    surveyPhotos: [
      {
        id: 9,
        name: 'foto.png',
        ext: 'png',
        size: 2048,
        link: '/api-web/media/survey-photo/9',
        description: '',
        photoCategory: { id: 1, name: 'Kondisi Eksisting' },
      },
    ],
    total: 136_721_875,
    ...overrides,
  });
}
