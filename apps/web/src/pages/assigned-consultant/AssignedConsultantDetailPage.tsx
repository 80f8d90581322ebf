import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TProposalRow } from '@eusulan/shared';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentRoute } from '../../app/current-route.ts';
import { DataTable, tablePageOf, useTableState } from '../../components/data-table/DataTable.tsx';
import { MissingRecordMessage, missingRecordReason } from '../../components/MissingRecordMessage.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useConsultantProposals } from '../../features/assigned-consultant/api.ts';
import { LazyProposalDetailDialog } from '../../features/proposal/components/LazyProposalDetailDialog.tsx';
import { proposalTaskColumns } from '../../features/proposal/components/ProposalListParts.tsx';
import { isNotFoundError, recordIdOf, useCommonHandlerUnlessNotFound } from '../../lib/record-id.ts';

const LIST_PATH = '/assigned-konsultan';

/** react-router keeps the position in its history entries; 0 means this page was opened directly. */
const hasPreviousPage = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * Daftar Tugas Survey Usulan Jalan (/assigned-konsultan/detail/{id}?name=…): the proposals of one surveyor
 * (spec §2 Survey task list), sortable by date, proposer and status, each with a Detail dialog.
 */
export function AssignedConsultantDetailPage() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const consultantId = recordIdOf(params.id);
  const name = searchParams.get('name') ?? '';
  const [state, dispatch] = useTableState();
  const list = useConsultantProposals(consultantId, state);
  useCommonHandlerUnlessNotFound(list.error);
  const missing = missingRecordReason(consultantId, isNotFoundError(list.error));
  const [detailId, setDetailId] = useState<number | null>(null);

  const columns = proposalTaskColumns({
    proposerTitle: 'Pengusul & No HP',
    placeTitle: 'Jalan & RT/RW',
    onDetail: (row) => setDetailId(row.id),
    detailTestId: (row) => `detail-${row.id}`,
  });

  return (
    <section className="screen" data-screen={route?.name} data-testid="assigned-consultant-detail">
      <PageHeading
        title={route?.title ?? ''}
        extra={
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => (hasPreviousPage() ? navigate(-1) : navigate(LIST_PATH))}
            data-testid="back-button"
          >
            Kembali
          </Button>
        }
      />
      {name && !missing ? (
        <Typography.Title level={5} className="screen__subtitle" data-testid="consultant-name">
          {name}
        </Typography.Title>
      ) : null}
      <div className="screen__panel">
        {missing ? (
          <MissingRecordMessage
            reason={missing}
            subject="konsultan"
            notFoundText="Konsultan ini tidak ada atau sudah dihapus, jadi tugas surveynya tidak dapat ditampilkan."
            onBack={() => navigate(LIST_PATH)}
          />
        ) : (
          <DataTable<TProposalRow>
            columns={columns}
            {...tablePageOf(list)}
            state={state}
            dispatch={dispatch}
            rowKey={(row) => row.id}
          />
        )}
      </div>
      <LazyProposalDetailDialog proposalId={detailId} onClose={() => setDetailId(null)} />
    </section>
  );
}
