import { EditOutlined, EyeOutlined, PlusOutlined, PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PROPOSAL_TYPE_NAMES,
  PROPOSAL_TYPES,
  type TProposalDetail,
  type TProposalRow,
  type TProposalType,
} from '@eusulan/shared';
import { Button, DatePicker, Space, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useCurrentRoute } from '../../app/current-route.ts';
import { DataTable, type DataTableColumn, useTableState } from '../../components/data-table/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { fetchProposal, type ProposalListFilters, useProposals } from '../../features/proposal/api.ts';
import {
  PlaceCell,
  ProposalDateCell,
  ProposerCell,
} from '../../features/proposal/components/ProposalCells.tsx';
import { ProposalDetailDialog } from '../../features/proposal/components/ProposalDetailDialog.tsx';
import { ProposalFormDialog } from '../../features/proposal/components/ProposalFormDialog.tsx';
import { ProposalStatus } from '../../features/proposal/components/ProposalStatus.tsx';
import { handleApiError } from '../../lib/errors.ts';
import { ImportProposalDialog } from './components/ImportProposalDialog.tsx';

/** Pokir and musrenbang proposals can also be imported from a spreadsheet (spec §1, §2). */
export const canImport = (type: TProposalType) => type === 'pokir' || type === 'musrenbang';

/** The route that prints a proposal's field survey report, opened in a new window (spec §2). */
export const printPath = (id: number) => `/cetak-data-usulan-survey?id=${id}`;

/** Which row actions a proposal offers (spec §2, §4): Edit only while unverified, Print only with a survey. */
export function rowActionsOf(row: Pick<TProposalRow, 'statusType' | 'hasSurvey'>) {
  return { canEdit: row.statusType === 'unverified', canPrint: row.hasSurvey };
}

interface FormState {
  open: boolean;
  record: TProposalDetail | null;
}

/**
 * Usulan (/usulan, admin): proposals by type tab (taruna first) and year range, with add, edit, detail,
 * print and, for pokir and musrenbang, import (spec §2).
 */
export function ProposalListPage() {
  const route = useCurrentRoute();
  const [proposalType, setProposalType] = useState<TProposalType>('taruna');
  const [startYear, setStartYear] = useState<Dayjs | null>(null);
  const [endYear, setEndYear] = useState<Dayjs | null>(null);
  const [state, dispatch] = useTableState();
  const filters = useMemo<ProposalListFilters>(
    () => ({ proposalType, startYear: startYear?.year(), endYear: endYear?.year() }),
    [proposalType, startYear, endYear],
  );
  const list = useProposals(filters, state);
  const [formState, setFormState] = useState<FormState>({ open: false, record: null });
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);

  // Spec §8: a failed list empties the table (the common handler has already spoken).
  const rows = list.isError ? [] : (list.data?.rows ?? []);
  const total = list.isError ? 0 : (list.data?.total ?? 0);

  const changeFilter = (apply: () => void) => {
    apply();
    dispatch({ type: 'first-page' });
  };

  const openEdit = async (row: TProposalRow) => {
    setLoadingId(row.id);
    try {
      setFormState({ open: true, record: await fetchProposal(row.id, 'edit') });
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoadingId(null);
    }
  };

  const columns: DataTableColumn<TProposalRow>[] = [
    {
      key: 'date',
      title: 'Tanggal',
      sortKey: 'proposal_date',
      render: (row) => <ProposalDateCell row={row} />,
    },
    {
      key: 'proposer',
      title: 'Pengusul',
      sortKey: 'proposer_name',
      render: (row) => <ProposerCell row={row} />,
    },
    { key: 'road', title: 'Jalan', sortKey: 'road', render: (row) => <PlaceCell row={row} withHistory /> },
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
      render: (row) => {
        const actions = rowActionsOf(row);
        return (
          <Space size="small" wrap>
            {actions.canEdit ? (
              <Button
                size="small"
                icon={<EditOutlined />}
                loading={loadingId === row.id}
                onClick={() => void openEdit(row)}
                data-testid={`edit-${row.id}`}
              >
                Edit
              </Button>
            ) : null}
            <Button
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setDetailId(row.id)}
              data-testid={`detail-${row.id}`}
            >
              Detail
            </Button>
            {actions.canPrint ? (
              <Button
                size="small"
                icon={<PrinterOutlined />}
                onClick={() => window.open(printPath(row.id), '_blank')}
                data-testid={`print-${row.id}`}
              >
                Print
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <section className="screen proposal-screen" data-screen={route?.name} data-testid="proposal-list">
      <PageHeading
        title={route?.title ?? ''}
        extra={
          <Space wrap>
            {canImport(proposalType) ? (
              <Button
                icon={<UploadOutlined />}
                onClick={() => setIsImportOpen(true)}
                data-testid="import-button"
              >
                Import Data
              </Button>
            ) : null}
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setFormState({ open: true, record: null })}
              data-testid="add-button"
            >
              Tambah Data
            </Button>
          </Space>
        }
      />
      <div className="screen__panel">
        <div className="proposal-screen__filters">
          <Tabs
            activeKey={proposalType}
            onChange={(key) => changeFilter(() => setProposalType(key as TProposalType))}
            items={PROPOSAL_TYPES.map((type) => ({ key: type, label: PROPOSAL_TYPE_NAMES[type] }))}
            data-testid="proposal-type-tabs"
          />
          <Space wrap className="proposal-screen__years">
            <span>Tahun</span>
            <DatePicker
              picker="year"
              placeholder="Semua Tahun"
              value={startYear}
              onChange={(value) => changeFilter(() => setStartYear(value))}
              disabledDate={(year) => Boolean(endYear && year.year() > endYear.year())}
              aria-label="Tahun awal"
              data-testid="filter-start-year"
            />
            <span>s/d</span>
            <DatePicker
              picker="year"
              placeholder="Semua Tahun"
              value={endYear}
              onChange={(value) => changeFilter(() => setEndYear(value))}
              disabledDate={(year) => Boolean(startYear && year.year() < startYear.year())}
              aria-label="Tahun akhir"
              data-testid="filter-end-year"
            />
          </Space>
        </div>
        <DataTable<TProposalRow>
          columns={columns}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
        />
      </div>
      <ProposalFormDialog
        open={formState.open}
        proposalType={proposalType}
        record={formState.record}
        onClose={() => setFormState((current) => ({ ...current, open: false }))}
        onSaved={(mode) => {
          if (mode === 'insert') dispatch({ type: 'first-page' });
        }}
      />
      <ProposalDetailDialog proposalId={detailId} onClose={() => setDetailId(null)} />
      <ImportProposalDialog
        open={isImportOpen}
        proposalType={proposalType}
        onClose={() => setIsImportOpen(false)}
        onImported={() => dispatch({ type: 'first-page' })}
      />
    </section>
  );
}
