import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import type { TCompletedWorkRow } from '@eusulan/shared';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentRoute } from '../../app/current-route.ts';
import {
  DataTable,
  type DataTableColumn,
  tablePageOf,
  useTableState,
} from '../../components/data-table/DataTable.tsx';
import { MissingRecordMessage, missingRecordReason } from '../../components/MissingRecordMessage.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useCompletedWorkRows } from '../../features/completed-work/api.ts';
import {
  COMPLETED_WORK_LIST_PATH,
  detailHeading,
  formatMetres,
  yearFromQuery,
} from '../../features/completed-work/completed-work.ts';
import { LazyCompletedWorkModal } from '../../features/completed-work/components/LazyCompletedWorkModal.tsx';
import { TypeWorkCell } from '../../features/completed-work/components/TypeWorkCell.tsx';
import { COMPLETED_WORK_TEXTS as TEXTS } from '../../features/completed-work/texts.ts';
import '../../features/completed-work/components/completed-work.css';
import { isNotFoundError, recordIdOf, useCommonHandlerUnlessNotFound } from '../../lib/record-id.ts';

/** react-router keeps the position in its history entries; 0 means this page was opened directly. */
const hasPreviousPage = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * A row is one location: its own length (PJG_LOKASI), and the package's total (PJG_PAKET) below it when the
 * package has other locations too, so a package's total is never read as one street's length.
 */
function LengthCell({ row }: { row: TCompletedWorkRow }) {
  return (
    <div className="cell-stack completed-work-length">
      <span>{formatMetres(row.panjangLokasi)}</span>
      {row.panjang !== row.panjangLokasi ? (
        <span className="cell-stack__sub cell-stack__note">{TEXTS.ofPackage(formatMetres(row.panjang))}</span>
      ) : null}
    </div>
  );
}

/**
 * The works of one import (/pekerjaan-selesai/detail/{id}?year=, admin and umum, spec §2): the year in the
 * heading, Kembali, the works with Lokasi above Jenis Pekerjaan, and Detail opening the completed-work modal.
 */
export function CompletedWorkDetailPage() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const importId = recordIdOf(params.id);
  const [state, dispatch] = useTableState();
  const list = useCompletedWorkRows(importId, state);
  useCommonHandlerUnlessNotFound(list.error);
  const missing = missingRecordReason(importId, isNotFoundError(list.error));
  const backToList = () => (hasPreviousPage() ? navigate(-1) : navigate(COMPLETED_WORK_LIST_PATH));
  const [workId, setWorkId] = useState<number | null>(null);
  const imported = list.data?.completedWork ?? null;
  const year = yearFromQuery(searchParams.get('year')) ?? imported?.year ?? null;

  const columns: DataTableColumn<TCompletedWorkRow>[] = [
    {
      key: 'place',
      title: 'Lokasi dan Jenis Pekerjaan',
      sortKey: 'lokasi',
      render: (row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{row.lokasi || '-'}</span>
          <span className="cell-stack__sub">{row.jenisPekerjaan}</span>
        </div>
      ),
    },
    { key: 'nama', title: 'Nama Pekerjaan', sortKey: 'nama', render: (row) => row.nama || '-' },
    { key: 'tahun', title: 'Tahun Pelaksana', sortKey: 'tahun', align: 'center', render: (row) => row.tahun },
    {
      key: 'panjang',
      title: 'Panjang',
      sortKey: 'panjangLokasi',
      align: 'right',
      render: (row) => <LengthCell row={row} />,
    },
    {
      key: 'actions',
      title: 'Aksi',
      align: 'center',
      render: (row) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setWorkId(row.id)}
          data-testid={`work-detail-${row.id}`}
        >
          {TEXTS.detail}
        </Button>
      ),
    },
  ];

  return (
    <section className="screen" data-screen={route?.name} data-testid="completed-work-detail-page">
      <PageHeading
        title={detailHeading(year)}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={backToList} data-testid="back-button">
            {TEXTS.back}
          </Button>
        }
      />
      {imported ? (
        <Typography.Paragraph className="screen__subtitle" data-testid="import-summary">
          {imported.name} · <TypeWorkCell type={imported.typeWorkColor} />
        </Typography.Paragraph>
      ) : null}
      <div className="screen__panel">
        {missing ? (
          <MissingRecordMessage
            reason={missing}
            subject={TEXTS.importSubject}
            notFoundText={TEXTS.importNotFound}
            onBack={() => navigate(COMPLETED_WORK_LIST_PATH)}
          />
        ) : (
          <DataTable<TCompletedWorkRow>
            columns={columns}
            {...tablePageOf(list)}
            state={state}
            dispatch={dispatch}
            rowKey={(row) => row.id}
          />
        )}
      </div>
      <LazyCompletedWorkModal workId={workId} onClose={() => setWorkId(null)} />
    </section>
  );
}
