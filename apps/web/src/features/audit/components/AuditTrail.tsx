import { formatDateTime, type TAuditChange, type TAuditEntry } from '@eusulan/shared';
import { Empty, Skeleton, Table, Timeline, Typography } from 'antd';
import { useProposalAudit } from '../api.ts';

const CHANGE_COLUMNS = [
  { key: 'label', dataIndex: 'label', title: 'Data', width: '24%' },
  { key: 'before', dataIndex: 'before', title: 'Sebelum', width: '38%' },
  { key: 'after', dataIndex: 'after', title: 'Sesudah', width: '38%' },
];
/** A registration or import has no 'before': its values stand alone. */
const NEW_RECORD_COLUMNS = [
  { key: 'label', dataIndex: 'label', title: 'Data', width: '24%' },
  { key: 'after', dataIndex: 'after', title: 'Nilai' },
];
const isNewRecord = (entry: TAuditEntry) => entry.action === 'create' || entry.action === 'import';

/**
 * Riwayat Perubahan of a proposal: who did what and when, newest first, each with the values
 * before and after. Its tab mounts it when first opened, so the history loads only when asked for.
 */
export function AuditTrail({ proposalId }: { proposalId: number }) {
  const audit = useProposalAudit(proposalId);
  if (audit.isError) return <Empty description="Riwayat perubahan tidak dapat dimuat." />;
  if (!audit.data) return <Skeleton active />;
  if (!audit.data.length) return <Empty description="Belum ada perubahan yang tercatat." />;
  return (
    <Timeline
      className="audit-trail"
      data-testid="audit-trail"
      items={audit.data.map((entry) => ({
        key: entry.id,
        children: (
          <div data-testid="audit-entry">
            <Typography.Text strong>{entry.actionName}</Typography.Text>
            <Typography.Text type="secondary" className="audit-trail__meta">
              {' '}
              oleh {entry.actorName} · {formatDateTime(entry.occurredAt)}
            </Typography.Text>
            {entry.changes.length ? (
              <Table<TAuditChange>
                className="audit-trail__changes"
                size="small"
                rowKey="field"
                pagination={false}
                columns={isNewRecord(entry) ? NEW_RECORD_COLUMNS : CHANGE_COLUMNS}
                dataSource={entry.changes}
              />
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
