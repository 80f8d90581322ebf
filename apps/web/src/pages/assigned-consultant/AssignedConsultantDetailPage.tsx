import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import type { TProposalRow } from '@eusulan/shared';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentRoute } from '../../app/current-route.ts';
import { DataTable, type DataTableColumn, useTableState } from '../../components/data-table/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useConsultantProposals } from '../../features/assigned-consultant/api.ts';
import {
  PlaceCell,
  ProposalDateCell,
  ProposerCell,
} from '../../features/proposal/components/ProposalCells.tsx';
import { ProposalDetailDialog } from '../../features/proposal/components/ProposalDetailDialog.tsx';
import { ProposalStatus } from '../../features/proposal/components/ProposalStatus.tsx';

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
  const consultantId = Number(params.id);
  const name = searchParams.get('name') ?? '';
  const [state, dispatch] = useTableState();
  const list = useConsultantProposals(consultantId, state);
  const [detailId, setDetailId] = useState<number | null>(null);

  const columns: DataTableColumn<TProposalRow>[] = [
    {
      key: 'date',
      title: 'Tanggal',
      sortKey: 'proposal_date',
      render: (row) => <ProposalDateCell row={row} />,
    },
    {
      key: 'proposer',
      title: 'Pengusul & No HP',
      sortKey: 'proposer_name',
      render: (row) => <ProposerCell row={row} withType />,
    },
    { key: 'place', title: 'Jalan & RT/RW', render: (row) => <PlaceCell row={row} /> },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status_type',
      render: (row) => <ProposalStatus proposal={row} />,
    },
    {
      key: 'actions',
      title: 'Aksi',
      align: 'center',
      render: (row) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setDetailId(row.id)}
          data-testid={`detail-${row.id}`}
        >
          Detail
        </Button>
      ),
    },
  ];

  return (
    <section className="screen" data-screen={route?.name} data-testid="assigned-consultant-detail">
      <PageHeading
        title={route?.title ?? ''}
        extra={
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => (hasPreviousPage() ? navigate(-1) : navigate('/assigned-konsultan'))}
            data-testid="back-button"
          >
            Kembali
          </Button>
        }
      />
      {name ? (
        <Typography.Title level={5} className="screen__subtitle" data-testid="consultant-name">
          {name}
        </Typography.Title>
      ) : null}
      <div className="screen__panel">
        <DataTable<TProposalRow>
          columns={columns}
          rows={list.isError ? [] : (list.data?.rows ?? [])}
          total={list.isError ? 0 : (list.data?.total ?? 0)}
          isLoading={list.isFetching}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
        />
      </div>
      <ProposalDetailDialog proposalId={detailId} onClose={() => setDetailId(null)} />
    </section>
  );
}
