import type { TProposalDetail } from '@eusulan/shared';
import type { UploadFile } from 'antd';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildContactPersonForm,
  buildProposalForm,
  completePlace,
  EMPTY_PROPOSAL_VALUES,
  existingFileIdOf,
  existingUploadItem,
  type ProposalFormValues,
  placeOf,
  RT_RW_OPTIONS,
  valuesFromDetail,
  wireDate,
} from './form-payload.ts';

const newFile = (name: string): UploadFile => {
  const file = new File(['isi'], name, { type: 'image/png' });
  return { uid: `rc-${name}`, name, status: 'done', originFileObj: file as UploadFile['originFileObj'] };
};

const VALUES: ProposalFormValues = {
  proposalDate: dayjs('2026-01-05'),
  proposerName: '  Budi Santoso ',
  phoneNumber: ' 081234567890 ',
  road: { id: 4, name: 'Jalan Tunjungan' },
  village: { id: 12, name: 'Embong Kaliasin', subdistrict: { name: 'Genteng' } },
  rtNumber: '03',
  rwNumber: '05',
  address: ' Depan Siola ',
  files: [],
  consultant: { id: 2, name: 'Rayon Surabaya Pusat', consultantType: 'internal' },
};

const fieldsOf = (form: FormData) => {
  const fields: Record<string, (string | File)[]> = {};
  for (const [key, value] of form.entries()) fields[key] = [...(fields[key] ?? []), value];
  return fields;
};

const DETAIL: TProposalDetail = {
  id: 41,
  proposalType: 'taruna',
  proposalTypeName: 'Taruna',
  proposalDate: '2026-01-05',
  date: '05-01-2026',
  createdAt: '2026-01-05T03:00:00.000Z',
  proposerName: 'Budi Santoso',
  phoneNumber: '081234567890',
  road: null,
  village: { id: 12, name: 'Embong Kaliasin', subdistrict: { id: 3, name: 'Genteng' } },
  rtNumber: '-',
  rwNumber: '-',
  address: 'Depan Siola',
  statusType: 'unverified',
  processType: null,
  processTypeName: null,
  historyCount: 0,
  placeHistoryCount: 0,
  hasSurvey: false,
  consultant: {
    id: 2,
    name: 'Rayon Surabaya Pusat',
    consultantType: 'internal',
    consultantTypeName: 'Internal',
  },
  proposalFiles: [
    { id: 7, name: 'foto.jpg', ext: 'jpg', size: 2048, link: '/api-web/media/proposal-file/7' },
    { id: 8, name: 'surat.pdf', ext: 'pdf', size: 4096, link: '/api-web/media/proposal-file/8' },
  ],
  proposalFilesStruktural: [],
  surveyorName: 'Rayon Surabaya Pusat',
  canEdit: true,
  canEditContactPerson: true,
  canChangeProcess: false,
  survey: null,
  surveyHistories: [],
};

describe('proposal form payload (spec §5, §7)', () => {
  beforeEach(() => localStorage.setItem('token', 'rahasia'));

  it('sends the type, the date as YYYY-MM-DD, trimmed texts and the chosen ids', () => {
    const fields = fieldsOf(buildProposalForm(VALUES, 'pokir'));
    expect(fields).toEqual({
      proposalType: ['pokir'],
      proposalDate: ['2026-01-05'],
      proposerName: ['Budi Santoso'],
      phoneNumber: ['081234567890'],
      roadId: ['4'],
      villageId: ['12'],
      rtNumber: ['03'],
      rwNumber: ['05'],
      address: ['Depan Siola'],
      consultantId: ['2'],
    });
  });

  it('leaves out the road when none is chosen, and RW unless RT is chosen', () => {
    const withoutRt = fieldsOf(buildProposalForm({ ...VALUES, road: null, rtNumber: undefined }, 'taruna'));
    expect(withoutRt.roadId).toBeUndefined();
    expect(withoutRt.rtNumber).toBeUndefined();
    expect(withoutRt.rwNumber).toBeUndefined();
    const rtOnly = fieldsOf(buildProposalForm({ ...VALUES, rwNumber: undefined }, 'taruna'));
    expect(rtOnly.rtNumber).toEqual(['03']);
    expect(rtOnly.rwNumber).toBeUndefined();
  });

  it('sends new files as files[] and the kept stored files as existingFileId[]', () => {
    const kept = existingUploadItem(DETAIL.proposalFiles[1]!);
    const fields = fieldsOf(buildProposalForm({ ...VALUES, files: [kept, newFile('baru.png')] }, 'taruna'));
    expect(fields['existingFileId[]']).toEqual(['8']);
    expect(fields['files[]']).toHaveLength(1);
    expect((fields['files[]']![0] as File).name).toBe('baru.png');
  });

  it('sends no existingFileId when every stored file was removed', () => {
    const fields = fieldsOf(buildProposalForm({ ...VALUES, files: [] }, 'taruna'));
    expect(fields['existingFileId[]']).toBeUndefined();
    expect(fields['files[]']).toBeUndefined();
  });

  it('the contact-person call has no type and no consultant', () => {
    const fields = fieldsOf(buildContactPersonForm(VALUES));
    expect(fields.proposalType).toBeUndefined();
    expect(fields.consultantId).toBeUndefined();
    expect(fields.roadId).toEqual(['4']);
    expect(fields.proposalDate).toEqual(['2026-01-05']);
  });

  it('an empty or invalid date is sent empty, so the server names the missing date', () => {
    expect(wireDate(null)).toBe('');
    expect(wireDate(dayjs('bukan tanggal'))).toBe('');
    expect(fieldsOf(buildProposalForm(EMPTY_PROPOSAL_VALUES, 'taruna')).proposalDate).toEqual(['']);
  });
});

describe('stored proposal into the form', () => {
  beforeEach(() => localStorage.setItem('token', 'rahasia'));

  it('reads the values, a dash RT/RW as none, the files as removable items with token links', () => {
    const values = valuesFromDetail(DETAIL);
    expect(values.proposalDate?.format('DD-MM-YYYY')).toBe('05-01-2026');
    expect(values.road).toBeNull();
    expect(values.rtNumber).toBeUndefined();
    expect(values.rwNumber).toBeUndefined();
    expect(values.village).toEqual({
      id: 12,
      name: 'Embong Kaliasin',
      subdistrict: { id: 3, name: 'Genteng' },
    });
    expect(values.consultant).toEqual({ id: 2, name: 'Rayon Surabaya Pusat', consultantType: 'internal' });
    expect(values.files.map((item) => item.uid)).toEqual(['existing-7', 'existing-8']);
    expect(values.files[0]?.url).toBe('/api-web/media/proposal-file/7?token=rahasia');
    expect(values.files[0]?.thumbUrl).toBe(values.files[0]?.url);
    expect(values.files[1]?.thumbUrl).toBeUndefined();
  });

  it('tells kept stored files from new ones', () => {
    expect(existingFileIdOf(existingUploadItem(DETAIL.proposalFiles[0]!))).toBe(7);
    expect(existingFileIdOf(newFile('baru.png'))).toBeNull();
    expect(existingFileIdOf({ uid: 'existing-x', name: 'x' })).toBeNull();
  });

  it('offers RT/RW 00 to 99', () => {
    expect(RT_RW_OPTIONS).toHaveLength(100);
    expect(RT_RW_OPTIONS[0]).toEqual({ value: '00', label: '00' });
    expect(RT_RW_OPTIONS[99]?.value).toBe('99');
  });
});

describe('the place of a proposal (Cek Histori Jalan, location history)', () => {
  it('is complete only with road, village, RT and RW', () => {
    expect(completePlace(VALUES)).toEqual({ roadId: 4, villageId: 12, rtNumber: '03', rwNumber: '05' });
    expect(completePlace({ ...VALUES, road: null })).toBeNull();
    expect(completePlace({ ...VALUES, village: null })).toBeNull();
    expect(completePlace({ ...VALUES, rtNumber: undefined })).toBeNull();
    expect(completePlace({ ...VALUES, rwNumber: undefined })).toBeNull();
  });

  it('of a stored proposal: missing road, RT and RW stay missing', () => {
    expect(placeOf(DETAIL)).toEqual({
      villageId: 12,
      roadId: undefined,
      rtNumber: undefined,
      rwNumber: undefined,
    });
  });
});
