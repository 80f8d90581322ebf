import { CheckCircleOutlined } from '@ant-design/icons';
import {
  PROCESS_CHOICES,
  PROCESS_MESSAGES,
  PROCESS_TYPE_NAMES,
  type TProcessChoice,
  type TProposalDetail,
  UPLOAD_LIMITS,
} from '@eusulan/shared';
import { Button, Form, Radio, Typography, type UploadFile } from 'antd';
import { UploadField } from '../../proposal/components/UploadField.tsx';
import { PROPOSAL_TEXTS } from '../../proposal/texts.ts';
import { proposalFileRule } from '../../proposal/upload-guard.ts';
import { useChangeProcess } from '../api.ts';
import './approval-panel.css';
import { useFeedback } from '../../../lib/feedback.tsx';

/** Documents of the decision: png, jpg, jpeg, pdf, 20 MB each as in the detail dialog (spec §9). */
const DOCUMENT_RULE = proposalFileRule(UPLOAD_LIMITS.detailDialogBytes);

const PROCESS_OPTIONS = (Object.keys(PROCESS_CHOICES) as TProcessChoice[]).map((choice) => ({
  value: choice,
  label: PROCESS_TYPE_NAMES[PROCESS_CHOICES[choice]],
}));

interface ApprovalValues {
  processType?: TProcessChoice;
  files?: UploadFile[];
}

interface ApprovalPanelProps {
  detail: TProposalDetail;
  /** After a saved decision: the detail has reloaded; the list behind it goes back to page 1. */
  onApproved?(): void;
}

/**
 * The structural approval panel of the detail dialog (spec §2, §5, §6): Proyek, Swakelola or Pending,
 * optional documents, Simpan. 'Process tidak boleh kosong' without a choice; 'Berhasil!' 'Menyetujui
 * data usulan' after saving, and the detail reloads with the structural files under the Usulan tab.
 */
export function ApprovalPanel({ detail, onApproved }: ApprovalPanelProps) {
  const { modal } = useFeedback();
  const [form] = Form.useForm<ApprovalValues>();
  const change = useChangeProcess();

  return (
    <section className="approval-panel" data-testid="approval-panel">
      <Typography.Title level={5} className="form-section__title">
        Approval
      </Typography.Title>
      <Form<ApprovalValues>
        form={form}
        layout="vertical"
        name="approval"
        requiredMark={false}
        onFinishFailed={({ errorFields }) => {
          const message = errorFields[0]?.errors[0];
          if (message) modal.warning({ title: PROPOSAL_TEXTS.warningTitle, content: message, okText: 'Ok' });
        }}
        onFinish={async (values) => {
          if (!values.processType) return;
          try {
            await change.mutateAsync({
              id: detail.id,
              processType: values.processType,
              files: values.files ?? [],
            });
          } catch {
            return; // The common error handler has said why.
          }
          // Not a mutate() callback: by now the reloaded detail has no panel (a Proyek or Swakelola
          // decision is final), and React Query skips the callbacks of an unmounted caller.
          form.resetFields();
          onApproved?.();
          modal.success({
            title: PROPOSAL_TEXTS.successTitle,
            content: PROCESS_MESSAGES.approved,
            okText: 'Ok',
          });
        }}
      >
        <Form.Item
          name="processType"
          label="Process"
          rules={[{ required: true, message: PROCESS_MESSAGES.processRequired }]}
        >
          <Radio.Group options={PROCESS_OPTIONS} optionType="button" data-testid="approval-process" />
        </Form.Item>
        <Form.Item name="files" label="Dokumen" valuePropName="value">
          <UploadField rule={DOCUMENT_RULE} testId="approval-files" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<CheckCircleOutlined />}
          loading={change.isPending}
          data-testid="approval-save"
        >
          Simpan
        </Button>
      </Form>
    </section>
  );
}
