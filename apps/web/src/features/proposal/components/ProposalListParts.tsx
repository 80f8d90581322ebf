import { EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import type { TProposalRow, TProposalType } from '@eusulan/shared';
import { PROPOSAL_TYPE_NAMES, PROPOSAL_TYPES } from '@eusulan/shared';
import { Badge, Button, DatePicker, Space, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/DataTable.tsx';
import type { ProposalListFilters } from '../api.ts';
import { PlaceCell, ProposalDateCell, ProposerCell } from './ProposalCells.tsx';
import { ProposalStatus } from './ProposalStatus.tsx';

/**
 * Shared by the proposal lists of spec §2 (Usulan for admin, the consultant's Data Usulan Survey): the
 * type tabs (taruna first) and year range, and the table's columns.
 */

/** The route that prints a proposal's field survey report, opened in a new window (spec §2). */
export const printPath = (id: number) => `/cetak-data-usulan-survey?id=${id}`;

/** Opens the printable report in a new tab. */
export const openPrint = (id: number) => window.open(printPath(id), '_blank');

/** The Detail button of every proposal table row. */
export function DetailButton({
  onClick,
  testId,
  isDanger = false,
}: {
  onClick(): void;
  testId: string;
  /** Red, on the process list's rows that wait for a decision (spec §2). */
  isDanger?: boolean;
}) {
  return (
    <Button
      size="small"
      icon={<EyeOutlined />}
      onClick={onClick}
      data-testid={testId}
      danger={isDanger}
      type={isDanger ? 'primary' : 'default'}
    >
      Detail
    </Button>
  );
}

/** The Print button: opens the printable field survey report in a new tab. */
export function PrintButton({ proposalId }: { proposalId: number }) {
  return (
    <Button
      size="small"
      icon={<PrinterOutlined />}
      onClick={() => openPrint(proposalId)}
      data-testid={`print-${proposalId}`}
    >
      Print
    </Button>
  );
}

/** The list's filters when it opens: the first tab (taruna), all years. */
export const INITIAL_PROPOSAL_FILTERS: ProposalListFilters = { proposalType: 'taruna' };

/** Type tab and year range; the years are sent only when set (spec §5). */
export function useProposalListFilters() {
  const [proposalType, setProposalType] = useState<TProposalType>(INITIAL_PROPOSAL_FILTERS.proposalType);
  const [startYear, setStartYear] = useState<Dayjs | null>(null);
  const [endYear, setEndYear] = useState<Dayjs | null>(null);
  const filters = useMemo<ProposalListFilters>(
    () => ({ proposalType, startYear: startYear?.year(), endYear: endYear?.year() }),
    [proposalType, startYear, endYear],
  );
  return { proposalType, setProposalType, startYear, setStartYear, endYear, setEndYear, filters };
}

type FilterState = ReturnType<typeof useProposalListFilters>;

interface ProposalListFilterBarProps {
  state: FilterState;
  /** Runs a filter change and returns the table to page 1. */
  onChange(apply: () => void): void;
  /** The year pickers' placeholder: 'Semua Tahun' on Usulan, 'All Years' on the history list (spec §2). */
  yearPlaceholder: string;
  /** The need-approval red dot per type tab (the process list, spec §2). */
  typeDots?: Partial<Record<TProposalType, boolean>>;
  /** More filters after the years (the process list's status select). */
  extra?: ReactNode;
}

export function ProposalListFilterBar({
  state,
  onChange,
  yearPlaceholder,
  typeDots,
  extra,
}: ProposalListFilterBarProps) {
  const { proposalType, setProposalType, startYear, setStartYear, endYear, setEndYear } = state;
  return (
    <div className="proposal-screen__filters">
      <Tabs
        activeKey={proposalType}
        onChange={(key) => onChange(() => setProposalType(key as TProposalType))}
        items={PROPOSAL_TYPES.map((type) => ({
          key: type,
          label: typeDots ? (
            <Badge dot={Boolean(typeDots[type])} offset={[6, 0]} data-testid={`type-dot-${type}`}>
              {PROPOSAL_TYPE_NAMES[type]}
            </Badge>
          ) : (
            PROPOSAL_TYPE_NAMES[type]
          ),
        }))}
        data-testid="proposal-type-tabs"
      />
      <Space wrap className="proposal-screen__years">
        <span>Tahun</span>
        <DatePicker
          picker="year"
          placeholder={yearPlaceholder}
          value={startYear}
          onChange={(value) => onChange(() => setStartYear(value))}
          disabledDate={(year) => Boolean(endYear && year.year() > endYear.year())}
          aria-label="Tahun awal"
          data-testid="filter-start-year"
        />
        <span>s/d</span>
        <DatePicker
          picker="year"
          placeholder={yearPlaceholder}
          value={endYear}
          onChange={(value) => onChange(() => setEndYear(value))}
          disabledDate={(year) => Boolean(startYear && year.year() < startYear.year())}
          aria-label="Tahun akhir"
          data-testid="filter-end-year"
        />
        {extra}
      </Space>
    </div>
  );
}

/** Tanggal, Pengusul, Jalan (with the history count), Status, and the list's own Aksi. */
export function proposalListColumns(
  renderActions: (row: TProposalRow) => ReactNode,
  proposerTitle = 'Pengusul',
  /** 'process' labels surveyed proposals 'Perlu Tindakan' (spec §4). */
  statusList: 'history' | 'process' = 'history',
): DataTableColumn<TProposalRow>[] {
  return [
    {
      key: 'date',
      title: 'Tanggal',
      sortKey: 'proposal_date',
      render: (row) => <ProposalDateCell row={row} />,
    },
    {
      key: 'proposer',
      title: proposerTitle,
      sortKey: 'proposer_name',
      render: (row) => <ProposerCell row={row} />,
    },
    { key: 'road', title: 'Jalan', sortKey: 'road', render: (row) => <PlaceCell row={row} withHistory /> },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status_type',
      render: (row) => <ProposalStatus proposal={row} list={statusList} />,
    },
    { key: 'actions', title: 'Aksi', align: 'center', render: renderActions },
  ];
}

/**
 * The task-style proposal tables (place history, one surveyor's tasks): Tanggal, Pengusul with the type,
 * Jalan with RT/RW, Status, and a Detail button.
 */
export function proposalTaskColumns(options: {
  proposerTitle: string;
  placeTitle: string;
  onDetail(row: TProposalRow): void;
  detailTestId(row: TProposalRow): string;
}): DataTableColumn<TProposalRow>[] {
  return [
    {
      key: 'date',
      title: 'Tanggal',
      sortKey: 'proposal_date',
      render: (row) => <ProposalDateCell row={row} />,
    },
    {
      key: 'proposer',
      title: options.proposerTitle,
      sortKey: 'proposer_name',
      render: (row) => <ProposerCell row={row} withType />,
    },
    { key: 'place', title: options.placeTitle, render: (row) => <PlaceCell row={row} /> },
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
        <DetailButton onClick={() => options.onDetail(row)} testId={options.detailTestId(row)} />
      ),
    },
  ];
}
