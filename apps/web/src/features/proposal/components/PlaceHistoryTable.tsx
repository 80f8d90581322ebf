import type { TProposalRow } from '@eusulan/shared';
import { DataTable, tablePageOf, useTableState } from '../../../components/data-table/DataTable.tsx';
import { type ProposalPlace, usePlaceHistory } from '../api.ts';
import { proposalTaskColumns } from './ProposalListParts.tsx';

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
  const columns = proposalTaskColumns({
    proposerTitle: 'Pengusul',
    placeTitle: 'Jalan',
    onDetail,
    detailTestId: (row) => `history-detail-${row.id}`,
  });
  return (
    <DataTable<TProposalRow>
      columns={columns}
      {...tablePageOf(history)}
      state={state}
      dispatch={dispatch}
      rowKey={(row) => row.id}
      testId={testId}
    />
  );
}
