import { Button, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

export type FormMode = 'insert' | 'update';

export const FORM_HINT = 'Silakan lengkapi form di bawah ini.';

/** 'Tambah Data X' in insert mode, 'Edit Data X' in update mode (spec §2). */
export const formModalTitle = (mode: FormMode, entityLabel: string) =>
  `${mode === 'insert' ? 'Tambah' : 'Edit'} Data ${entityLabel}`;

interface FormModalProps<TValues> {
  entityLabel: string;
  mode: FormMode;
  open: boolean;
  form: FormInstance<TValues>;
  isSaving: boolean;
  onCancel(): void;
  onSubmit(values: TValues): void;
  /** Runs when a field rule refused the submit, with the messages (the contact-person 'Peringatan!'). */
  onSubmitFailed?(messages: string[]): void;
  children: ReactNode;
  testId?: string;
  width?: number;
  /** Prefixes the field ids, so two forms open at once never share an id. */
  formName?: string;
  /** An explicit title where the 'Tambah/Edit Data X' pattern does not fit. */
  title?: ReactNode;
}

/**
 * The add/edit dialog of the master screens (spec §2, §4): title by mode, a hint to complete the form,
 * Batal and Simpan ('Memproses...' while saving). Field rules run before onSubmit; a server 422 goes
 * through the common handler.
 */
export function FormModal<TValues>({
  entityLabel,
  mode,
  open,
  form,
  isSaving,
  onCancel,
  onSubmit,
  onSubmitFailed,
  children,
  testId = 'form-modal',
  width,
  formName,
  title,
}: FormModalProps<TValues>) {
  return (
    <Modal
      title={title ?? formModalTitle(mode, entityLabel)}
      open={open}
      width={width}
      onCancel={() => {
        if (!isSaving) onCancel();
      }}
      forceRender
      mask={{ closable: false }}
      wrapProps={{ 'data-testid': testId }}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={isSaving} data-testid="form-cancel">
          Batal
        </Button>,
        <Button
          key="save"
          type="primary"
          onClick={() => form.submit()}
          disabled={isSaving}
          data-testid="form-save"
        >
          {isSaving ? 'Memproses...' : 'Simpan'}
        </Button>,
      ]}
    >
      <p className="form-modal__hint">{FORM_HINT}</p>
      <Form<TValues>
        form={form}
        layout="vertical"
        name={formName}
        onFinish={onSubmit}
        onFinishFailed={({ errorFields }) =>
          onSubmitFailed?.(errorFields.flatMap((field) => field.errors).filter(Boolean))
        }
        requiredMark={false}
        autoComplete="off"
      >
        {children}
      </Form>
    </Modal>
  );
}
