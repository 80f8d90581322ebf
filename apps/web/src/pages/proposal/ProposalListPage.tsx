import { EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TProposalDetail, TProposalRow, TProposalType } from '@eusulan/shared';
import { Button, Space } from 'antd';
import { lazy, useState } from 'react';
import { useCurrentRoute } from '../../app/current-route.ts';
import { DataTable, tablePageOf, useTableState } from '../../components/data-table/DataTable.tsx';
import { INITIAL_TABLE_STATE } from '../../components/data-table/table-state.ts';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ensureProposals, fetchProposal, useProposals } from '../../features/proposal/api.ts';
import { LazyProposalDetailDialog } from '../../features/proposal/components/LazyProposalDetailDialog.tsx';
import {
  DetailButton,
  INITIAL_PROPOSAL_FILTERS,
  PrintButton,
  ProposalListFilterBar,
  proposalListColumns,
  useProposalListFilters,
} from '../../features/proposal/components/ProposalListParts.tsx';
import { handleApiError } from '../../lib/errors.ts';

// The dialogs (form, uploads, detail tabs, the spreadsheet import) load when first opened, so the list
// itself loads less.
const ProposalFormDialog = lazy(async () => ({
  default: (await import('../../features/proposal/components/ProposalFormDialog.tsx')).ProposalFormDialog,
}));
const ImportProposalDialog = lazy(async () => ({
  default: (await import('./components/ImportProposalDialog.tsx')).ImportProposalDialog,
}));

/** Pokir and musrenbang proposals can also be imported from a spreadsheet (spec §1, §2). */
export const canImport = (type: TProposalType) => type === 'pokir' || type === 'musrenbang';

export { printPath } from '../../features/proposal/components/ProposalListParts.tsx';

/** The route's loader: the first page of the first tab, in the cache when the list first renders. */
export const loadFirstPage = () => ensureProposals(INITIAL_PROPOSAL_FILTERS, INITIAL_TABLE_STATE);

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
  const filterState = useProposalListFilters();
  const { proposalType, filters } = filterState;
  const [state, dispatch] = useTableState();
  const list = useProposals(filters, state);
  const [formState, setFormState] = useState<FormState>({ open: false, record: null });
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);

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

  const columns = proposalListColumns((row) => {
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
        <DetailButton onClick={() => setDetailId(row.id)} testId={`detail-${row.id}`} />
        {actions.canPrint ? <PrintButton proposalId={row.id} /> : null}
      </Space>
    );
  });

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
        <ProposalListFilterBar state={filterState} onChange={changeFilter} yearPlaceholder="Semua Tahun" />
        <DataTable<TProposalRow>
          columns={columns}
          {...tablePageOf(list)}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
        />
      </div>
      <OnceOpened open={formState.open}>
        <ProposalFormDialog
          open={formState.open}
          proposalType={proposalType}
          record={formState.record}
          onClose={() => setFormState((current) => ({ ...current, open: false }))}
          onSaved={(mode) => {
            if (mode === 'insert') dispatch({ type: 'first-page' });
          }}
        />
      </OnceOpened>
      <LazyProposalDetailDialog proposalId={detailId} onClose={() => setDetailId(null)} />
      <OnceOpened open={isImportOpen}>
        <ImportProposalDialog
          open={isImportOpen}
          proposalType={proposalType}
          onClose={() => setIsImportOpen(false)}
          onImported={() => dispatch({ type: 'first-page' })}
        />
      </OnceOpened>
    </section>
  );
}
