import {
  formatRtRw,
  formatRupiah,
  type TProposalDetail,
  type TSurvey,
  type TSurveyAsbItem,
  type TSurveyRoad,
} from '@eusulan/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { showsNominal } from '../proposal/survey-results.ts';

/** The survey's day and date in Indonesian (spec §9: report dates in the id locale): 'Senin, 21 November 2026'. */
export function indonesianDayDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.locale('id').format('dddd, D MMMM YYYY') : '-';
}

/** The date line above 'Yang Melaporkan': '21 November 2026'. */
export function indonesianDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.locale('id').format('D MMMM YYYY') : '-';
}

/** When the survey was done: its submit time, else when it was started. */
export const surveyDateOf = (survey: Pick<TSurvey, 'submittedAt' | 'createdAt'>) =>
  survey.submittedAt ?? survey.createdAt;

/** Only a submitted (non-draft) survey prints (spec §4); the detail never holds drafts, this guards anyway. */
export const printableSurvey = (detail: Pick<TProposalDetail, 'survey'>): TSurvey | null =>
  detail.survey && !detail.survey.isDraft ? detail.survey : null;

export interface TReportField {
  label: string;
  value: string;
}

const orDash = (value: string | null | undefined) => (value?.trim() ? value.trim() : '-');

/** The letter's Perihal (spec §2: the subject from proposalTypeName). */
export const reportSubject = (detail: Pick<TProposalDetail, 'proposalTypeName'>) =>
  `Laporan Hasil Survey Lapangan Usulan ${detail.proposalTypeName}`;

/** The letter's opening fields: day and date and the location (spec §2); the subject heads the letter. */
export function letterFields(detail: TProposalDetail, survey: TSurvey): TReportField[] {
  return [
    { label: 'Hari/Tanggal', value: indonesianDayDate(surveyDateOf(survey)) },
    { label: 'Lokasi', value: orDash(detail.road?.name) },
    { label: 'RT/RW', value: `${formatRtRw(detail.rtNumber)}/${formatRtRw(detail.rwNumber)}` },
    { label: 'Kelurahan', value: orDash(detail.village.name) },
    { label: 'Kecamatan', value: orDash(detail.village.subdistrict.name) },
    { label: 'Alamat', value: orDash(detail.address) },
  ];
}

/** The survey's field conditions, shown once under the surveyed roads. */
export function conditionFields(survey: TSurvey): TReportField[] {
  return [
    {
      label: 'Jenis Pekerjaan',
      value: survey.roadTypes.length > 0 ? survey.roadTypes.map((type) => type.name).join(', ') : '-',
    },
    { label: 'Kondisi Jalan', value: orDash(survey.roadCondition) },
    { label: 'Saluran Eksisting', value: orDash(survey.canalExisting) },
    { label: 'Kondisi Saluran', value: orDash(survey.canalCondition) },
  ];
}

/** Metres in the id-ID notation without a prefix: 1.5 -> '1,5'. */
export const metres = (value: number) => formatRupiah(value, false);

export interface TSizeRow {
  key: string;
  name: string;
  long: string;
  wide: string;
}

const sizeRow = (item: TSurveyAsbItem, index: number): TSizeRow => ({
  // The same ASB item may be measured twice on one road, so its id alone is no key.
  key: `${item.id ?? 'item'}-${index}`,
  name: item.name,
  long: metres(item.surveyRoadAsbSurveyor.long),
  wide: metres(item.surveyRoadAsbSurveyor.wide),
});

/** A road's items with their existing length and width in metres, as the identification lists them. */
export const existingSizes = (road: Pick<TSurveyRoad, 'asbSurveyors'>): TSizeRow[] =>
  road.asbSurveyors.map(sizeRow);

export interface TCostRow extends TSizeRow {
  price: string;
  cost: string;
}

export interface TRoadCostTable {
  key: string;
  title: string;
  rows: TCostRow[];
  subtotal: string;
}

export interface TCostEstimate {
  roads: TRoadCostTable[];
  total: string;
}

/** Every surveyed road is 'Ruas 1', 'Ruas 2', ... in the order the surveyor drew them. */
export const roadTitle = (index: number) => `Ruas ${index + 1}`;

/**
 * The cost estimate (spec §9): per ASB item the three numbers (length, width, unit price) then the cost,
 * per road a subtotal and the overall total, in Rupiah, as the server computed them. Null when the money is
 * hidden (umum), so the report leaves the section out as the detail dialog does.
 */
export function costEstimate(survey: Pick<TSurvey, 'surveyRoad' | 'total'>): TCostEstimate | null {
  if (!showsNominal(survey)) return null;
  return {
    roads: survey.surveyRoad.map((road, index) => ({
      key: String(road.id),
      title: roadTitle(index),
      rows: road.asbSurveyors.map((item, itemIndex) => ({
        ...sizeRow(item, itemIndex),
        price: formatRupiah(item.price),
        cost: formatRupiah(item.cost),
      })),
      subtotal: formatRupiah(road.total),
    })),
    total: formatRupiah(survey.total),
  };
}

/** The fixed block of a road's map. */
export const mapBlockId = (road: Pick<TSurveyRoad, 'id'>) => `map-${road.id}`;

/** 'Telp. +62 811 ... · E-mail ...' under the letterhead; the phone is kept in international digits. */
export function contactLine(contact: { contactPhone?: string; contactEmail?: string }): string {
  const parts = [
    contact.contactPhone ? `Telp. +${contact.contactPhone}` : null,
    contact.contactEmail ? `E-mail: ${contact.contactEmail}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}
