import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { formatBytes, formatDate, type TProposalDetail, type TSurvey } from '@eusulan/shared';
import { Descriptions, Empty, Image, Select, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LazySurveyMap } from '../../../components/map/LazySurveyMap.tsx';
import { SafeHtml } from '../../../components/rich-text/SafeHtml.tsx';
import { mediaUrl } from '../../../lib/http.ts';
import {
  costSummary,
  historyOptions,
  isInlineVideo,
  isPreviewPhoto,
  roadsForHistory,
} from '../survey-results.ts';
import './survey-results.css';

const downloadLink = (link: string) => mediaUrl(`${link}?download=1`);

function DownloadLink({
  name,
  link,
  size,
  testId,
}: {
  name: string;
  link: string;
  size: number;
  testId: string;
}) {
  return (
    <span className="survey-results__download">
      <FileOutlined />{' '}
      <a href={downloadLink(link)} download={name} title={`Unduh ${name}`} data-testid={testId}>
        {name} <DownloadOutlined />
      </a>{' '}
      <Typography.Text type="secondary">{formatBytes(size)}</Typography.Text>
    </span>
  );
}

/** Video: mp4 plays inline, other types are offered for download (spec §9). */
function SurveyVideos({ videos }: { videos: TSurvey['surveyVideos'] }) {
  if (videos.length === 0) return <Empty description="Tidak ada video" data-testid="survey-videos-empty" />;
  return (
    <div className="survey-results__media" data-testid="survey-videos">
      {videos.map((video) => (
        <figure key={video.id} className="survey-results__video">
          {isInlineVideo(video) ? (
            // biome-ignore lint/a11y/useMediaCaption: field recordings have no caption track
            <video
              controls
              preload="metadata"
              src={mediaUrl(video.link)}
              data-testid={`survey-video-${video.id}`}
            />
          ) : (
            <DownloadLink
              name={video.name}
              link={video.link}
              size={video.size}
              testId={`survey-video-download-${video.id}`}
            />
          )}
          {video.description ? <figcaption>{video.description}</figcaption> : null}
        </figure>
      ))}
    </div>
  );
}

/** Foto: png, jpg and jpeg preview in place with their category (spec §9); others download. */
function SurveyPhotos({ photos }: { photos: TSurvey['surveyPhotos'] }) {
  if (photos.length === 0) return <Empty description="Tidak ada foto" data-testid="survey-photos-empty" />;
  return (
    <div className="survey-results__media" data-testid="survey-photos">
      <Image.PreviewGroup>
        {photos.map((photo) => (
          <figure key={photo.id} className="survey-results__photo" data-testid={`survey-photo-${photo.id}`}>
            {isPreviewPhoto(photo) ? (
              <Image src={mediaUrl(photo.link)} alt={photo.name} width={160} height={120} />
            ) : (
              <DownloadLink
                name={photo.name}
                link={photo.link}
                size={photo.size}
                testId={`survey-photo-download-${photo.id}`}
              />
            )}
            <figcaption>{photo.photoCategory?.name ?? '-'}</figcaption>
          </figure>
        ))}
      </Image.PreviewGroup>
    </div>
  );
}

/** Estimasi Biaya: per road each ASB item 'panjang × lebar × harga = biaya', the road total and the sum. */
function SurveyCost({ survey }: { survey: TSurvey }) {
  const summary = costSummary(survey);
  // Spec §6: umum receives no prices, and then the section is not shown at all.
  if (!summary) return null;
  return (
    <section className="proposal-detail__section" data-testid="survey-cost">
      <Typography.Title level={5}>Estimasi Biaya</Typography.Title>
      {summary.roads.map((road) => (
        <table key={road.key} className="survey-cost" data-testid="survey-cost-road">
          <caption>{road.title}</caption>
          <thead>
            <tr>
              <th>Item ASB</th>
              <th>Panjang × Lebar × Harga</th>
              <th>Biaya</th>
            </tr>
          </thead>
          <tbody>
            {road.lines.map((line) => (
              <tr key={line.key} data-testid="survey-cost-line">
                <td>{line.name}</td>
                <td>{line.formula} =</td>
                <td className="survey-cost__money">{line.cost}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>Total {road.title}</th>
              <td className="survey-cost__money" data-testid="survey-cost-road-total">
                {road.total}
              </td>
            </tr>
          </tfoot>
        </table>
      ))}
      <div className="survey-cost__grand">
        <span>Total Estimasi Biaya</span>
        <strong data-testid="survey-cost-total">{summary.total}</strong>
      </div>
    </section>
  );
}

/** Rich text, '-' when empty. */
function RichText({ html, testId }: { html: string; testId: string }) {
  if (!html.trim()) return <span data-testid={testId}>-</span>;
  return <SafeHtml html={html} className="survey-results__rich" testId={testId} />;
}

/**
 * Hasil Survey (spec §2): Video and Foto sub-tabs, the satellite map with a history selector ('Semua' or
 * one survey by date), the cost estimate (hidden without prices), field and damage identification,
 * suggestion, surveyor and date.
 */
export function SurveyResultsTab({
  detail,
}: {
  detail: Pick<TProposalDetail, 'survey' | 'surveyHistories'>;
}) {
  const [historyId, setHistoryId] = useState<number | null>(null);
  const survey = detail.survey;
  const roads = useMemo(
    () => (survey ? roadsForHistory(survey, detail.surveyHistories, historyId) : []),
    [survey, detail.surveyHistories, historyId],
  );
  if (!survey) return <Empty description="Belum ada hasil survey." data-testid="survey-empty" />;

  return (
    <div className="proposal-detail survey-results" data-testid="survey-results">
      <Tabs
        size="small"
        items={[
          { key: 'video', label: 'Video', children: <SurveyVideos videos={survey.surveyVideos} /> },
          { key: 'foto', label: 'Foto', children: <SurveyPhotos photos={survey.surveyPhotos} /> },
        ]}
        data-testid="survey-media-tabs"
      />

      <section className="proposal-detail__section">
        <div className="survey-results__map-bar">
          <Typography.Title level={5}>Peta Lokasi Survey</Typography.Title>
          <Select<number>
            allowClear
            placeholder="Semua"
            value={historyId ?? undefined}
            onChange={(value) => setHistoryId(value ?? null)}
            options={historyOptions(detail.surveyHistories)}
            className="survey-results__history"
            aria-label="Histori survey"
            data-testid="survey-history-select"
          />
        </div>
        <LazySurveyMap roads={roads} />
      </section>

      <SurveyCost survey={survey} />

      <Descriptions
        title="Identifikasi Lapangan"
        size="small"
        bordered
        column={1}
        className="proposal-detail__section"
        data-testid="survey-field-identification"
        items={[
          {
            key: 'road-types',
            label: 'Jenis Pekerjaan',
            children:
              survey.roadTypes.length > 0
                ? survey.roadTypes.map((type) => <Tag key={type.id}>{type.name}</Tag>)
                : '-',
          },
          { key: 'road-condition', label: 'Kondisi Jalan', children: survey.roadCondition || '-' },
          { key: 'canal-existing', label: 'Saluran Eksisting', children: survey.canalExisting || '-' },
          { key: 'canal-condition', label: 'Kondisi Saluran', children: survey.canalCondition || '-' },
        ]}
      />

      <Descriptions
        size="small"
        bordered
        column={1}
        layout="vertical"
        className="proposal-detail__section"
        items={[
          {
            key: 'damage',
            label: 'Identifikasi Kerusakan',
            children: <RichText html={survey.damageIdentification} testId="survey-damage" />,
          },
          {
            key: 'suggestion',
            label: 'Saran',
            children: <RichText html={survey.suggestion} testId="survey-suggestion" />,
          },
        ]}
      />

      <Descriptions
        title="Surveyor"
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        className="proposal-detail__section"
        items={[
          { key: 'surveyor', label: 'Nama Surveyor', children: survey.surveyorName || '-' },
          {
            key: 'date',
            label: 'Tanggal Survey',
            children: formatDate(survey.submittedAt ?? survey.createdAt),
          },
        ]}
      />
    </div>
  );
}
