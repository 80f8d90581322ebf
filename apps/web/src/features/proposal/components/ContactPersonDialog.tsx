import { type TProposalDetail, UPLOAD_LIMITS } from '@eusulan/shared';
import { Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../lib/feedback.tsx';
import { fetchProposal, useUpdateContactPerson } from '../api.ts';
import { CONTACT_PERSON_RULES } from '../field-rules.ts';
import { buildContactPersonForm, type ContactPersonValues, valuesFromDetail } from '../form-payload.ts';
import { PROPOSAL_TEXTS } from '../texts.ts';
import { proposalFileRule } from '../upload-guard.ts';
import { ContactPersonFields, LocationFields } from './ProposalFields.tsx';

/** Files added in the detail dialog may be up to 20 MB each (spec §9). */
const CONTACT_UPLOAD_RULE = proposalFileRule(UPLOAD_LIMITS.detailDialogBytes);

interface ContactPersonDialogProps {
  detail: TProposalDetail | null;
  open: boolean;
  onClose(): void;
}

/**
 * Edit Contact Person inside the detail dialog (spec §2, §5): date, proposer, phone, road (required here),
 * village, RT, RW, address and files. A refused submit says why in a 'Peringatan!' alert; after saving
 * 'Berhasil!' 'Memperbarui data contact person' and the detail reloads.
 */
export function ContactPersonDialog({ detail, open, onClose }: ContactPersonDialogProps) {
  const { modal } = useFeedback();
  const [form] = Form.useForm<ContactPersonValues>();
  const save = useUpdateContactPerson();
  // The version of the copy in the form: the detail's, or the one 'Muat ulang' loaded after a refused save.
  const [version, setVersion] = useState(detail?.version);

  useEffect(() => {
    if (!open || !detail) return;
    form.resetFields();
    form.setFieldsValue(valuesFromDetail(detail));
    setVersion(detail.version);
  }, [open, detail, form]);

  const reload = async () => {
    if (!detail) return;
    const fresh = await fetchProposal(detail.id, 'view');
    form.resetFields();
    form.setFieldsValue(valuesFromDetail(fresh));
    setVersion(fresh.version);
  };

  return (
    <FormModal<ContactPersonValues>
      entityLabel="Contact Person"
      title={PROPOSAL_TEXTS.editContactPerson}
      mode="update"
      open={open}
      form={form}
      formName="contact-person"
      width={820}
      isSaving={save.isPending}
      onCancel={onClose}
      testId="contact-person-modal"
      onSubmitFailed={(messages) => {
        if (messages[0]) {
          modal.warning({ title: PROPOSAL_TEXTS.warningTitle, content: messages[0], okText: 'Ok' });
        }
      }}
      onReload={reload}
      onSubmit={async (values) => {
        if (!detail) return;
        await save.mutateAsync({
          id: detail.id,
          form: buildContactPersonForm({ ...values, files: values.files ?? [] }),
          version,
        });
        onClose();
        modal.success({
          title: PROPOSAL_TEXTS.successTitle,
          content: PROPOSAL_TEXTS.contactUpdated,
          okText: 'Ok',
        });
      }}
    >
      <Typography.Title level={5} className="form-section__title">
        Contact Person
      </Typography.Title>
      <ContactPersonFields rules={CONTACT_PERSON_RULES} />
      <Typography.Title level={5} className="form-section__title">
        Lokasi
      </Typography.Title>
      <LocationFields form={form} rules={CONTACT_PERSON_RULES} uploadRule={CONTACT_UPLOAD_RULE} />
    </FormModal>
  );
}
