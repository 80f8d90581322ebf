import type { RoadValues } from './form-values.ts';

/**
 * The sizes a surveyed ASB item usually has: a road's works run for tens to hundreds of metres (a few
 * kilometres at most per ruas) over the width of a city street. A measure past these is most likely a slip
 * (a comma typed as a digit, metres as centimetres), so sending the survey names it first.
 */
export const USUAL_MEASURES = { longMetres: 3_000, wideMetres: 30 } as const;

const metres = (value: number) => `${value.toLocaleString('id-ID', { maximumFractionDigits: 2 })} m`;

/** One line per measure past the usual ('Ruas 1, Aspal Hotmix: panjang 12.000 m'); empty when all look right. */
export function unusualMeasures(roads: RoadValues[], labelOf: (index: number) => string): string[] {
  return roads.flatMap((road, index) =>
    road.items.flatMap((item) => {
      const where = `${labelOf(index)}, ${item.asb?.name ?? 'item tanpa ASB'}`;
      const lines: string[] = [];
      if (item.long !== null && item.long > USUAL_MEASURES.longMetres)
        lines.push(`${where}: panjang ${metres(item.long)}`);
      if (item.wide !== null && item.wide > USUAL_MEASURES.wideMetres)
        lines.push(`${where}: lebar ${metres(item.wide)}`);
      return lines;
    }),
  );
}
