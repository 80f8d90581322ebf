import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useRef } from 'react';
import { getFeedback } from '../../../lib/feedback.tsx';
import { PROPOSAL_TEXTS } from '../texts.ts';
import { acceptOf, batchUploadProblem, type UploadRule } from '../upload-guard.ts';

interface UploadFieldProps {
  value?: UploadFile[];
  onChange?(files: UploadFile[]): void;
  rule: UploadRule;
  testId?: string;
  id?: string;
}

/** One warning per distinct problem, even when a whole batch of files is refused at once. */
function warnAbout(message: string) {
  getFeedback()?.notification.warning({
    key: message,
    title: PROPOSAL_TEXTS.warningTitle,
    description: message,
  });
}

/**
 * The proposal files of a form (spec §5, §9): png, jpg, jpeg or pdf, within the size limit, at most 10 in
 * all. Files are only chosen here; they travel in the form's multipart call. Stored files of a proposal
 * being edited are items of the same list and can be removed.
 */
export function UploadField({ value = [], onChange, rule, testId = 'field-files', id }: UploadFieldProps) {
  const current = useRef(value);
  current.current = value;
  return (
    <div className="upload-field" data-testid={testId}>
      <Upload
        id={id}
        multiple
        listType="picture"
        accept={acceptOf(rule)}
        fileList={value}
        beforeUpload={(file, batch) => {
          const problem = batchUploadProblem(file, batch, current.current.length, rule);
          if (problem) {
            warnAbout(problem);
            return Upload.LIST_IGNORE;
          }
          // Kept in the list, never sent on its own.
          return false;
        }}
        onChange={({ fileList }) =>
          onChange?.(fileList.map((item) => (item.status ? item : { ...item, status: 'done' })))
        }
      >
        <Button icon={<UploadOutlined />} disabled={value.length >= rule.maxFiles}>
          Pilih File
        </Button>
      </Upload>
      <div className="upload-field__hint">
        Format {rule.extensions.join(', ')}. Maksimal {Math.round(rule.maxBytes / (1024 * 1024))} MB per file,
        paling banyak {rule.maxFiles} file.
      </div>
    </div>
  );
}
