import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, type UploadFile } from 'antd';
import { type ChangeEvent, useEffect, useMemo, useRef } from 'react';
import { getFeedback } from '../../../lib/feedback.tsx';
import { PROPOSAL_TEXTS } from '../texts.ts';
import { acceptOf, batchUploadProblem, isImageName, type UploadRule } from '../upload-guard.ts';

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

/** Pictures of newly chosen images, made once per file and let go when the list no longer shows it. */
function useNewFilePictures(files: readonly UploadFile[]) {
  const pictures = useMemo(() => {
    const urls = new Map<string, string>();
    for (const file of files) {
      if (file.originFileObj && isImageName(file.name))
        urls.set(file.uid, URL.createObjectURL(file.originFileObj));
    }
    return urls;
  }, [files]);
  useEffect(
    () => () => {
      for (const url of pictures.values()) URL.revokeObjectURL(url);
    },
    [pictures],
  );
  return pictures;
}

/**
 * The proposal files of a form (spec §5, §9): png, jpg, jpeg or pdf, within the size limit, at most 10 in
 * all. Files are only chosen here (the browser's own file picker, which the keyboard and a phone's camera
 * reach); they travel in the form's multipart call. Stored files of a proposal being edited are items of the
 * same list, open in a new tab and can be removed. Items keep antd's UploadFile shape, which the form's
 * payload reads.
 */
export function UploadField({ value = [], onChange, rule, testId = 'field-files', id }: UploadFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pictures = useNewFilePictures(value);
  const isFull = value.length >= rule.maxFiles;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const batch = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again after removing it is still a change.
    event.target.value = '';
    const chosen: UploadFile[] = [];
    for (const file of batch) {
      const problem = batchUploadProblem(file, batch, value.length, rule);
      if (problem) warnAbout(problem);
      else
        chosen.push({
          uid: `new-${crypto.randomUUID()}`,
          name: file.name,
          size: file.size,
          type: file.type,
          status: 'done',
          originFileObj: file as UploadFile['originFileObj'],
        });
    }
    if (chosen.length > 0) onChange?.([...value, ...chosen]);
  };

  return (
    <div className="upload-field" data-testid={testId}>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={acceptOf(rule)}
        onChange={choose}
        className="upload-field__input"
        tabIndex={-1}
        aria-hidden="true"
      />
      <Button id={id} icon={<UploadOutlined />} disabled={isFull} onClick={() => inputRef.current?.click()}>
        Pilih File
      </Button>
      <div className="upload-field__hint">
        Format {rule.extensions.join(', ')}. Maksimal {Math.round(rule.maxBytes / (1024 * 1024))} MB per file,
        paling banyak {rule.maxFiles} file.
      </div>
      {value.length > 0 ? (
        <ul className="upload-field__list">
          {value.map((file) => {
            const picture = pictures.get(file.uid) ?? file.thumbUrl;
            return (
              <li key={file.uid} className="upload-field__item">
                {picture ? (
                  <img src={picture} alt="" className="upload-field__picture" />
                ) : (
                  <FileOutlined
                    className="upload-field__picture upload-field__picture--file"
                    aria-hidden="true"
                  />
                )}
                {file.url ? (
                  <a href={file.url} target="_blank" rel="noopener" className="upload-field__name">
                    {file.name}
                  </a>
                ) : (
                  <span className="upload-field__name">{file.name}</span>
                )}
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`Hapus ${file.name}`}
                  title="Hapus file"
                  onClick={() => onChange?.(value.filter((item) => item.uid !== file.uid))}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
