import { describe, expect, it } from 'vitest';
import type { RoadValues } from './form-values.ts';
import { unusualMeasures } from './measure-check.ts';

const aspal = { id: 1, name: 'Aspal Hotmix (m2)', price: 185_000 };
const road = (items: { long: number | null; wide: number | null }[]): RoadValues => ({
  key: 'r',
  lines: [],
  items: items.map((item, index) => ({ key: `i${index}`, asb: aspal, ...item })),
});
const label = (index: number) => `Ruas ${index + 1}`;

describe('measures past the usual are named before a survey is sent', () => {
  it('passes the usual sizes and empty fields', () => {
    expect(
      unusualMeasures(
        [
          road([
            { long: 120, wide: 6 },
            { long: null, wide: null },
            { long: 3_000, wide: 30 },
          ]),
        ],
        label,
      ),
    ).toEqual([]);
  });

  it('names each length and width past the usual, with its ruas and item', () => {
    expect(
      unusualMeasures([road([{ long: 120, wide: 6 }]), road([{ long: 12_050.5, wide: 600 }])], label),
    ).toEqual(['Ruas 2, Aspal Hotmix (m2): panjang 12.050,5 m', 'Ruas 2, Aspal Hotmix (m2): lebar 600 m']);
  });
});
