import { formatRtRw, type TProposalRow } from '@eusulan/shared';
import { Tag, Typography } from 'antd';
import { ConsultantTypeBadge } from '../../../components/ConsultantTypeBadge.tsx';

/** 'RT 03 / RW 05', a dash for a missing one (spec §2). */
export const rtRwText = (row: Pick<TProposalRow, 'rtNumber' | 'rwNumber'>) =>
  `RT ${formatRtRw(row.rtNumber)} / RW ${formatRtRw(row.rwNumber)}`;

/** Tanggal: the date (DD-MM-YYYY), the consultant and its Internal/Eksternal badge. */
export function ProposalDateCell({ row }: { row: TProposalRow }) {
  return (
    <div className="cell-stack">
      <span className="cell-stack__main">{row.date}</span>
      <span className="cell-stack__sub">{row.consultant.name}</span>
      <span>
        <ConsultantTypeBadge type={row.consultant.consultantType} name={row.consultant.consultantTypeName} />
      </span>
    </div>
  );
}

/** Pengusul: name and phone, optionally the proposal type. */
export function ProposerCell({ row, withType = false }: { row: TProposalRow; withType?: boolean }) {
  return (
    <div className="cell-stack">
      <span className="cell-stack__main">{row.proposerName}</span>
      <span className="cell-stack__sub">{row.phoneNumber}</span>
      {withType ? (
        <span>
          <Tag>{row.proposalTypeName}</Tag>
        </span>
      ) : null}
    </div>
  );
}

/** Jalan: the road with RT/RW and, in the main list, how many proposals were made at the same place. */
export function PlaceCell({ row, withHistory = false }: { row: TProposalRow; withHistory?: boolean }) {
  return (
    <div className="cell-stack">
      <span className="cell-stack__main">{row.road?.name ?? '-'}</span>
      <span className="cell-stack__sub">{rtRwText(row)}</span>
      {withHistory ? (
        <Typography.Text type="secondary" className="cell-stack__note" data-testid="history-count">
          Histori lokasi: {row.placeHistoryCount}
        </Typography.Text>
      ) : null}
    </div>
  );
}
