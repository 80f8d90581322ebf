import { asbItemCost, type TSurvey, type TSurveyDraftInput } from '@eusulan/shared';
import { linesToSegments, type RoadLine, segmentsToLines } from './geometry.ts';

/** An ASB master item as the form prices it (GET /api/select-list/asb-surveyor). */
export interface AsbChoice {
  id: number;
  name: string;
  price: number;
}

export interface AsbItemValues {
  /** Stable identity for React lists; never sent. */
  key: string;
  asb: AsbChoice | null;
  /** Metres; null while the field is empty. */
  long: number | null;
  wide: number | null;
}

/** One surveyed road (ruas): its drawn lines and its ASB items. */
export interface RoadValues {
  key: string;
  lines: RoadLine[];
  items: AsbItemValues[];
}

/** Everything the survey form holds apart from the media, which go to the server as they are chosen. */
export interface SurveyFormValues {
  roadTypes: { id: number; name: string }[];
  roadCondition: string;
  canalExisting: string;
  canalCondition: string;
  damageIdentification: string;
  suggestion: string;
  roads: RoadValues[];
}

export type SurveyTextField =
  | 'roadCondition'
  | 'canalExisting'
  | 'canalCondition'
  | 'damageIdentification'
  | 'suggestion';

let keyCounter = 0;
const newKey = () => {
  keyCounter += 1;
  return `${Date.now().toString(36)}-${keyCounter}`;
};

export const emptyItem = (): AsbItemValues => ({ key: newKey(), asb: null, long: null, wide: null });
export const emptyRoad = (): RoadValues => ({ key: newKey(), lines: [], items: [emptyItem()] });

/** Every survey has a first road (formValuesOf and the reducer keep at least one). */
export const firstRoadKey = (values: Pick<SurveyFormValues, 'roads'>) => values.roads[0]?.key ?? '';

/** The form of a draft as the server answers it; a survey always has at least one road. */
export function formValuesOf(survey: TSurvey): SurveyFormValues {
  const roads = survey.surveyRoad.map(
    (road): RoadValues => ({
      key: newKey(),
      lines: segmentsToLines(road.drawLine.lokasi),
      items: road.asbSurveyors.map((item) => ({
        key: newKey(),
        asb: item.id === null ? null : { id: item.id, name: item.name, price: item.price ?? 0 },
        long: item.surveyRoadAsbSurveyor.long,
        wide: item.surveyRoadAsbSurveyor.wide,
      })),
    }),
  );
  return {
    roadTypes: survey.roadTypes.map(({ id, name }) => ({ id, name })),
    roadCondition: survey.roadCondition,
    canalExisting: survey.canalExisting,
    canalCondition: survey.canalCondition,
    damageIdentification: survey.damageIdentification,
    suggestion: survey.suggestion,
    roads: roads.length > 0 ? roads : [emptyRoad()],
  };
}

/** Tiptap's empty document is '<p></p>'; the server should store an empty text instead. */
export const normalizeRichText = (html: string) =>
  html.replace(/<p>\s*<\/p>/g, '').trim() === '' ? '' : html;

/**
 * The draft the API takes (POST /api/survey/{id}). An ASB row without a chosen item cannot be stored yet and
 * stays on this device only (the local copy); an empty length or width is sent as 0.
 */
export function draftPayloadOf(values: SurveyFormValues): TSurveyDraftInput {
  return {
    roadTypes: values.roadTypes.map((type) => type.id),
    roadCondition: values.roadCondition,
    canalExisting: values.canalExisting,
    canalCondition: values.canalCondition,
    damageIdentification: normalizeRichText(values.damageIdentification),
    suggestion: normalizeRichText(values.suggestion),
    surveyRoad: values.roads.map((road) => ({
      drawLine: { lokasi: linesToSegments(road.lines) },
      asbSurveyors: road.items.flatMap((item) =>
        item.asb ? [{ asbSurveyorId: item.asb.id, long: item.long ?? 0, wide: item.wide ?? 0 }] : [],
      ),
    })),
  };
}

/** What the server would store for these values, as one comparable text. */
export const payloadSignature = (values: SurveyFormValues) => JSON.stringify(draftPayloadOf(values));

/** Everything typed, keys aside: what a local copy must not lose (also rows the server cannot store yet). */
export const contentSignature = (values: SurveyFormValues) =>
  JSON.stringify(values, (key, value) => (key === 'key' ? undefined : value));

const roundSen = (value: number) => Math.round(value * 100) / 100;

/** Cost of one row: length × width × unit price (spec §9); 0 until an item is chosen. */
export const itemCostOf = (item: AsbItemValues) =>
  item.asb ? asbItemCost(item.long ?? 0, item.wide ?? 0, item.asb.price) : 0;

export const roadTotalOf = (road: RoadValues) =>
  roundSen(road.items.reduce((sum, item) => sum + itemCostOf(item), 0));

export const surveyTotalOf = (values: Pick<SurveyFormValues, 'roads'>) =>
  roundSen(values.roads.reduce((sum, road) => sum + roadTotalOf(road), 0));

export type SurveyFormAction =
  | { type: 'set-text'; field: SurveyTextField; value: string }
  | { type: 'set-road-types'; value: SurveyFormValues['roadTypes'] }
  | { type: 'add-road'; road: RoadValues }
  | { type: 'remove-road'; roadKey: string }
  | { type: 'set-lines'; roadKey: string; lines: RoadLine[] }
  | { type: 'add-item'; roadKey: string }
  | { type: 'remove-item'; roadKey: string; itemKey: string }
  | { type: 'update-item'; roadKey: string; itemKey: string; patch: Partial<Omit<AsbItemValues, 'key'>> };

const updateRoad = (values: SurveyFormValues, roadKey: string, change: (road: RoadValues) => RoadValues) => ({
  ...values,
  roads: values.roads.map((road) => (road.key === roadKey ? change(road) : road)),
});

/** Every edit of the form, as a pure step (easy to test, and the autosave sees one value per edit). */
export function surveyFormReducer(values: SurveyFormValues, action: SurveyFormAction): SurveyFormValues {
  switch (action.type) {
    case 'set-text':
      return { ...values, [action.field]: action.value };
    case 'set-road-types':
      return { ...values, roadTypes: action.value };
    case 'add-road':
      return { ...values, roads: [...values.roads, action.road] };
    case 'remove-road':
      // A survey keeps at least one road to draw on.
      if (values.roads.length <= 1) return values;
      return { ...values, roads: values.roads.filter((road) => road.key !== action.roadKey) };
    case 'set-lines':
      return updateRoad(values, action.roadKey, (road) => ({ ...road, lines: action.lines }));
    case 'add-item':
      return updateRoad(values, action.roadKey, (road) => ({ ...road, items: [...road.items, emptyItem()] }));
    case 'remove-item':
      return updateRoad(values, action.roadKey, (road) => ({
        ...road,
        items: road.items.filter((item) => item.key !== action.itemKey),
      }));
    case 'update-item':
      return updateRoad(values, action.roadKey, (road) => ({
        ...road,
        items: road.items.map((item) => (item.key === action.itemKey ? { ...item, ...action.patch } : item)),
      }));
  }
}
