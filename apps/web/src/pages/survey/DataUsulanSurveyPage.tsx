import { EditOutlined } from '@ant-design/icons';
import type { TProposalRow } from '@eusulan/shared';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentRoute } from '../../app/current-route.ts';
import { DataTable, tablePageOf, useTableState } from '../../components/data-table/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useProposals } from '../../features/proposal/api.ts';
import { LazyProposalDetailDialog } from '../../features/proposal/components/LazyProposalDetailDialog.tsx';
import {
  DetailButton,
  PrintButton,
  ProposalListFilterBar,
  proposalListColumns,
  useProposalListFilters,
} from '../../features/proposal/components/ProposalListParts.tsx';
import { surveyFormPath } from '../../features/survey/paths.ts';

/** Which actions a row of the consultant's list offers (spec §2, §4, DESIGN §4). */
export function surveyRowActionsOf(row: Pick<TProposalRow, 'statusType' | 'hasSurvey'>) {
  return {
    canSurvey: row.statusType === 'verified' || row.statusType === 'surveyed',
    canPrint: row.hasSurvey,
  };
}

/**
 * Data Usulan Survey (/data-usulan-survey, consultan): the consultant's own proposals in the layout of the
 * spec's Proposal history list: year range (All Years), type tabs (taruna first), Detail, Print once a
 * submitted survey exists, and Survey on verified and surveyed proposals, opening the survey form (DESIGN §4).
 */
export function DataUsulanSurveyPage() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const filterState = useProposalListFilters();
  const [state, dispatch] = useTableState();
  const list = useProposals(filterState.filters, state);
  const [detailId, setDetailId] = useState<number | null>(null);

  const changeFilter = (apply: () => void) => {
    apply();
    dispatch({ type: 'first-page' });
  };

  const columns = proposalListColumns((row) => {
    const actions = surveyRowActionsOf(row);
    return (
      <Space size="small" wrap>
        <DetailButton onClick={() => setDetailId(row.id)} testId={`detail-${row.id}`} />
        {actions.canPrint ? <PrintButton proposalId={row.id} /> : null}
        {actions.canSurvey ? (
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(surveyFormPath(row.id))}
            data-testid={`survey-${row.id}`}
          >
            Survey
          </Button>
        ) : null}
      </Space>
    );
  }, 'Pengusul & No HP');

  return (
    <section className="screen proposal-screen" data-screen={route?.name} data-testid="survey-proposal-list">
      <PageHeading title={route?.title ?? ''} />
      <div className="screen__panel">
        <ProposalListFilterBar state={filterState} onChange={changeFilter} yearPlaceholder="All Years" />
        <DataTable<TProposalRow>
          columns={columns}
          {...tablePageOf(list)}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
        />
      </div>
      <LazyProposalDetailDialog proposalId={detailId} onClose={() => setDetailId(null)} />
    </section>
  );
}
