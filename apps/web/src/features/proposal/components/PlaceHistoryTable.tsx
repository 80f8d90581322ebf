import { EyeOutlined } from '@ant-design/icons';
import type { TProposalRow } from '@eusulan/shared';
import { Button } from 'antd';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table/DataTable.tsx';
import { type ProposalPlace, usePlaceHistory } from '../api.ts';
import { PlaceCell, ProposalDateCell, ProposerCell } from './ProposalCells.tsx';
import { ProposalStatus } from './ProposalStatus.tsx';

interface PlaceHistoryTableProps {
  place: ProposalPlace;
  /** The proposal being edited or viewed is not its own history. */
  excludeIds: readonly number[];
  onDetail(row: TProposalRow): void;
  testId?: string;
}

/** The proposals made earlier at one road, village, RT and RW, any type, each with a Detail button. */
export function PlaceHistoryTable({
  place,
  excludeIds,
  onDetail,
  testId = 'history-table',
}: PlaceHistoryTableProps) {
  const [state, dispatch] = useTableState();
  const history = usePlaceHistory(place, excludeIds, state);
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
      render: (row) => <ProposerCell row={row} withType />,
    },
    { key: 'place', title: 'Jalan', render: (row) => <PlaceCell row={row} /> },
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
          onClick={() => onDetail(row)}
          data-testid={`history-detail-${row.id}`}
        >
          Detail
        </Button>
      ),
    },
  ];
  return (
    <DataTable<TProposalRow>
      columns={columns}
      rows={history.isError ? [] : (history.data?.rows ?? [])}
      total={history.isError ? 0 : (history.data?.total ?? 0)}
      isLoading={history.isFetching}
      state={state}
      dispatch={dispatch}
      rowKey={(row) => row.id}
      testId={testId}
    />
  );
}
