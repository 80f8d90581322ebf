import { PROCESS_STATUS_FILTERS, type TProcessStatusFilter, type TProposalRow } from '@eusulan/shared';
import { Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useCurrentRoute } from '../../app/current-route.ts';
import { DataTable, tablePageOf, useTableState } from '../../components/data-table/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useNeedApproval } from '../../features/approval/api.ts';
import { useProfile } from '../../features/auth/profile-store.ts';
import { type ProcessListFilters, useProcessList } from '../../features/process/api.ts';
import { LazyProposalDetailDialog } from '../../features/proposal/components/LazyProposalDetailDialog.tsx';
import {
  DetailButton,
  PrintButton,
  ProposalListFilterBar,
  proposalListColumns,
  useProposalListFilters,
} from '../../features/proposal/components/ProposalListParts.tsx';
import './process-list.css';

const STATUS_OPTIONS = (Object.keys(PROCESS_STATUS_FILTERS) as TProcessStatusFilter[]).map((key) => ({
  value: key,
  label: PROCESS_STATUS_FILTERS[key].label,
}));

/** A surveyed proposal waits for the official's decision: its row is red, its Detail button too (spec §2). */
const awaitsDecision = (row: Pick<TProposalRow, 'statusType'>) => row.statusType === 'surveyed';

/**
 * Perlu Approval (/perlu-approval, structural; spec §2 Process list, DESIGN §4): year range, type tabs with
 * the need-approval dots, the status select, Detail and Print per row; a decision saved in the detail's
 * approval panel reloads the list on page 1.
 */
export function ProcessListPage() {
  const route = useCurrentRoute();
  const profile = useProfile();
  const needApproval = useNeedApproval(profile.roleId, true);
  const filterState = useProposalListFilters();
  const [statusType, setStatusType] = useState<TProcessStatusFilter>('semua');
  const [state, dispatch] = useTableState();
  const filters = useMemo<ProcessListFilters>(
    () => ({ ...filterState.filters, statusType }),
    [filterState.filters, statusType],
  );
  const list = useProcessList(filters, state);
  const [detailId, setDetailId] = useState<number | null>(null);

  const changeFilter = (apply: () => void) => {
    apply();
    dispatch({ type: 'first-page' });
  };

  const columns = proposalListColumns(
    (row) => (
      <Space size="small" wrap>
        <DetailButton
          onClick={() => setDetailId(row.id)}
          testId={`detail-${row.id}`}
          isDanger={awaitsDecision(row)}
        />
        {row.hasSurvey ? <PrintButton proposalId={row.id} /> : null}
      </Space>
    ),
    'Pengusul',
    'process',
  );

  return (
    <section className="screen proposal-screen" data-screen={route?.name} data-testid="process-list">
      <PageHeading title={route?.title ?? ''} />
      <div className="screen__panel">
        <ProposalListFilterBar
          state={filterState}
          onChange={changeFilter}
          yearPlaceholder="Semua Tahun"
          typeDots={needApproval.data}
          extra={
            <Select<TProcessStatusFilter>
              value={statusType}
              options={STATUS_OPTIONS}
              onChange={(value) => changeFilter(() => setStatusType(value))}
              className="process-list__status"
              aria-label="Status"
              data-testid="filter-status"
            />
          }
        />
        <DataTable<TProposalRow>
          columns={columns}
          {...tablePageOf(list)}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
          rowClassName={(row) => (awaitsDecision(row) ? 'process-list__row--waiting' : '')}
        />
      </div>
      <LazyProposalDetailDialog
        proposalId={detailId}
        onClose={() => setDetailId(null)}
        onProcessChanged={() => dispatch({ type: 'first-page' })}
      />
    </section>
  );
}
