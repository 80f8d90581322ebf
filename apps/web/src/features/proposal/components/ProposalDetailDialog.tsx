import { ArrowLeftOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { formatRtRw, type TProposalDetail } from '@eusulan/shared';
import { Button, Descriptions, Empty, Modal, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { AuditTrail } from '../../audit/components/AuditTrail.tsx';
import { useProfile } from '../../auth/profile-store.ts';
import { ApprovalPanel } from '../../process/components/ApprovalPanel.tsx';
import { useProposal } from '../api.ts';
import { placeOf } from '../form-payload.ts';
import { PROPOSAL_TEXTS } from '../texts.ts';
import { ContactPersonDialog } from './ContactPersonDialog.tsx';
import { PlaceHistoryTable } from './PlaceHistoryTable.tsx';
import { ProposalFiles } from './ProposalFiles.tsx';
import { ProposalStatus } from './ProposalStatus.tsx';
import { SurveyResultsTab } from './SurveyResultsTab.tsx';

/** 'Detail Usulan Taruna - 02-11-2026' (spec §2). */
export const detailTitle = (detail: Pick<TProposalDetail, 'proposalTypeName' | 'date'> | undefined) =>
  detail
    ? `${PROPOSAL_TEXTS.detailTitle} ${detail.proposalTypeName} - ${detail.date}`
    : PROPOSAL_TEXTS.detailTitle;

/** Survey results are viewable only once a proposal is surveyed or finished (spec §4). */
export const hasSurveyTab = (detail: Pick<TProposalDetail, 'statusType'>) =>
  detail.statusType === 'surveyed' || detail.statusType === 'finished';

interface UsulanTabProps {
  detail: TProposalDetail;
  isStacked: boolean;
  onShowHistory(): void;
  onEditContactPerson(): void;
}

/**
 * The Usulan tab: contact person, location with files, and the surveyor (spec §2). Umum gets no files
 * (they are the proposer's and the office's documents), so it gets no Files rows either.
 */
function UsulanTab({ detail, isStacked, onShowHistory, onEditContactPerson }: UsulanTabProps) {
  const seesFiles = useProfile().roleId !== 'umum';
  const fileRows = [
    {
      key: 'files',
      label: 'Files',
      children: <ProposalFiles files={detail.proposalFiles} testId="detail-files" />,
    },
    {
      key: 'files-structural',
      label: 'Files Struktural',
      children: <ProposalFiles files={detail.proposalFilesStruktural} testId="detail-files-structural" />,
    },
  ];
  return (
    <div className="proposal-detail" data-testid="proposal-detail-usulan">
      <div className="proposal-detail__bar">
        <ProposalStatus proposal={detail} />
        {detail.canEditContactPerson && !isStacked ? (
          <Button icon={<EditOutlined />} onClick={onEditContactPerson} data-testid="edit-contact-person">
            {PROPOSAL_TEXTS.editContactPerson}
          </Button>
        ) : null}
      </div>
      <Descriptions
        title="Contact Person"
        size="small"
        bordered
        layout="vertical"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'date', label: 'Tanggal', children: detail.date },
          { key: 'name', label: 'Nama', children: detail.proposerName },
          { key: 'phone', label: 'No HP', children: detail.phoneNumber },
        ]}
      />
      <Descriptions
        title="Lokasi"
        size="small"
        bordered
        column={1}
        className="proposal-detail__section"
        items={[
          { key: 'type', label: 'Jenis Usulan', children: detail.proposalTypeName },
          { key: 'road', label: 'Jalan', children: detail.road?.name ?? '-' },
          {
            key: 'village',
            label: 'Kelurahan',
            children: `${detail.village.name} - Kecamatan ${detail.village.subdistrict.name}`,
          },
          { key: 'rt', label: 'RT', children: formatRtRw(detail.rtNumber) },
          { key: 'rw', label: 'RW', children: formatRtRw(detail.rwNumber) },
          { key: 'address', label: 'Alamat', children: detail.address },
          ...(seesFiles ? fileRows : []),
        ]}
      />
      <Descriptions
        title="Surveyor"
        size="small"
        bordered
        column={1}
        className="proposal-detail__section"
        items={[{ key: 'surveyor', label: 'Nama Surveyor', children: detail.surveyorName || '-' }]}
      />
      {isStacked ? null : (
        <Button
          type="link"
          icon={<HistoryOutlined />}
          className="proposal-detail__history-link"
          onClick={onShowHistory}
          data-testid="show-location-history"
        >
          {PROPOSAL_TEXTS.historyLink(detail.placeHistoryCount)}
        </Button>
      )}
    </div>
  );
}

interface ProposalDetailDialogProps {
  /** The proposal shown; null keeps the dialog closed. */
  proposalId: number | null;
  onClose(): void;
  /**
   * Opened from a history row on top of another dialog: read-only, without its own history or contact
   * person edit. Closing it returns to the dialog below.
   */
  isStacked?: boolean;
  /** After a structural decision saved in the approval panel (the process list returns to page 1). */
  onProcessChanged?(): void;
  testId?: string;
}

/**
 * Detail Usulan (spec §2): the Usulan tab, plus Hasil Survey once surveyed or finished, plus Riwayat
 * Perubahan for admins; a link to the location history with a back link; history rows open a
 * stacked read-only detail; Edit Contact Person for every role but umum; the approval panel for
 * structural officials on a surveyed proposal.
 */
export function ProposalDetailDialog({
  proposalId,
  onClose,
  isStacked = false,
  onProcessChanged,
  testId = isStacked ? 'proposal-detail-stacked' : 'proposal-detail',
}: ProposalDetailDialogProps) {
  const detail = useProposal(proposalId, 'view');
  // The change history is for admins, and not repeated in a stacked read-only detail.
  const showsAudit = useProfile().roleId === 'admin' && !isStacked;
  const [view, setView] = useState<'detail' | 'history'>('detail');
  const [stackedId, setStackedId] = useState<number | null>(null);
  const [isEditingContact, setIsEditingContact] = useState(false);

  // Each opening starts on the detail itself.
  useEffect(() => {
    if (proposalId === null) return;
    setView('detail');
    setStackedId(null);
    setIsEditingContact(false);
  }, [proposalId]);

  const data = proposalId !== null && detail.data?.id === proposalId ? detail.data : undefined;

  const body = () => {
    if (!data) {
      return detail.isError ? <Empty description="Data usulan tidak dapat dimuat." /> : <Skeleton active />;
    }
    if (view === 'history') {
      return (
        <div data-testid="location-history">
          <Button
            type="link"
            icon={<ArrowLeftOutlined />}
            className="proposal-detail__back"
            onClick={() => setView('detail')}
            data-testid="hide-location-history"
          >
            {PROPOSAL_TEXTS.back}
          </Button>
          <Typography.Paragraph type="secondary">
            Usulan lain di {data.road?.name ?? 'lokasi tanpa jalan'}, {data.village.name}, RT{' '}
            {formatRtRw(data.rtNumber)} / RW {formatRtRw(data.rwNumber)}.
          </Typography.Paragraph>
          <PlaceHistoryTable
            place={placeOf(data)}
            excludeIds={[data.id]}
            onDetail={(row) => setStackedId(row.id)}
            testId="location-history-table"
          />
        </div>
      );
    }
    const usulan = (
      <UsulanTab
        detail={data}
        isStacked={isStacked}
        onShowHistory={() => setView('history')}
        onEditContactPerson={() => setIsEditingContact(true)}
      />
    );
    const approval =
      data.canChangeProcess && !isStacked ? (
        <ApprovalPanel detail={data} onApproved={onProcessChanged} />
      ) : null;
    const tabs = [
      { key: 'usulan', label: 'Usulan', children: usulan },
      ...(hasSurveyTab(data)
        ? [{ key: 'survey', label: 'Hasil Survey', children: <SurveyResultsTab detail={data} /> }]
        : []),
      ...(showsAudit
        ? [{ key: 'audit', label: 'Riwayat Perubahan', children: <AuditTrail proposalId={data.id} /> }]
        : []),
    ];
    if (tabs.length === 1) return usulan;
    return (
      <>
        <Tabs items={tabs} />
        {approval}
      </>
    );
  };

  return (
    <Modal
      open={proposalId !== null}
      title={detailTitle(data)}
      width={880}
      onCancel={onClose}
      destroyOnHidden
      wrapProps={{ 'data-testid': testId }}
      footer={[
        <Button key="close" onClick={onClose} data-testid="detail-close">
          Tutup
        </Button>,
      ]}
    >
      {body()}
      {/* Rendered inside this dialog so antd stacks them above it. */}
      {isStacked ? null : (
        <>
          <ProposalDetailDialog proposalId={stackedId} onClose={() => setStackedId(null)} isStacked />
          <ContactPersonDialog
            detail={data ?? null}
            open={isEditingContact && Boolean(data)}
            onClose={() => setIsEditingContact(false)}
          />
        </>
      )}
    </Modal>
  );
}
