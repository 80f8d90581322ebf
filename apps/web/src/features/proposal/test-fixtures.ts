import type { TProposalDetail, TProposalRow } from '@eusulan/shared';

/** A proposal row as the server presents it; tests override what they need. */
export function proposalRow(overrides: Partial<TProposalRow> = {}): TProposalRow {
  return {
    id: 41,
    proposalType: 'taruna',
    proposalTypeName: 'Taruna',
    proposalDate: '2026-01-05',
    date: '05-01-2026',
    createdAt: '2026-01-05T03:00:00.000Z',
    proposerName: 'Budi Santoso',
    phoneNumber: '081234567890',
    road: { id: 4, name: 'Jalan Tunjungan' },
    village: { id: 12, name: 'Embong Kaliasin', subdistrict: { id: 3, name: 'Genteng' } },
    rtNumber: '03',
    rwNumber: '05',
    address: 'Depan Siola',
    statusType: 'unverified',
    processType: null,
    processTypeName: null,
    historyCount: 1,
    placeHistoryCount: 2,
    hasSurvey: false,
    consultant: {
      id: 2,
      name: 'Rayon Surabaya Pusat',
      consultantType: 'internal',
      consultantTypeName: 'Internal',
    },
    ...overrides,
  };
}

export function proposalDetail(overrides: Partial<TProposalDetail> = {}): TProposalDetail {
  return {
    ...proposalRow(),
    proposalFiles: [
      { id: 7, name: 'foto.jpg', ext: 'jpg', size: 2048, link: '/api-web/media/proposal-file/7' },
    ],
    proposalFilesStruktural: [],
    surveyorName: 'Rayon Surabaya Pusat',
    canEdit: true,
    canEditContactPerson: true,
    canChangeProcess: false,
    survey: null,
    surveyHistories: [],
    ...overrides,
  };
}
