import type { TCompletedWorkType } from '@eusulan/shared';
import { lineColorOf } from '../completed-work.ts';

/** The work type with the colour its lines are drawn in (Warna Jenis Pekerjaan). */
export function TypeWorkCell({ type }: { type: Pick<TCompletedWorkType, 'typeWork' | 'color'> }) {
  return (
    <span className="color-swatch completed-work-type">
      <span className="color-swatch__box" style={{ background: lineColorOf(type.color) }} aria-hidden />
      {type.typeWork}
    </span>
  );
}
