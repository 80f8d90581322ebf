import { ZWorkNote } from '@eusulan/shared';
import { Form, Input } from 'antd';
import { MASTER_RESOURCES } from '../../features/master/api.ts';
import { MasterScreen } from '../../features/master/components/MasterScreen.tsx';
import type { WorkNoteRow } from '../../features/master/types.ts';
import { zodRule } from '../../lib/form-rules.ts';

interface WorkNoteValues {
  name: string;
  description: string;
}

/** Master Catatan Pekerjaan (/master/catatan-pekerjaan, DESIGN §4): standard notes for survey suggestions. */
export function WorkNotePage() {
  return (
    <MasterScreen<WorkNoteRow, WorkNoteValues>
      master={MASTER_RESOURCES.workNote}
      entityLabel="Catatan Pekerjaan"
      successNoun="catatan pekerjaan"
      testId="master-work-note"
      columns={[
        { key: 'name', title: 'Nama Catatan', sortKey: 'name', render: (row) => row.name },
        {
          key: 'description',
          title: 'Deskripsi',
          render: (row) => (
            // A CSS clamp, not Typography's ellipsis: that one brings tooltips into a chunk the login page shares.
            <div className="master-screen__long-text" title={row.description ?? undefined}>
              {row.description || '-'}
            </div>
          ),
        },
      ]}
      emptyValues={{ name: '', description: '' }}
      toValues={(record) => ({ name: record.name, description: record.description ?? '' })}
      toPayload={(values) => ({ name: values.name.trim(), description: values.description.trim() })}
      renderFields={() => (
        <>
          <Form.Item name="name" label="Nama Catatan" rules={[zodRule(ZWorkNote.shape.name)]}>
            <Input maxLength={200} data-testid="field-name" />
          </Form.Item>
          <Form.Item name="description" label="Deskripsi" rules={[zodRule(ZWorkNote.shape.description)]}>
            <Input.TextArea rows={5} maxLength={5000} showCount data-testid="field-description" />
          </Form.Item>
        </>
      )}
    />
  );
}
