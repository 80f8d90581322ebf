import {
  PROCESS_TYPE_NAMES,
  statusLabel,
  type TProcessType,
  type TProposalRow,
  type TStatusType,
} from '@eusulan/shared';
import { Space, Tag } from 'antd';

const STATUS_COLORS: Record<TStatusType, string> = {
  unverified: 'default',
  verified: 'orange',
  surveyed: 'green',
  finished: 'green',
};

const PROCESS_COLORS: Record<TProcessType, string> = {
  project: 'blue',
  self_management: 'purple',
  pending: 'gold',
};

type StatusSource = Pick<TProposalRow, 'statusType' | 'processType'>;

/** The process badge of a finished proposal (Pending / Proyek / Swakelola), or null (spec §4). */
export function processBadgeOf(proposal: StatusSource): string | null {
  if (proposal.statusType !== 'finished' || !proposal.processType) return null;
  return PROCESS_TYPE_NAMES[proposal.processType];
}

/**
 * A proposal's status as the lists show it (spec §4): 'Tidak disurvey', 'Belum disurvey', 'Sudah disurvey'
 * ('Perlu Tindakan' for surveyed in the process list), plus the process badge once finished.
 */
export function ProposalStatus({
  proposal,
  list = 'history',
}: {
  proposal: StatusSource;
  list?: 'history' | 'process';
}) {
  const badge = processBadgeOf(proposal);
  return (
    <Space size={4} wrap data-testid="proposal-status">
      <Tag color={STATUS_COLORS[proposal.statusType]}>{statusLabel(proposal.statusType, list)}</Tag>
      {badge && proposal.processType ? (
        <Tag color={PROCESS_COLORS[proposal.processType]} data-testid="process-badge">
          {badge}
        </Tag>
      ) : null}
    </Space>
  );
}
