import { describe, expect, it } from 'vitest';
import {
  type AsbItemValues,
  draftPayloadOf,
  emptyItem,
  emptyRoad,
  formValuesOf,
  itemCostOf,
  normalizeRichText,
  roadTotalOf,
  type SurveyFormValues,
  surveyFormReducer,
  surveyTotalOf,
} from './form-values.ts';
import { emptyDraft, savedDraft } from './test-fixtures.ts';

const aspal = { id: 1, name: 'Aspal Hotmix (m2)', price: 185_000 };
const item = (overrides: Partial<AsbItemValues>): AsbItemValues => ({ ...emptyItem(), ...overrides });

describe('draft and form values', () => {
  it('open an empty draft with one road holding one empty ASB row', () => {
    const values = formValuesOf(emptyDraft());
    expect(values.roads).toHaveLength(1);
    expect(values.roads[0]).toMatchObject({ lines: [], items: [{ asb: null, long: null, wide: null }] });
    expect(values.roadTypes).toEqual([]);
  });

  it('read a saved draft: segments joined into polylines, items with their copied prices', () => {
    const values = formValuesOf(savedDraft());
    expect(values.roads[0]!.lines).toEqual([
      [
        [-7.25, 112.7],
        [-7.251, 112.701],
        [-7.252, 112.702],
      ],
      [
        [-7.3, 112.73],
        [-7.301, 112.731],
      ],
    ]);
    expect(values.roads[0]!.items.map(({ asb, long, wide }) => ({ asb, long, wide }))).toEqual([
      { asb: aspal, long: 120, wide: 6 },
      { asb: { id: 4, name: 'Pembersihan Saluran (m2)', price: 35_000 }, long: 80.5, wide: 1.25 },
    ]);
    expect(values.roadTypes).toEqual([{ id: 2, name: 'Pengaspalan' }]);
  });

  it('give the server back exactly what it stored (a round trip changes nothing)', () => {
    const draft = savedDraft();
    const payload = draftPayloadOf(formValuesOf(draft));
    expect(payload).toEqual({
      roadTypes: [2],
      roadCondition: 'Aspal retak',
      canalExisting: 'Ada',
      canalCondition: 'Tersumbat',
      damageIdentification: '<p>Berlubang</p>',
      suggestion: '<p>Aspal ulang</p>',
      surveyRoad: [
        {
          drawLine: { lokasi: draft.surveyRoad[0]!.drawLine.lokasi },
          asbSurveyors: [
            { asbSurveyorId: 1, long: 120, wide: 6 },
            { asbSurveyorId: 4, long: 80.5, wide: 1.25 },
          ],
        },
      ],
    });
  });

  it('leave out rows without an ASB item, send empty sizes as 0 and an empty editor as ""', () => {
    const values: SurveyFormValues = {
      ...formValuesOf(emptyDraft()),
      suggestion: '<p></p>',
      roads: [{ ...emptyRoad(), items: [item({ long: 5 }), item({ asb: aspal, long: 10, wide: null })] }],
    };
    expect(draftPayloadOf(values).surveyRoad).toEqual([
      { drawLine: { lokasi: [] }, asbSurveyors: [{ asbSurveyorId: 1, long: 10, wide: 0 }] },
    ]);
    expect(draftPayloadOf(values).suggestion).toBe('');
    expect(normalizeRichText('<p> </p><p></p>')).toBe('');
    expect(normalizeRichText('<p>Ada</p>')).toBe('<p>Ada</p>');
  });
});

describe('cost estimate (spec §9)', () => {
  it('is length × width × unit price per item, to the sen, summed per road and overall', () => {
    expect(itemCostOf(item({ asb: aspal, long: 120, wide: 6 }))).toBe(133_200_000);
    expect(itemCostOf(item({ asb: { ...aspal, price: 33_333 }, long: 1.33, wide: 1.01 }))).toBe(44_776.22);
    expect(itemCostOf(item({ asb: null, long: 10, wide: 10 }))).toBe(0);
    expect(itemCostOf(item({ asb: aspal, long: 10, wide: null }))).toBe(0);

    const values = formValuesOf(savedDraft());
    expect(roadTotalOf(values.roads[0]!)).toBe(136_721_875);
    const second = { ...emptyRoad(), items: [item({ asb: aspal, long: 2.5, wide: 3 })] };
    expect(surveyTotalOf({ roads: [...values.roads, second] })).toBe(136_721_875 + 1_387_500);
  });
});

describe('form edits', () => {
  const start = formValuesOf(savedDraft());
  const roadKey = start.roads[0]!.key;

  it('add and remove roads, keeping at least one', () => {
    const road = emptyRoad();
    const two = surveyFormReducer(start, { type: 'add-road', road });
    expect(two.roads.map((r) => r.key)).toEqual([roadKey, road.key]);
    const one = surveyFormReducer(two, { type: 'remove-road', roadKey });
    expect(one.roads.map((r) => r.key)).toEqual([road.key]);
    expect(surveyFormReducer(one, { type: 'remove-road', roadKey: road.key })).toBe(one);
  });

  it('change lines, items and texts of one road only, never in place', () => {
    const lines = [
      [
        [-7.2, 112.7],
        [-7.21, 112.71],
      ],
    ] as SurveyFormValues['roads'][0]['lines'];
    const withLines = surveyFormReducer(start, { type: 'set-lines', roadKey, lines });
    expect(withLines.roads[0]!.lines).toBe(lines);
    expect(start.roads[0]!.lines).toHaveLength(2);

    const added = surveyFormReducer(start, { type: 'add-item', roadKey });
    const newItem = added.roads[0]!.items[2]!;
    const priced = surveyFormReducer(added, {
      type: 'update-item',
      roadKey,
      itemKey: newItem.key,
      patch: { asb: aspal, long: 3 },
    });
    expect(priced.roads[0]!.items[2]).toMatchObject({ asb: aspal, long: 3, wide: null });
    const removed = surveyFormReducer(priced, { type: 'remove-item', roadKey, itemKey: newItem.key });
    expect(removed.roads[0]!.items).toHaveLength(2);

    expect(
      surveyFormReducer(start, { type: 'set-text', field: 'canalCondition', value: 'Baik' }).canalCondition,
    ).toBe('Baik');
    const types = [{ id: 3, name: 'Paving' }];
    expect(surveyFormReducer(start, { type: 'set-road-types', value: types }).roadTypes).toBe(types);
  });
});
