import { HistoryOutlined } from '@ant-design/icons';
import {
  PROPOSAL_TYPE_NAMES,
  type TProposalDetail,
  type TProposalType,
  UPLOAD_LIMITS,
} from '@eusulan/shared';
import { Button, Form, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { FormModal, type FormMode } from '../../../components/FormModal.tsx';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { useFeedback } from '../../../lib/feedback.tsx';
import { fetchProposal, useSaveProposal } from '../api.ts';
import { PROPOSAL_FORM_RULES } from '../field-rules.ts';
import {
  buildProposalForm,
  completePlace,
  EMPTY_PROPOSAL_VALUES,
  type ProposalFormValues,
  valuesFromDetail,
} from '../form-payload.ts';
import { type ConsultantOption, consultantLabel, consultantsForVillage } from '../select-lists.ts';
import { PROPOSAL_TEXTS } from '../texts.ts';
import { proposalFileRule } from '../upload-guard.ts';
import { LazyProposalDetailDialog } from './LazyProposalDetailDialog.tsx';
import { PlaceHistoryTable } from './PlaceHistoryTable.tsx';
import { ContactPersonFields, LocationFields } from './ProposalFields.tsx';

/** Files of the add/edit form may be up to 10 MB each (spec §9). */
const FORM_UPLOAD_RULE = proposalFileRule(UPLOAD_LIMITS.proposalFormBytes);

interface ProposalFormDialogProps {
  open: boolean;
  proposalType: TProposalType;
  /** The proposal being edited (loaded for the form); null when adding. */
  record: TProposalDetail | null;
  onClose(): void;
  onSaved(mode: FormMode): void;
}

/**
 * Tambah/Edit Data Usulan Jalan <Type> (spec §2, §4, §5): Contact Person and Lokasi, the consultant
 * chosen once a village is (and cleared when it changes), Cek Histori Jalan once road, village, RT and RW
 * are chosen. Kept stored files travel as existingFileId[], new ones as files[].
 */
export function ProposalFormDialog({
  open,
  proposalType,
  record,
  onClose,
  onSaved,
}: ProposalFormDialogProps) {
  const { modal } = useFeedback();
  const [form] = Form.useForm<ProposalFormValues>();
  const save = useSaveProposal();
  const mode: FormMode = record ? 'update' : 'insert';
  const [isHistoryShown, setIsHistoryShown] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  // The version of the copy in the form: the record's, or the one 'Muat ulang' loaded after a refused save.
  const [version, setVersion] = useState(record?.version);

  const road = Form.useWatch('road', form);
  const village = Form.useWatch('village', form);
  const rtNumber = Form.useWatch('rtNumber', form);
  const rwNumber = Form.useWatch('rwNumber', form);
  const place = useMemo(
    () => completePlace({ road, village, rtNumber, rwNumber }),
    [road, village, rtNumber, rwNumber],
  );
  const excludeIds = useMemo(() => (record ? [record.id] : []), [record]);
  const villageId = village?.id;
  const loadConsultants = useMemo(() => consultantsForVillage(villageId), [villageId]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? valuesFromDetail(record) : EMPTY_PROPOSAL_VALUES);
    setIsHistoryShown(false);
    setDetailId(null);
    setVersion(record?.version);
  }, [open, record, form]);

  const submit = async (values: ProposalFormValues) => {
    const isInsert = mode === 'insert';
    await save.mutateAsync({
      id: record?.id,
      form: buildProposalForm({ ...EMPTY_PROPOSAL_VALUES, ...values }, record?.proposalType ?? proposalType),
      version,
    });
    onClose();
    onSaved(mode);
    modal.success({
      title: PROPOSAL_TEXTS.successTitle,
      content: isInsert ? PROPOSAL_TEXTS.added : PROPOSAL_TEXTS.updated,
      okText: 'Ok',
    });
  };

  /** 'Muat ulang' after a stale copy was refused: the record as saved now, in the form. */
  const reload = async () => {
    if (!record) return;
    const fresh = await fetchProposal(record.id, 'edit');
    form.resetFields();
    form.setFieldsValue(valuesFromDetail(fresh));
    setVersion(fresh.version);
  };

  return (
    <FormModal<ProposalFormValues>
      entityLabel={`Usulan Jalan ${PROPOSAL_TYPE_NAMES[record?.proposalType ?? proposalType]}`}
      mode={mode}
      open={open}
      form={form}
      formName="proposal"
      width={880}
      isSaving={save.isPending}
      onCancel={onClose}
      onSubmit={submit}
      onReload={reload}
      testId="proposal-form-modal"
    >
      <Typography.Title level={5} className="form-section__title">
        Contact Person
      </Typography.Title>
      <ContactPersonFields rules={PROPOSAL_FORM_RULES} />
      <Typography.Title level={5} className="form-section__title">
        Lokasi
      </Typography.Title>
      <LocationFields
        form={form}
        rules={PROPOSAL_FORM_RULES}
        uploadRule={FORM_UPLOAD_RULE}
        // Spec §4: changing the village clears the consultant.
        onVillageChange={() => form.setFieldValue('consultant', null)}
      />
      <Form.Item name="consultant" label="Konsultan" rules={[PROPOSAL_FORM_RULES.consultant]}>
        <RemoteSelect<ConsultantOption>
          load={loadConsultants}
          reloadKey={String(villageId ?? '')}
          labelOf={consultantLabel}
          disabled={!village}
          placeholder={village ? undefined : 'Pilih kelurahan terlebih dahulu'}
          testId="field-consultant"
        />
      </Form.Item>
      {place ? (
        <div className="proposal-form__history">
          <Button
            icon={<HistoryOutlined />}
            onClick={() => setIsHistoryShown((shown) => !shown)}
            data-testid="check-road-history"
          >
            {PROPOSAL_TEXTS.checkHistory}
          </Button>
          {isHistoryShown ? (
            <div className="proposal-form__history-table">
              <PlaceHistoryTable
                place={place}
                excludeIds={excludeIds}
                onDetail={(row) => setDetailId(row.id)}
                testId="road-history-table"
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {/* Inside the form dialog so antd stacks it above; closing it returns to the form. */}
      <LazyProposalDetailDialog proposalId={detailId} onClose={() => setDetailId(null)} isStacked />
    </FormModal>
  );
}
