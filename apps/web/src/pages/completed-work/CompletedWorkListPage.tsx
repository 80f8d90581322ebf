import { DeleteOutlined, EyeOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import type { TCompletedWorkImportRow } from '@eusulan/shared';
import { Button, DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentRoute } from '../../app/current-route.ts';
import {
  DataTable,
  type DataTableColumn,
  tablePageOf,
  useTableState,
} from '../../components/data-table/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useProfile } from '../../features/auth/profile-store.ts';
import { useCompletedWorkImports, useDeleteCompletedWorkImport } from '../../features/completed-work/api.ts';
import { completedWorkDetailPath } from '../../features/completed-work/completed-work.ts';
import { TypeWorkCell } from '../../features/completed-work/components/TypeWorkCell.tsx';
import { COMPLETED_WORK_TEXTS as TEXTS } from '../../features/completed-work/texts.ts';
import '../../features/completed-work/components/completed-work.css';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { DELETE_TEXTS, useConfirmDelete } from '../../lib/use-confirm-delete.ts';

// The zip import (upload, year, progress) loads when first opened.
const ImportCompletedWorkModal = lazy(async () => ({
  default: (await import('../../features/completed-work/components/ImportCompletedWorkModal.tsx'))
    .ImportCompletedWorkModal,
}));

/**
 * Pekerjaan Selesai (/pekerjaan-selesai, admin and umum): one row per imported zip, filtered by year
 * ('Semua Tahun'), 'Lihat Data' opens its works; only admin sees Import Data (spec §2, §6).
 */
export function CompletedWorkListPage() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const { roleId } = useProfile();
  const canImport = roleId === 'admin';
  const [year, setYear] = useState<Dayjs | null>(null);
  const [state, dispatch] = useTableState();
  const list = useCompletedWorkImports(year?.year(), state);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [replacing, setReplacing] = useState<TCompletedWorkImportRow | null>(null);
  const remove = useDeleteCompletedWorkImport();
  const confirm = useConfirmDelete();

  const openImport = (row: TCompletedWorkImportRow | null) => {
    setReplacing(row);
    setIsImportOpen(true);
  };
  const confirmDelete = (row: TCompletedWorkImportRow) =>
    confirm({
      title: TEXTS.deleteTitle,
      content: `${row.name} (${row.typeWorkColor.typeWork}, ${row.year}). ${DELETE_TEXTS.cannotUndo}`,
      remove: () => remove.mutateAsync(row.id),
    });

  const columns: DataTableColumn<TCompletedWorkImportRow>[] = [
    { key: 'name', title: 'Nama File', sortKey: 'name', render: (row) => row.name },
    {
      key: 'type',
      title: 'Jenis',
      sortKey: 'typeWork',
      render: (row) => <TypeWorkCell type={row.typeWorkColor} />,
    },
    { key: 'year', title: 'Tahun Pelaksana', sortKey: 'year', align: 'center', render: (row) => row.year },
    {
      key: 'actions',
      title: 'Aksi',
      align: 'center',
      render: (row) => (
        <Space size={4} wrap className="completed-work-screen__actions">
          <Button
            size="small"
            icon={<EyeOutlined />}
            onClick={() => navigate(completedWorkDetailPath(row.id, row.year))}
            data-testid={`view-${row.id}`}
          >
            {TEXTS.viewData}
          </Button>
          {canImport ? (
            <>
              <Button
                size="small"
                icon={<SwapOutlined />}
                onClick={() => openImport(row)}
                data-testid={`replace-${row.id}`}
              >
                {TEXTS.replaceFile}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(row)}
                data-testid={`delete-${row.id}`}
              >
                {TEXTS.remove}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <section className="screen" data-screen={route?.name} data-testid="completed-work-list">
      <PageHeading
        title={TEXTS.title}
        extra={
          canImport ? (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => openImport(null)}
              data-testid="import-button"
            >
              {TEXTS.importData}
            </Button>
          ) : null
        }
      />
      <div className="screen__panel">
        <div className="completed-work-screen__filters">
          <span>Tahun</span>
          <DatePicker
            picker="year"
            className="completed-work-screen__year"
            placeholder={TEXTS.allYears}
            value={year}
            onChange={(value) => {
              setYear(value);
              dispatch({ type: 'first-page' });
            }}
            aria-label="Tahun Pelaksana"
            data-testid="filter-year"
          />
        </div>
        <DataTable<TCompletedWorkImportRow>
          columns={columns}
          {...tablePageOf(list)}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
        />
      </div>
      {canImport ? (
        <OnceOpened open={isImportOpen}>
          <ImportCompletedWorkModal
            open={isImportOpen}
            onClose={() => setIsImportOpen(false)}
            onImported={() => dispatch({ type: 'first-page' })}
            replacing={replacing}
          />
        </OnceOpened>
      ) : null}
    </section>
  );
}
