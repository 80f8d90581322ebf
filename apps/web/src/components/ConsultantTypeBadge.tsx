import { CONSULTANT_TYPE_NAMES, type TConsultantType } from '@eusulan/shared';
import { Tag } from 'antd';

/** Internal / Eksternal (spec §3 Consultant), as the consultant master and the proposal lists show it. */
export function ConsultantTypeBadge({ type, name }: { type: TConsultantType; name?: string }) {
  return (
    <Tag color={type === 'internal' ? 'blue' : 'gold'} data-testid="consultant-type">
      {name ?? CONSULTANT_TYPE_NAMES[type]}
    </Tag>
  );
}
