import { STALE_COPY_MESSAGE } from '@eusulan/shared';
import { Button, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { ERROR_TEXTS, isStaleCopyError } from '../lib/errors.ts';
import { useFeedback } from '../lib/feedback.tsx';

export type FormMode = 'insert' | 'update';

export const FORM_HINT = 'Silakan lengkapi form di bawah ini.';
export const RELOAD_TEXT = 'Muat ulang';

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
  /**
   * Saves the values. Answer the save's promise: Simpan stays disabled until it settles, and a stale copy's
   * refusal (409) is offered as a reload. The common handler has already reported any other failure.
   */
  onSubmit(values: TValues): Promise<unknown>;
  /** Loads the record again into the form, after a save of a stale copy was refused. */
  onReload?(): Promise<unknown> | undefined;
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
  onReload,
  onSubmitFailed,
  children,
  testId = 'form-modal',
  width,
  formName,
  title,
}: FormModalProps<TValues>) {
  const { modal } = useFeedback();
  // A ref, not only state: the second click of a double-click arrives before React renders the disabled
  // button, and would send a second request.
  const isSubmittingRef = useRef(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isBusy = isSaving || isSubmitting;

  const release = () => {
    isSubmittingRef.current = false;
    setIsSubmitting(false);
  };
  const startSubmit = () => {
    if (isSubmittingRef.current || isSaving) return;
    isSubmittingRef.current = true;
    setIsSubmitting(true);
    form.submit();
  };
  const offerReload = () =>
    modal.confirm({
      title: ERROR_TEXTS.oopsTitle,
      content: STALE_COPY_MESSAGE,
      okText: RELOAD_TEXT,
      cancelText: 'Batal',
      onOk: () => onReload?.(),
    });
  const finish = async (values: TValues) => {
    isSubmittingRef.current = true;
    setIsSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isStaleCopyError(error) && onReload) offerReload();
    } finally {
      release();
    }
  };

  return (
    <Modal
      title={title ?? formModalTitle(mode, entityLabel)}
      open={open}
      width={width}
      onCancel={() => {
        if (!isBusy) onCancel();
      }}
      forceRender
      mask={{ closable: false }}
      wrapProps={{ 'data-testid': testId }}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={isBusy} data-testid="form-cancel">
          Batal
        </Button>,
        <Button key="save" type="primary" onClick={startSubmit} disabled={isBusy} data-testid="form-save">
          {isBusy ? 'Memproses...' : 'Simpan'}
        </Button>,
      ]}
    >
      <p className="form-modal__hint">{FORM_HINT}</p>
      <Form<TValues>
        form={form}
        layout="vertical"
        name={formName}
        onFinish={(values) => void finish(values)}
        onFinishFailed={({ errorFields }) => {
          release();
          onSubmitFailed?.(errorFields.flatMap((field) => field.errors).filter(Boolean));
        }}
        requiredMark={false}
        autoComplete="off"
      >
        {children}
      </Form>
    </Modal>
  );
}
