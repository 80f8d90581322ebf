import { DeleteOutlined } from '@ant-design/icons';
import { ZTypeWorkColor } from '@eusulan/shared';
import { Button, Form, Input } from 'antd';
import { ColorInput } from '../../components/ColorInput.tsx';
import { MASTER_RESOURCES, useDeleteMaster } from '../../features/master/api.ts';
import { MasterScreen } from '../../features/master/components/MasterScreen.tsx';
import { MASTER_TEXTS } from '../../features/master/texts.ts';
import type { TypeWorkColorRow } from '../../features/master/types.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { DELETE_TEXTS, useConfirmDelete } from '../../lib/use-confirm-delete.ts';

interface ColorValues {
  type_work: string;
  color: string;
}

export function ColorSwatch({ color }: { color: string }) {
  return (
    <span className="color-swatch">
      <span className="color-swatch__box" style={{ background: color }} aria-hidden />
      <code>{color}</code>
    </span>
  );
}

/** Master Warna Jenis Pekerjaan (/master/warna-jenis-pekerjaan): map colours; Edit and Hapus, no status. */
export function TypeWorkColorPage() {
  const remove = useDeleteMaster(MASTER_RESOURCES.typeWorkColor);
  const confirm = useConfirmDelete();
  const confirmDelete = (row: TypeWorkColorRow) =>
    confirm({
      title: MASTER_TEXTS.deleteColorTitle,
      content: DELETE_TEXTS.cannotUndo,
      remove: () => remove.mutateAsync(row.id),
    });

  return (
    <MasterScreen<TypeWorkColorRow, ColorValues>
      master={MASTER_RESOURCES.typeWorkColor}
      entityLabel="Warna Jenis Pekerjaan"
      successNoun="warna jenis pekerjaan"
      testId="master-type-work-color"
      columns={[
        { key: 'typeWork', title: 'Jenis Pekerjaan', sortKey: 'typeWork', render: (row) => row.typeWork },
        {
          key: 'color',
          title: 'Warna',
          sortKey: 'color',
          render: (row) => <ColorSwatch color={row.color} />,
        },
      ]}
      emptyValues={{ type_work: '', color: '' }}
      toValues={(record) => ({ type_work: record.typeWork, color: record.color })}
      toPayload={(values) => ({ type_work: values.type_work.trim(), color: values.color })}
      renderFields={() => (
        <>
          <Form.Item
            name="type_work"
            label="Jenis Pekerjaan"
            rules={[zodRule(ZTypeWorkColor.shape.type_work)]}
          >
            <Input maxLength={200} data-testid="field-type-work" />
          </Form.Item>
          <Form.Item name="color" label="Warna" rules={[zodRule(ZTypeWorkColor.shape.color)]}>
            <ColorInput testId="field-color" />
          </Form.Item>
        </>
      )}
      rowActions={(row) => (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => confirmDelete(row)}
          data-testid={`delete-${row.id}`}
        >
          Hapus
        </Button>
      )}
    />
  );
}
