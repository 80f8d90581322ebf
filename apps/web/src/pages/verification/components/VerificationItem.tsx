import { EyeOutlined } from '@ant-design/icons';
import type { TProposalRow } from '@eusulan/shared';
import { Button, Checkbox } from 'antd';
import { memo } from 'react';
import { rtRwText } from '../../../features/proposal/components/ProposalCells.tsx';
import { VERIFICATION_TEXTS } from '../../../features/verification/texts.ts';

interface VerificationItemProps {
  row: TProposalRow;
  isChecked: boolean;
  onToggle(id: number, isChecked: boolean): void;
  onDetail(id: number): void;
}

/**
 * One proposal of the verification list: its checkbox, the date (DD-MM-YYYY), proposer and phone, road
 * with RT/RW, kelurahan - kecamatan, and Detail. A grid row on a desktop, a card on a phone.
 */
export const VerificationItem = memo(function VerificationItem({
  row,
  isChecked,
  onToggle,
  onDetail,
}: VerificationItemProps) {
  return (
    <li className="verification-item" data-testid={`verification-row-${row.id}`} data-id={row.id}>
      <Checkbox
        className="verification-item__check"
        checked={isChecked}
        onChange={(event) => onToggle(row.id, event.target.checked)}
        aria-label={`Pilih usulan ${row.proposerName} ${row.date}`}
        data-testid={`verification-check-${row.id}`}
      />
      <span className="verification-item__date">{row.date}</span>
      <span className="verification-item__cell verification-item__proposer">
        <span className="verification-item__main">{row.proposerName}</span>
        <span className="verification-item__sub">{row.phoneNumber}</span>
      </span>
      <span className="verification-item__cell verification-item__road">
        <span className="verification-item__main">{row.road?.name ?? '-'}</span>
        <span className="verification-item__sub">{rtRwText(row)}</span>
      </span>
      <span className="verification-item__cell verification-item__place">
        {row.village.name} - Kecamatan {row.village.subdistrict.name}
      </span>
      <Button
        className="verification-item__detail"
        size="small"
        icon={<EyeOutlined />}
        onClick={() => onDetail(row.id)}
        data-testid={`detail-${row.id}`}
      >
        {VERIFICATION_TEXTS.detail}
      </Button>
    </li>
  );
});
