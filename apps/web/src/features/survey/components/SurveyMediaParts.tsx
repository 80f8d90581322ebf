import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { MEDIA_DESCRIPTION_MAX } from '@eusulan/shared';
import { Button, Input, Popconfirm, Progress } from 'antd';
import type { SurveyMediaKind } from '../api.ts';

/** A file on its way up, or one that failed and waits for Coba lagi or Hapus. */
export interface PendingUpload {
  key: string;
  kind: SurveyMediaKind;
  file: File;
  /** What goes with the file: the photo category or the video description. */
  fields: Record<string, string>;
  percent: number;
  error: string | null;
  /** A local preview of a photo while it uploads. */
  previewUrl: string | null;
}

/** What the file picker refused, under the picker. */
export function UploadProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="survey-form__error survey-media__problems" role="alert" data-testid="upload-problems">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}

/** A media item's delete button with its 'Ya, Hapus' question. */
export function DeleteMedia({
  title,
  isBusy,
  onConfirm,
  testId,
}: {
  title: string;
  isBusy: boolean;
  onConfirm(): void;
  testId: string;
}) {
  return (
    <Popconfirm title={title} okText="Ya, Hapus" cancelText="Batal" onConfirm={onConfirm}>
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        loading={isBusy}
        aria-label={title}
        data-testid={testId}
      />
    </Popconfirm>
  );
}

/** An upload on its way, or failed with Coba lagi and its removal. */
export function PendingItem({
  item,
  onRetry,
  onDrop,
}: {
  item: PendingUpload;
  onRetry(): void;
  onDrop(): void;
}) {
  return (
    <figure
      className={`survey-media__item survey-media__item--pending${item.error ? ' is-failed' : ''}`}
      data-testid="survey-upload-pending"
    >
      {item.previewUrl ? <img src={item.previewUrl} alt={item.file.name} /> : null}
      <figcaption>
        <span className="survey-media__name">{item.file.name}</span>
        {item.error ? (
          <>
            <span className="survey-form__error" role="alert" data-testid="survey-upload-error">
              {item.error}
            </span>
            <span className="survey-media__actions">
              <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
                Coba lagi
              </Button>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={onDrop}
                aria-label="Batalkan unggahan"
              />
            </span>
          </>
        ) : (
          <Progress
            percent={item.percent}
            size="small"
            status="active"
            data-testid="survey-upload-progress"
          />
        )}
      </figcaption>
    </figure>
  );
}

/** The labelled description (keterangan) typed before photos or a video are chosen. */
export function MediaDescriptionField({
  kind,
  value,
  placeholder,
  onChange,
}: {
  kind: SurveyMediaKind;
  value: string;
  placeholder: string;
  onChange(value: string): void;
}) {
  const id = `survey-${kind}-description`;
  return (
    <div className="survey-media__field">
      <label className="survey-form__label" htmlFor={id}>
        {kind === 'photo' ? 'Keterangan Foto' : 'Keterangan Video'}
      </label>
      <Input
        id={id}
        value={value}
        maxLength={MEDIA_DESCRIPTION_MAX}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`${kind}-description`}
      />
    </div>
  );
}
