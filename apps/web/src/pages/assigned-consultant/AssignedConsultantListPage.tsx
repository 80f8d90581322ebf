import { UnorderedListOutlined } from '@ant-design/icons';
import type { TAssignedConsultantRow } from '@eusulan/shared';
import { Button, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentRoute } from '../../app/current-route.ts';
import { ConsultantTypeBadge } from '../../components/ConsultantTypeBadge.tsx';
import {
  DataTable,
  type DataTableColumn,
  tablePageOf,
  useTableState,
} from '../../components/data-table/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import {
  ASSIGNED_CONSULTANT_SORT_OPTIONS,
  type AssignedConsultantSort,
  choiceOfSort,
  sortOfChoice,
  useAssignedConsultants,
} from '../../features/assigned-consultant/api.ts';

/** '3 dapat disurvey dari 5 usulan' (spec §2: the count able to be surveyed and the total). */
export const verificationSummary = (row: Pick<TAssignedConsultantRow, 'verification'>) =>
  `${row.verification.statusVerified} dapat disurvey dari ${row.verification.totalProposal} usulan`;

/** Where Lihat Usulan goes: the consultant's task list, its name in the query (spec §2). */
export const consultantDetailPath = (row: Pick<TAssignedConsultantRow, 'id' | 'name'>) =>
  `/assigned-konsultan/detail/${row.id}?${new URLSearchParams({ name: row.name })}`;

/** Tugas Survey (/assigned-konsultan, admin): consultants by active tasks or name, each with its proposals. */
export function AssignedConsultantListPage() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState(sortOfChoice('fewest'));
  const list = useAssignedConsultants(state);

  const columns: DataTableColumn<TAssignedConsultantRow>[] = [
    {
      key: 'name',
      title: 'Konsultan',
      render: (row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{row.name}</span>
          <span>
            <ConsultantTypeBadge type={row.consultantType} name={row.consultantTypeName} />
          </span>
        </div>
      ),
    },
    {
      key: 'verification',
      title: 'Verifikasi',
      render: (row) => <span data-testid={`verification-${row.id}`}>{verificationSummary(row)}</span>,
    },
    {
      key: 'actions',
      title: 'Aksi',
      align: 'center',
      render: (row) => (
        <Button
          size="small"
          icon={<UnorderedListOutlined />}
          onClick={() => navigate(consultantDetailPath(row))}
          data-testid={`consultant-proposals-${row.id}`}
        >
          Lihat Usulan
        </Button>
      ),
    },
  ];

  return (
    <section className="screen" data-screen={route?.name} data-testid="assigned-consultant-list">
      <PageHeading
        title={route?.title ?? ''}
        extra={
          <Select<AssignedConsultantSort>
            className="sort-select"
            value={choiceOfSort(state)}
            options={ASSIGNED_CONSULTANT_SORT_OPTIONS.map(({ value, label }) => ({ value, label }))}
            onChange={(choice) => dispatch({ type: 'set-sort', ...sortOfChoice(choice) })}
            aria-label="Urutkan"
            data-testid="consultant-sort"
          />
        }
      />
      <div className="screen__panel">
        <DataTable<TAssignedConsultantRow>
          columns={columns}
          {...tablePageOf(list)}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
        />
      </div>
    </section>
  );
}
