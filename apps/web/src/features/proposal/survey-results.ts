import {
  formatDate,
  formatRupiah,
  type TSurvey,
  type TSurveyHistoryItem,
  type TSurveyMedia,
  type TSurveyRoad,
} from '@eusulan/shared';

/** Spec §9: videos play inline only when mp4; photos preview only when png, jpg or jpeg. */
const extOf = (media: Pick<TSurveyMedia, 'ext' | 'name'>) =>
  (media.ext || media.name.split('.').pop() || '').toLowerCase().replace(/^\./, '');
export const isInlineVideo = (video: Pick<TSurveyMedia, 'ext' | 'name'>) => extOf(video) === 'mp4';
export const isPreviewPhoto = (photo: Pick<TSurveyMedia, 'ext' | 'name'>) =>
  ['png', 'jpg', 'jpeg'].includes(extOf(photo));

/** Numbers in the cost lines: id-ID grouping and decimal comma, no prefix (12,5). */
const number = (value: number) => formatRupiah(value, false);

export interface TCostLine {
  key: string;
  name: string;
  /** 'panjang × lebar × harga' as the three numbers (spec §9). */
  formula: string;
  cost: string;
}

export interface TRoadCost {
  key: string;
  title: string;
  lines: TCostLine[];
  total: string;
}

export interface TCostSummary {
  roads: TRoadCost[];
  total: string;
}

/** Spec §6: umum gets no nominal values, so the server sends price and totals as null. */
export const showsNominal = (survey: Pick<TSurvey, 'total' | 'surveyRoad'>) =>
  survey.total !== null &&
  survey.surveyRoad.every(
    (road) => road.total !== null && road.asbSurveyors.every((item) => item.price !== null),
  );

/**
 * The cost estimate (spec §9): per ASB item length × width × unit price = cost, summed per road and
 * overall, in Rupiah. Null when the money is hidden (umum), so the section is not drawn at all.
 */
export function costSummary(survey: Pick<TSurvey, 'total' | 'surveyRoad'>): TCostSummary | null {
  if (!showsNominal(survey)) return null;
  return {
    roads: survey.surveyRoad.map((road, index) => ({
      key: String(road.id),
      title: `Ruas ${index + 1}`,
      lines: road.asbSurveyors.map((item, itemIndex) => {
        const { long, wide } = item.surveyRoadAsbSurveyor;
        return {
          key: `${item.id ?? 'item'}-${itemIndex}`,
          name: item.name,
          formula: `${number(long)} × ${number(wide)} × ${formatRupiah(item.price)}`,
          cost: formatRupiah(item.cost),
        };
      }),
      total: formatRupiah(road.total),
    })),
    total: formatRupiah(survey.total),
  };
}

/** The history selector's options: one per submitted survey, labelled with its date DD-MM-YYYY. */
export const historyOptions = (histories: readonly Pick<TSurveyHistoryItem, 'id' | 'createdAt'>[]) =>
  histories.map((item) => ({ value: item.id, label: formatDate(item.createdAt) }));

/**
 * The roads the map draws: 'Semua' (null) draws every history's lines (the current survey when there is
 * no history yet); a chosen date draws that survey's lines only.
 */
export function roadsForHistory(
  survey: Pick<TSurvey, 'surveyRoad'>,
  histories: readonly Pick<TSurveyHistoryItem, 'id' | 'surveyRoad'>[],
  selectedId: number | null,
): TSurveyRoad[] {
  if (selectedId === null) {
    return histories.length > 0 ? histories.flatMap((item) => item.surveyRoad) : survey.surveyRoad;
  }
  return histories.find((item) => item.id === selectedId)?.surveyRoad ?? [];
}
