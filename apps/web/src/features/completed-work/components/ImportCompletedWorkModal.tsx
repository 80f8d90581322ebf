import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  COMPLETED_WORK_TEMPLATE,
  JOB_MESSAGES,
  type TCompletedWorkImportResult,
  type TCompletedWorkImportRow,
} from '@eusulan/shared';
import { Alert, Button, DatePicker, Modal, Upload, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { handleApiError } from '../../../lib/errors.ts';
import { toast, useFeedback } from '../../../lib/feedback.tsx';
import { JobProgress } from '../../jobs/components/JobProgress.tsx';
import { JOB_TEXTS } from '../../jobs/texts.ts';
import { acceptOf, ZIP_IMPORT_RULE } from '../../proposal/upload-guard.ts';
import {
  type ImportFailure,
  importFailureOf,
  loadTypeWorkColors,
  refusedImportOf,
  type TypeWorkColorOption,
  useImportCompletedWork,
} from '../api.ts';
import { zipFileProblem } from '../completed-work.ts';
import { COMPLETED_WORK_TEXTS as TEXTS } from '../texts.ts';
import './completed-work.css';

interface ImportCompletedWorkModalProps {
  open: boolean;
  onClose(): void;
  /** After a stored import: the list goes back to page 1 (spec §4). */
  onImported(result: TCompletedWorkImportResult): void;
  /** 'Ganti File': the import the new file replaces; its year and type are filled in. */
  replacing?: TCompletedWorkImportRow | null;
}

/** Completed works are done: a year after this one cannot be chosen. */
const isFutureYear = (year: Dayjs) => year.year() > dayjs().year();

function SuccessContent({ result, heading }: { result: TCompletedWorkImportResult; heading: string }) {
  return (
    <div data-testid="import-success">
      <p>{heading}</p>
      <p>{TEXTS.importSummary(result.works, result.packages)}</p>
      {result.warnings.length > 0 ? (
        <>
          <p className="completed-work-import__warnings-title">{TEXTS.warningsTitle}</p>
          <ul className="completed-work-import__reasons" data-testid="import-warnings">
            {result.warnings.map((warning, index) => (
              // Two warnings may read the same; the list never changes once shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="completed-work-import__field">
      <label className="completed-work-import__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * Import Data of Pekerjaan Selesai (spec §2, §4, §5, §8): Tahun, Tipe, one .zip, the template link, Batal
 * and Simpan (disabled until a year and a type are chosen; without a file 'Pilih file terlebih dahulu!').
 * The import runs as a background job whose progress shows here. A refused import lists its reasons here,
 * keeping the modal and the choices; a stored one closes the modal with a success alert that carries the
 * server's warnings.
 */
export function ImportCompletedWorkModal({
  open,
  onClose,
  onImported,
  replacing = null,
}: ImportCompletedWorkModalProps) {
  const { modal, notification } = useFeedback();
  const importer = useImportCompletedWork();
  const [year, setYear] = useState<Dayjs | null>(null);
  const [typeWork, setTypeWork] = useState<TypeWorkColorOption | null>(null);
  const [file, setFile] = useState<UploadFile | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const isPending = importer.isRunning;

  useEffect(() => {
    if (!open) return;
    setYear(replacing ? dayjs().year(replacing.year) : null);
    setTypeWork(replacing ? replacing.typeWorkColor : null);
    setFile(null);
    setFailure(null);
  }, [open, replacing]);

  const close = () => {
    if (!isPending) onClose();
  };

  const submit = () => {
    if (!year || !typeWork) return;
    const chosen = file?.originFileObj;
    if (!chosen) {
      toast.info(TEXTS.fileRequired);
      return;
    }
    setFailure(null);
    importer.run(
      { year: year.year(), typeWorkId: Number(typeWork.id), file: chosen, replacesId: replacing?.id },
      {
        onDone: ({ result }) => {
          onClose();
          // A done import always carries its result; the job's type allows none.
          if (!result) return;
          onImported(result);
          modal.success({
            title: TEXTS.successTitle,
            content: <SuccessContent result={result} heading={replacing ? TEXTS.replaced : TEXTS.imported} />,
            okText: 'Ok',
            width: result.warnings.length > 0 ? 560 : undefined,
          });
        },
        onFailed: (job) => {
          const refused = refusedImportOf(job);
          if (refused) {
            setFailure(refused);
            return;
          }
          // Not the zip's contents (the server failed, or was stopped): its message says what to do.
          modal.warning({
            title: TEXTS.warningTitle,
            content: job.message || JOB_MESSAGES.failed,
            okText: 'Ok',
          });
        },
        onError: (error) => {
          const refused = importFailureOf(error);
          if (refused) setFailure(refused);
          else handleApiError(error);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={replacing ? TEXTS.replaceTitle : TEXTS.importTitle}
      width={640}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      wrapProps={{ 'data-testid': 'import-modal' }}
      footer={[
        <Button key="cancel" onClick={close} disabled={isPending} data-testid="import-cancel">
          {TEXTS.cancel}
        </Button>,
        <Button
          key="save"
          type="primary"
          onClick={submit}
          disabled={isPending || !year || !typeWork}
          data-testid="import-save"
        >
          {isPending ? TEXTS.saving : TEXTS.save}
        </Button>,
      ]}
    >
      {replacing ? (
        <Alert
          type="info"
          showIcon
          className="completed-work-import__replacing"
          title={TEXTS.replacing(replacing.name, replacing.year)}
          data-testid="import-replacing"
        />
      ) : null}
      <div className="completed-work-import__row">
        <Field label={TEXTS.year} htmlFor="completed-work-year">
          <DatePicker
            id="completed-work-year"
            picker="year"
            placeholder={TEXTS.yearPlaceholder}
            value={year}
            onChange={(value) => setYear(value)}
            disabledDate={isFutureYear}
            disabled={isPending}
            data-testid="import-year"
          />
        </Field>
        <Field label={TEXTS.type} htmlFor="completed-work-type">
          <RemoteSelect<TypeWorkColorOption>
            id="completed-work-type"
            load={loadTypeWorkColors}
            labelOf={(option) => option.typeWork}
            value={typeWork}
            onChange={setTypeWork}
            disabled={isPending}
            testId="import-type"
          />
        </Field>
      </div>
      <Field label={TEXTS.file}>
        <div data-testid="import-file">
          <Upload.Dragger
            accept={acceptOf(ZIP_IMPORT_RULE)}
            multiple={false}
            maxCount={1}
            disabled={isPending}
            fileList={file ? [file] : []}
            beforeUpload={(candidate) => {
              const problem = zipFileProblem(candidate);
              if (problem) {
                notification.warning({ key: 'zip-file', title: TEXTS.fileRejected, description: problem });
                return Upload.LIST_IGNORE;
              }
              // Kept here and sent with Simpan, never uploaded on its own.
              return false;
            }}
            onChange={({ fileList }) => {
              const last = fileList.at(-1);
              setFile(last ? { ...last, status: 'done' } : null);
              setFailure(null);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{TEXTS.dropText}</p>
            <p className="ant-upload-hint">{TEXTS.dropHint}</p>
          </Upload.Dragger>
        </div>
        <a
          className="completed-work-import__template"
          href={COMPLETED_WORK_TEMPLATE.url}
          download={COMPLETED_WORK_TEMPLATE.fileName}
          data-testid="download-template"
        >
          <DownloadOutlined /> {TEXTS.template}
        </a>
      </Field>
      {isPending ? (
        <JobProgress progress={importer.progress} pendingStep={JOB_TEXTS.sending} testId="import-progress" />
      ) : null}
      {failure ? (
        <Alert
          type="error"
          showIcon
          className="completed-work-import__errors"
          title={failure.title}
          description={
            <ul className="completed-work-import__reasons">
              {failure.reasons.map((reason, index) => (
                // Two reasons may read the same; the list never changes once shown.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index}>{reason}</li>
              ))}
            </ul>
          }
          data-testid="import-errors"
        />
      ) : null}
    </Modal>
  );
}
