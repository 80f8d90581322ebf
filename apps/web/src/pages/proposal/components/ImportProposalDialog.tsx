import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  JOB_MESSAGES,
  PROPOSAL_MESSAGES,
  PROPOSAL_TYPE_NAMES,
  type TImportError,
  type TProposalType,
} from '@eusulan/shared';
import { Alert, Button, Modal, Table, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { JobProgress } from '../../../features/jobs/components/JobProgress.tsx';
import { JOB_TEXTS } from '../../../features/jobs/texts.ts';
import { downloadTemplate, importErrorsOf, useImportProposals } from '../../../features/proposal/api.ts';
import { PROPOSAL_TEXTS } from '../../../features/proposal/texts.ts';
import { acceptOf, IMPORT_FILE_RULE, uploadProblem } from '../../../features/proposal/upload-guard.ts';
import { handleApiError } from '../../../lib/errors.ts';
import { toast, useFeedback } from '../../../lib/feedback.tsx';

const IMPORT_FAILED = 'Import gagal, tidak ada data yang disimpan. Perbaiki baris berikut.';

interface ImportProposalDialogProps {
  open: boolean;
  proposalType: TProposalType;
  onClose(): void;
  onImported(): void;
}

/** '-' when a problem belongs to the whole file rather than one row. */
export const importRowLabel = (row: number | null) => (row === null ? '-' : String(row));

/**
 * Import Data for pokir and musrenbang (spec §2, §5, §8): one .xlsx, a template download, a note that old
 * data stays. The import runs as a background job whose progress shows here; a refused import lists its
 * rows (Baris, Keterangan) here instead of a dialog.
 */
export function ImportProposalDialog({ open, proposalType, onClose, onImported }: ImportProposalDialogProps) {
  const { modal } = useFeedback();
  const importer = useImportProposals();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [errors, setErrors] = useState<TImportError[] | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setErrors(null);
  }, [open]);

  const submit = () => {
    const chosen = file?.originFileObj;
    if (!chosen) {
      toast.info(PROPOSAL_MESSAGES.importFileRequired);
      return;
    }
    setErrors(null);
    importer.run(
      { file: chosen, proposalType },
      {
        onDone: () => {
          onClose();
          onImported();
          modal.success({
            title: PROPOSAL_TEXTS.successTitle,
            content: PROPOSAL_TEXTS.imported,
            okText: 'Ok',
          });
        },
        onFailed: (job) => {
          const rows = importErrorsOf(job);
          if (rows) {
            setErrors(rows);
            setErrorMessage(job.message);
            return;
          }
          // Not the file's rows (the server failed, or was stopped): its message says what to do.
          modal.warning({
            title: PROPOSAL_TEXTS.warningTitle,
            content: job.message || JOB_MESSAGES.failed,
            okText: 'Ok',
          });
        },
        onError: handleApiError,
      },
    );
  };

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadTemplate(proposalType);
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`Import Data Usulan ${PROPOSAL_TYPE_NAMES[proposalType]}`}
      width={760}
      onCancel={() => {
        if (!importer.isRunning) onClose();
      }}
      mask={{ closable: false }}
      destroyOnHidden
      wrapProps={{ 'data-testid': 'import-modal' }}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={importer.isRunning}>
          Batal
        </Button>,
        <Button
          key="save"
          type="primary"
          onClick={submit}
          disabled={importer.isRunning}
          data-testid="import-save"
        >
          {importer.isRunning ? 'Memproses...' : 'Simpan'}
        </Button>,
      ]}
    >
      <Alert type="info" showIcon title={PROPOSAL_TEXTS.importNote} className="import-dialog__note" />
      <div className="import-dialog__template">
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void download()}
          loading={isDownloading}
          data-testid="download-template"
        >
          Download Template
        </Button>
      </div>
      <Upload.Dragger
        accept={acceptOf(IMPORT_FILE_RULE)}
        multiple={false}
        maxCount={1}
        // The file on its way stays the chosen one until the job ends.
        disabled={importer.isRunning}
        fileList={file ? [file] : []}
        beforeUpload={(candidate) => {
          // A new choice replaces the current file, so the count starts at 0.
          const problem = uploadProblem(candidate, 0, IMPORT_FILE_RULE);
          if (problem) {
            toast.warning(problem);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => {
          const last = fileList.at(-1);
          setFile(last ? { ...last, status: 'done' } : null);
          setErrors(null);
        }}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Klik atau seret file .xlsx ke sini</p>
        <p className="ant-upload-hint">Satu file .xlsx, maksimal 50 MB.</p>
      </Upload.Dragger>
      {importer.isRunning ? (
        <JobProgress progress={importer.progress} pendingStep={JOB_TEXTS.sending} testId="import-progress" />
      ) : null}
      {errors ? (
        <div className="import-dialog__errors" data-testid="import-errors">
          <Alert type="error" showIcon title={errorMessage ?? IMPORT_FAILED} />
          <Table<TImportError & { key: number }>
            size="small"
            pagination={false}
            scroll={{ y: 280 }}
            dataSource={errors.map((row, index) => ({ ...row, key: index }))}
            columns={[
              {
                key: 'row',
                title: 'Baris',
                width: 90,
                align: 'center',
                render: (_value, row) => importRowLabel(row.excelRow),
              },
              {
                key: 'errors',
                title: 'Keterangan',
                render: (_value, row) => (
                  <ul className="import-dialog__messages">
                    {row.errors.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}
