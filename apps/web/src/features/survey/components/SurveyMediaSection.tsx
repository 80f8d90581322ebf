import { CameraOutlined, DownloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  formatBytes,
  SURVEY_MESSAGES,
  type TSurvey,
  type TSurveyPhoto,
  type TSurveyVideo,
} from '@eusulan/shared';
import { Button, Empty, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { handleApiError } from '../../../lib/errors.ts';
import { mediaUrl } from '../../../lib/http.ts';
import { isInlineVideo } from '../../proposal/survey-results.ts';
import { batchUploadProblem, type UploadRule } from '../../proposal/upload-guard.ts';
import {
  deleteSurveyMedia,
  loadPhotoCategories,
  type PhotoCategoryOption,
  type SurveyMediaKind,
  uploadSurveyMedia,
} from '../api.ts';
import { failureText } from '../failure-text.ts';
import { PHOTO_ACCEPT, SURVEY_PHOTO_RULE, SURVEY_VIDEO_RULE, VIDEO_ACCEPT } from '../media-rules.ts';
import {
  DeleteMedia,
  MediaDescriptionField,
  PendingItem,
  type PendingUpload,
  UploadProblems,
} from './SurveyMediaParts.tsx';

export interface SurveyMediaSectionProps {
  proposalId: number;
  photos: readonly TSurveyPhoto[];
  videos: readonly TSurveyVideo[];
  /** Every upload and deletion answers the whole draft; the form takes its media lists from it. */
  onDraftChange(survey: TSurvey): void;
  /** Runs before the first file goes up, so the draft exists and no second one is opened beside it. */
  beforeUpload(): Promise<void>;
}

let uploadCounter = 0;

/** Chooses files, checks them against the rule (spec's texts), and queues what passes. */
function useFilePicker(rule: UploadRule, onAccepted: (files: File[]) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // Choosing the same file again after a failure must fire change again.
    event.target.value = '';
    const found = chosen.flatMap((file) => {
      const problem = batchUploadProblem(file, chosen, 0, rule);
      return problem ? [`${file.name}: ${problem}`] : [];
    });
    setProblems(found);
    const accepted = chosen.filter((file) => batchUploadProblem(file, chosen, 0, rule) === null);
    if (accepted.length > 0) onAccepted(accepted);
  };
  return { inputRef, problems, setProblems, onChange, open: () => inputRef.current?.click() };
}

/**
 * Foto and Video of the survey form: a photo needs its category, a video may carry a description. Each file
 * goes up on its own with a progress bar; a failed one stays listed with its reason (the form itself is
 * untouched) until it is tried again or dropped. Uploaded media can be deleted while the survey is a draft.
 */
export function SurveyMediaSection({
  proposalId,
  photos,
  videos,
  onDraftChange,
  beforeUpload,
}: SurveyMediaSectionProps) {
  const [category, setCategory] = useState<PhotoCategoryOption | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [photoDescription, setPhotoDescription] = useState('');
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const queueRef = useRef(Promise.resolve());

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setPending((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const drop = (key: string) =>
    setPending((items) => {
      const item = items.find((candidate) => candidate.key === key);
      if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
      return items.filter((candidate) => candidate.key !== key);
    });

  // Object URLs of previews live until the page goes.
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  useEffect(
    () => () => {
      for (const item of pendingRef.current) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  /** One file at a time: a phone on a field connection does better with one stream than with ten. */
  const send = (upload: PendingUpload) => {
    queueRef.current = queueRef.current.then(async () => {
      patch(upload.key, { percent: 0, error: null });
      try {
        await beforeUpload().catch(() => undefined);
        const form = new FormData();
        form.append('file', upload.file, upload.file.name);
        for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
        const survey = await uploadSurveyMedia(proposalId, upload.kind, form, (percent) =>
          patch(upload.key, { percent }),
        );
        onDraftChange(survey);
        drop(upload.key);
      } catch (error) {
        const text = failureText(error);
        if (text === null) handleApiError(error);
        patch(upload.key, { error: text ?? 'Terjadi kesalahan koneksi' });
      }
    });
  };

  const enqueue = (kind: SurveyMediaKind, files: File[], fields: Record<string, string>) => {
    const uploads = files.map((file): PendingUpload => {
      uploadCounter += 1;
      return {
        key: `upload-${uploadCounter}`,
        kind,
        file,
        fields,
        percent: 0,
        error: null,
        previewUrl: kind === 'photo' ? URL.createObjectURL(file) : null,
      };
    });
    setPending((items) => [...items, ...uploads]);
    for (const upload of uploads) send(upload);
  };

  const photoPicker = useFilePicker(SURVEY_PHOTO_RULE, (files) => {
    if (!category) return;
    // The printed report captions a photo with its category and this description.
    enqueue('photo', files, { photoCategoryId: String(category.id), description: photoDescription.trim() });
    setPhotoDescription('');
  });
  const videoPicker = useFilePicker(SURVEY_VIDEO_RULE, (files) => {
    enqueue('video', files, { description: description.trim() });
    setDescription('');
  });

  const choosePhotos = () => {
    if (!category) {
      setCategoryError(SURVEY_MESSAGES.photoCategory);
      return;
    }
    photoPicker.open();
  };

  const remove = async (kind: SurveyMediaKind, id: number) => {
    setDeletingId(`${kind}-${id}`);
    try {
      onDraftChange(await deleteSurveyMedia(proposalId, kind, id));
    } catch (error) {
      handleApiError(error);
    } finally {
      setDeletingId(null);
    }
  };

  const pendingOf = (kind: SurveyMediaKind) => pending.filter((item) => item.kind === kind);
  /** Uploads of one kind still running or failed, each with its retry and remove. */
  const pendingItems = (kind: SurveyMediaKind) =>
    pendingOf(kind).map((item) => (
      <PendingItem key={item.key} item={item} onRetry={() => send(item)} onDrop={() => drop(item.key)} />
    ));

  return (
    <>
      <section className="survey-form__section" data-testid="survey-photos-section">
        <Typography.Title level={5}>Foto</Typography.Title>
        <div className="survey-media__picker">
          <div className="survey-media__field">
            <label className="survey-form__label" htmlFor="survey-photo-category">
              Kategori Foto
            </label>
            <RemoteSelect<PhotoCategoryOption>
              id="survey-photo-category"
              load={loadPhotoCategories}
              value={category}
              onChange={(value) => {
                setCategory(value);
                setCategoryError(null);
              }}
              status={categoryError ? 'error' : undefined}
              testId="photo-category"
            />
            {categoryError ? (
              <div className="survey-form__error" role="alert">
                {categoryError}
              </div>
            ) : null}
          </div>
          <MediaDescriptionField
            kind="photo"
            value={photoDescription}
            placeholder="Contoh: lubang di depan gang 3"
            onChange={setPhotoDescription}
          />
          <Button icon={<CameraOutlined />} onClick={choosePhotos} data-testid="photo-choose">
            Pilih Foto
          </Button>
          <input
            ref={photoPicker.inputRef}
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            hidden
            onChange={photoPicker.onChange}
            data-testid="photo-input"
          />
        </div>
        <Typography.Text type="secondary" className="survey-media__hint">
          png, jpg atau jpeg, maksimal {formatBytes(SURVEY_PHOTO_RULE.maxBytes)} per foto.
        </Typography.Text>
        <UploadProblems problems={photoPicker.problems} />
        <div className="survey-media__grid" data-testid="survey-photo-list">
          {/* A photo opens whole in a new tab (zoom and swipe come with the browser, on a phone too). */}
          {photos.map((photo) => (
            <figure key={photo.id} className="survey-media__item" data-testid={`survey-photo-${photo.id}`}>
              <a href={mediaUrl(photo.link)} target="_blank" rel="noopener" title="Buka foto">
                <img src={mediaUrl(photo.link)} alt={photo.name} loading="lazy" />
              </a>
              <figcaption>
                <span title={photo.description || undefined}>
                  {photo.photoCategory?.name ?? '-'}
                  {photo.description ? `: ${photo.description}` : ''}
                </span>
                <DeleteMedia
                  title="Hapus foto ini?"
                  isBusy={deletingId === `photo-${photo.id}`}
                  onConfirm={() => remove('photo', photo.id)}
                  testId={`survey-photo-delete-${photo.id}`}
                />
              </figcaption>
            </figure>
          ))}
          {pendingItems('photo')}
        </div>
        {photos.length === 0 && pendingOf('photo').length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Belum ada foto" />
        ) : null}
      </section>

      <section className="survey-form__section" data-testid="survey-videos-section">
        <Typography.Title level={5}>Video</Typography.Title>
        <div className="survey-media__picker">
          <MediaDescriptionField
            kind="video"
            value={description}
            placeholder="Contoh: kondisi saluran sisi kiri"
            onChange={setDescription}
          />
          <Button icon={<VideoCameraOutlined />} onClick={videoPicker.open} data-testid="video-choose">
            Pilih Video
          </Button>
          <input
            ref={videoPicker.inputRef}
            type="file"
            accept={VIDEO_ACCEPT}
            multiple
            hidden
            onChange={videoPicker.onChange}
            data-testid="video-input"
          />
        </div>
        <Typography.Text type="secondary" className="survey-media__hint">
          mp4, mov, webm, 3gp, mkv atau avi, maksimal {formatBytes(SURVEY_VIDEO_RULE.maxBytes)} per video.
        </Typography.Text>
        <UploadProblems problems={videoPicker.problems} />
        <div className="survey-media__list" data-testid="survey-video-list">
          {videos.map((video) => (
            <figure key={video.id} className="survey-media__video" data-testid={`survey-video-${video.id}`}>
              {isInlineVideo(video) ? (
                // biome-ignore lint/a11y/useMediaCaption: field recordings have no caption track
                <video controls preload="metadata" src={mediaUrl(video.link)} />
              ) : (
                <a href={mediaUrl(`${video.link}?download=1`)} download={video.name}>
                  <DownloadOutlined /> {video.name}
                </a>
              )}
              <figcaption>
                <span>{video.description || video.name}</span>
                <DeleteMedia
                  title="Hapus video ini?"
                  isBusy={deletingId === `video-${video.id}`}
                  onConfirm={() => remove('video', video.id)}
                  testId={`survey-video-delete-${video.id}`}
                />
              </figcaption>
            </figure>
          ))}
          {pendingItems('video')}
        </div>
        {videos.length === 0 && pendingOf('video').length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Belum ada video" />
        ) : null}
      </section>
    </>
  );
}
