import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Space, Switch } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCurrentRoute } from '../../../app/current-route.ts';
import {
  DataTable,
  type DataTableColumn,
  tablePageOf,
  useTableState,
} from '../../../components/data-table/DataTable.tsx';
import { FormModal, type FormMode } from '../../../components/FormModal.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { handleApiError } from '../../../lib/errors.ts';
import { toast, useFeedback } from '../../../lib/feedback.tsx';
import {
  fetchMasterRecord,
  type MasterList,
  type MasterResource,
  useMasterList,
  useSaveMaster,
  useToggleMasterStatus,
} from '../api.ts';
import { MASTER_TEXTS } from '../texts.ts';

export interface MasterRow {
  id: number;
  isActive?: boolean;
  /** The detail's version, sent back with an edit as If-Match. */
  version?: string | null;
}

export interface FieldsContext<TRow, TValues> {
  form: FormInstance<TValues>;
  mode: FormMode;
  /** The record being edited; null when adding. */
  record: TRow | null;
}

export interface MasterScreenProps<TRow extends MasterRow, TValues> {
  master: MasterResource;
  /** The X of 'Tambah Data X' / 'Edit Data X'. */
  entityLabel: string;
  /** The end of 'Menambahkan data …' / 'Memperbarui data …' (spec §8). */
  successNoun: string;
  columns: readonly DataTableColumn<TRow>[];
  emptyValues: TValues;
  toValues(record: TRow): TValues;
  toPayload(values: TValues, mode: FormMode): unknown;
  renderFields(context: FieldsContext<TRow, TValues>): ReactNode;
  /** Buttons after Edit (the user's Reset, the colour's Hapus). */
  rowActions?(row: TRow, list: MasterList<TRow> | undefined): ReactNode;
  /** A question to answer before saving values that look mistyped (an ASB price far off), or null. */
  questionBeforeSave?(values: TValues): string | null;
  /** Runs after the edit form opened with the record's values (the consultant's delayed district). */
  onEditOpened?(record: TRow, form: FormInstance<TValues>): void;
  testId: string;
}

/**
 * One master screen (spec §2, §4): heading with Tambah Data, the data table with a status switch (when the
 * entity has one) and Edit, and the add/edit form modal. After add the table goes to page 1 and reloads;
 * after update it reloads in place.
 */
export function MasterScreen<TRow extends MasterRow, TValues extends object>({
  master,
  entityLabel,
  successNoun,
  columns,
  emptyValues,
  toValues,
  toPayload,
  renderFields,
  rowActions,
  onEditOpened,
  questionBeforeSave,
  testId,
}: MasterScreenProps<TRow, TValues>) {
  const route = useCurrentRoute();
  const { modal } = useFeedback();
  const [state, dispatch] = useTableState();
  const list = useMasterList<TRow>(master, state);
  const save = useSaveMaster<TRow>(master);
  const toggle = useToggleMasterStatus<TRow>(master);
  const [form] = Form.useForm<TValues>();
  const [mode, setMode] = useState<FormMode>('insert');
  const [record, setRecord] = useState<TRow | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [loadingId, setLoadingId] = useState<number | null>(null);

  const openInsert = () => {
    form.resetFields();
    form.setFieldsValue(emptyValues as Parameters<typeof form.setFieldsValue>[0]);
    setRecord(null);
    setMode('insert');
    setIsOpen(true);
  };

  const openUpdate = async (row: TRow) => {
    setLoadingId(row.id);
    try {
      const loaded = await fetchMasterRecord<TRow>(master, row.id);
      form.resetFields();
      form.setFieldsValue(toValues(loaded) as Parameters<typeof form.setFieldsValue>[0]);
      setRecord(loaded);
      setMode('update');
      setIsOpen(true);
      onEditOpened?.(loaded, form);
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoadingId(null);
    }
  };

  const submit = async (values: TValues) => {
    const isInsert = mode === 'insert';
    const question = questionBeforeSave?.(values);
    if (question) {
      const isConfirmed = await modal.confirm({
        title: MASTER_TEXTS.checkAgainTitle,
        content: question,
        okText: MASTER_TEXTS.saveAnyway,
        cancelText: MASTER_TEXTS.correct,
      });
      // Not saved: the form stays open on the value to correct.
      if (!isConfirmed) return;
    }
    await save.mutateAsync({
      id: isInsert ? undefined : record?.id,
      payload: toPayload({ ...emptyValues, ...values }, mode),
      version: isInsert ? undefined : record?.version,
    });
    setIsOpen(false);
    if (isInsert) dispatch({ type: 'first-page' });
    modal.success({
      title: MASTER_TEXTS.successTitle,
      content: isInsert ? MASTER_TEXTS.added(successNoun) : MASTER_TEXTS.updated(successNoun),
      okText: 'Ok',
    });
  };

  const statusColumn: DataTableColumn<TRow>[] = master.statusAction
    ? [
        {
          key: 'status',
          title: 'Status',
          sortKey: 'isActive',
          align: 'center',
          render: (row) => (
            <Switch
              checked={Boolean(row.isActive)}
              loading={toggle.isPending && toggle.variables?.id === row.id}
              aria-label={row.isActive ? MASTER_TEXTS.active : MASTER_TEXTS.inactive}
              checkedChildren={MASTER_TEXTS.active}
              unCheckedChildren={MASTER_TEXTS.inactive}
              onChange={() =>
                toggle.mutate(
                  { id: row.id, isActive: Boolean(row.isActive) },
                  { onSuccess: () => toast.success(MASTER_TEXTS.statusChanged) },
                )
              }
              data-testid={`status-${row.id}`}
            />
          ),
        },
      ]
    : [];

  const actionColumn: DataTableColumn<TRow> = {
    key: 'actions',
    title: 'Aksi',
    align: 'center',
    render: (row) => (
      <Space size="small" wrap>
        <Button
          size="small"
          icon={<EditOutlined />}
          loading={loadingId === row.id}
          onClick={() => void openUpdate(row)}
          data-testid={`edit-${row.id}`}
        >
          Edit
        </Button>
        {rowActions?.(row, list.data)}
      </Space>
    ),
  };

  return (
    <section className="screen master-screen" data-screen={route?.name} data-testid={testId}>
      <PageHeading
        title={route?.title ?? ''}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={openInsert} data-testid="add-button">
            Tambah Data
          </Button>
        }
      />
      <div className="screen__panel">
        <DataTable<TRow>
          columns={[...columns, ...statusColumn, actionColumn]}
          {...tablePageOf(list)}
          state={state}
          dispatch={dispatch}
          rowKey={(row) => row.id}
        />
      </div>
      <FormModal<TValues>
        entityLabel={entityLabel}
        mode={mode}
        open={isOpen}
        form={form}
        isSaving={save.isPending}
        onCancel={() => setIsOpen(false)}
        onSubmit={submit}
        onReload={() => (record ? openUpdate(record) : undefined)}
      >
        {renderFields({ form, mode, record })}
      </FormModal>
    </section>
  );
}
