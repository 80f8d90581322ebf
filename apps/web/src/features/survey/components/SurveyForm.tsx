import { ArrowLeftOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { formatRtRw, formatRupiah, type TProposalDetail, type TSurvey } from '@eusulan/shared';
import { Alert, Button, Descriptions, Input, Segmented, Typography } from 'antd';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { handleApiError } from '../../../lib/errors.ts';
import { toast, useFeedback } from '../../../lib/feedback.tsx';
import {
  loadTypeWorks,
  saveSurveyDraft,
  saveSurveyDraftOnLeave,
  type TypeWorkOption,
  useSubmitSurvey,
} from '../api.ts';
import {
  emptyRoad,
  firstRoadKey,
  formValuesOf,
  payloadSignature,
  type SurveyTextField,
  surveyFormReducer,
  surveyTotalOf,
} from '../form-values.ts';
import { chooseStartValues, clearLocalCopy, readLocalCopy } from '../local-copy.ts';
import { unusualMeasures } from '../measure-check.ts';
import { SURVEY_LIST_PATH } from '../paths.ts';
import { SURVEY_FORM_TEXTS as TEXTS } from '../texts.ts';
import { useDraftAutosave } from '../use-draft-autosave.ts';
import { LazyRichTextEditor } from './LazyRichTextEditor.tsx';
import { LazySurveyMapEditor } from './LazySurveyMapEditor.tsx';
import { LazySurveyMediaSection } from './LazySurveyMediaSection.tsx';
import { RoadCard, roadLabel } from './RoadCard.tsx';
import { SaveStateIndicator } from './SaveStateIndicator.tsx';
import './survey-form.css';

export interface SurveyFormProps {
  proposal: TProposalDetail;
  /** The server's open draft (or an empty one) as GET /api/survey/{id} answered when the page opened. */
  survey: TSurvey;
  /** Where this device keeps its copy of what is typed (localCopyKey). */
  localKey: string;
}

/** The proposal's key facts, so the consultant knows which place is being surveyed. */
function ProposalFacts({ proposal }: { proposal: TProposalDetail }) {
  const place = [
    proposal.road?.name ?? '-',
    `RT ${formatRtRw(proposal.rtNumber)} / RW ${formatRtRw(proposal.rwNumber)}`,
  ].join(', ');
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      className="survey-form__facts"
      data-testid="survey-proposal-facts"
      items={[
        {
          key: 'proposer',
          label: 'Pengusul',
          children: `${proposal.proposerName} (${proposal.phoneNumber})`,
        },
        { key: 'road', label: 'Jalan', children: place },
        {
          key: 'village',
          label: 'Kelurahan',
          children: `${proposal.village.name} - ${proposal.village.subdistrict.name}`,
        },
        { key: 'type', label: 'Jenis Usulan', children: proposal.proposalTypeName },
        { key: 'date', label: 'Tanggal Usulan', children: proposal.date },
        { key: 'address', label: 'Alamat', children: proposal.address },
      ]}
    />
  );
}

/**
 * The survey form (DESIGN §4): roads drawn on the satellite map with their ASB items and costs,
 * field identification, damage identification and suggestion, photos and videos. What is typed is kept on
 * the device at once and saved to the server as a draft 2 s after the last change; Kirim saves and submits.
 */
export function SurveyForm({ proposal, survey, localKey }: SurveyFormProps) {
  const navigate = useNavigate();
  const { modal, message } = useFeedback();
  const [start] = useState(() => chooseStartValues(survey, readLocalCopy(localKey)));
  const [values, dispatch] = useReducer(surveyFormReducer, start.values);
  const [activeRoadKey, setActiveRoadKey] = useState(firstRoadKey(start.values));
  const [media, setMedia] = useState({ photos: survey.surveyPhotos, videos: survey.surveyVideos });
  const [isSavingDraft, setIsSavingDraft] = useState(false);
  const draftIdRef = useRef(survey.id);
  const submit = useSubmitSurvey(proposal.id);

  const takeDraft = (saved: TSurvey) => {
    draftIdRef.current = saved.id;
    setMedia({ photos: saved.surveyPhotos, videos: saved.surveyVideos });
  };
  const [initialSavedSignature] = useState(() => payloadSignature(formValuesOf(survey)));
  const autosave = useDraftAutosave({
    values,
    initialSavedSignature,
    localKey,
    save: (draft) => saveSurveyDraft(proposal.id, draft),
    saveOnLeave: (draft) => saveSurveyDraftOnLeave(proposal.id, draft),
    onSaved: takeDraft,
  });

  // A removed road hands the pen to the first one.
  const activeKey = values.roads.some((road) => road.key === activeRoadKey)
    ? activeRoadKey
    : firstRoadKey(values);
  // Stable while other fields are typed, so the map redraws its lines only when the roads change.
  const mapRoads = useMemo(
    () => values.roads.map((road, index) => ({ key: road.key, label: roadLabel(index), lines: road.lines })),
    [values.roads],
  );

  // A device copy the server already holds (or that is older than its draft) must not come back later
  // over a draft saved from another device.
  useEffect(() => {
    if (start.source === 'server') clearLocalCopy(localKey);
  }, [start.source, localKey]);

  const setText = (field: SurveyTextField) => (value: string) => dispatch({ type: 'set-text', field, value });

  const addRoad = () => {
    const road = emptyRoad();
    dispatch({ type: 'add-road', road });
    setActiveRoadKey(road.key);
  };

  const saveDraft = async () => {
    setIsSavingDraft(true);
    try {
      await autosave.flush(true);
      toast.success(TEXTS.draftSaved);
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsSavingDraft(false);
    }
  };

  const sendSurvey = async () => {
    try {
      // Forced: an untouched new survey has no draft yet, and the server's completeness list is the answer.
      await autosave.flush(true);
    } catch (error) {
      handleApiError(error);
      return;
    }
    try {
      await submit.mutateAsync();
    } catch {
      // The common handler (mutation cache) has shown why, e.g. the completeness list.
      return;
    }
    autosave.close();
    await navigate(SURVEY_LIST_PATH);
    modal.success({ title: TEXTS.successTitle, content: TEXTS.submitted, okText: 'Ok' });
  };

  const confirmSend = () => {
    // A sent survey cannot be changed: a measure far past the usual is named in the same question.
    const unusual = unusualMeasures(values.roads, roadLabel);
    modal.confirm({
      title: TEXTS.confirmTitle,
      content: unusual.length ? (
        <div data-testid="survey-unusual-measures">
          <p>{TEXTS.confirmText}</p>
          <p>{TEXTS.unusualMeasures}</p>
          <ul>
            {unusual.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : (
        TEXTS.confirmText
      ),
      okText: TEXTS.confirmOk,
      cancelText: 'Batal',
      onOk: sendSurvey,
    });
  };

  return (
    <section className="screen survey-form-screen" data-testid="survey-form">
      <PageHeading
        title={TEXTS.title}
        extra={
          <Link to={SURVEY_LIST_PATH} data-testid="survey-back">
            <ArrowLeftOutlined /> Kembali
          </Link>
        }
      />
      <ProposalFacts proposal={proposal} />
      {start.source === 'local' ? (
        <Alert
          type="info"
          showIcon
          closable
          className="survey-form__notice"
          title={TEXTS.restored}
          data-testid="survey-restored"
        />
      ) : null}

      <section className="survey-form__section" data-testid="survey-map-section">
        <Typography.Title level={5}>Peta</Typography.Title>
        <Typography.Paragraph type="secondary" className="survey-form__hint">
          {TEXTS.mapHint}
        </Typography.Paragraph>
        {values.roads.length > 1 ? (
          <div className="survey-form__active-road">
            <span>Ruas yang digambar:</span>
            <Segmented
              options={values.roads.map((road, index) => ({ label: roadLabel(index), value: road.key }))}
              value={activeKey}
              onChange={(key) => setActiveRoadKey(String(key))}
              data-testid="active-road"
            />
          </div>
        ) : null}
        <LazySurveyMapEditor
          roads={mapRoads}
          activeRoadKey={activeKey}
          onLinesChange={(roadKey, lines) => dispatch({ type: 'set-lines', roadKey, lines })}
          onRefused={(text) => void message.error(text)}
        />
      </section>

      <section className="survey-form__section" data-testid="survey-roads-section">
        <Typography.Title level={5}>Ruas Jalan dan Estimasi Biaya</Typography.Title>
        <div className="survey-form__roads">
          {values.roads.map((road, index) => (
            <RoadCard
              key={road.key}
              road={road}
              index={index}
              isActive={road.key === activeKey}
              canRemove={values.roads.length > 1}
              dispatch={dispatch}
              onActivate={() => setActiveRoadKey(road.key)}
            />
          ))}
        </div>
        <div className="survey-form__roads-footer">
          <Button icon={<PlusOutlined />} onClick={addRoad} data-testid="add-road">
            Tambah Ruas
          </Button>
          <div className="survey-form__grand">
            <span>Total Estimasi Biaya</span>
            <strong data-testid="survey-total">{formatRupiah(surveyTotalOf(values))}</strong>
          </div>
        </div>
      </section>

      <section className="survey-form__section" data-testid="survey-identification">
        <Typography.Title level={5}>Identifikasi Lapangan</Typography.Title>
        <div className="survey-form__fields">
          <div className="survey-form__field survey-form__field--wide">
            <label className="survey-form__label" htmlFor="survey-road-types">
              Jenis Pekerjaan
            </label>
            <RemoteSelect<TypeWorkOption>
              id="survey-road-types"
              mode="multiple"
              load={loadTypeWorks}
              value={values.roadTypes}
              onChange={(value) =>
                dispatch({ type: 'set-road-types', value: value.map(({ id, name }) => ({ id, name })) })
              }
              testId="road-types"
            />
          </div>
          {(
            [
              ['roadCondition', 'Kondisi Jalan', 'Contoh: aspal retak dan berlubang'],
              ['canalExisting', 'Saluran Eksisting', 'Contoh: ada, di kedua sisi'],
              ['canalCondition', 'Kondisi Saluran', 'Contoh: sedimentasi, aliran tersumbat'],
            ] as const
          ).map(([field, label, placeholder]) => (
            <div key={field} className="survey-form__field">
              <label className="survey-form__label" htmlFor={`survey-${field}`}>
                {label}
              </label>
              <Input.TextArea
                id={`survey-${field}`}
                value={values[field]}
                onChange={(event) => setText(field)(event.target.value)}
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={5000}
                placeholder={placeholder}
                data-testid={`field-${field}`}
              />
            </div>
          ))}
        </div>
      </section>

      <section className="survey-form__section">
        <Typography.Title level={5}>Identifikasi Kerusakan</Typography.Title>
        <LazyRichTextEditor
          value={values.damageIdentification}
          onChange={setText('damageIdentification')}
          label="Identifikasi Kerusakan"
          testId="field-damage"
        />
      </section>

      <section className="survey-form__section">
        <Typography.Title level={5}>Saran</Typography.Title>
        <LazyRichTextEditor
          value={values.suggestion}
          onChange={setText('suggestion')}
          label="Saran"
          testId="field-suggestion"
        />
      </section>

      <LazySurveyMediaSection
        proposalId={proposal.id}
        photos={media.photos}
        videos={media.videos}
        onDraftChange={takeDraft}
        beforeUpload={async () => {
          // The first upload of a new survey: save the draft first, so the file and the typed values
          // land in one draft.
          if (draftIdRef.current === null) await autosave.flush(true);
        }}
      />

      <div className="survey-form__actions" data-testid="survey-actions">
        <SaveStateIndicator state={autosave.state} error={autosave.error} />
        <div className="survey-form__buttons">
          <Button
            icon={<SaveOutlined />}
            onClick={saveDraft}
            loading={isSavingDraft}
            data-testid="save-draft"
          >
            Simpan Draft
          </Button>
          <Button type="primary" icon={<SendOutlined />} onClick={confirmSend} data-testid="submit-survey">
            Kirim
          </Button>
        </div>
      </div>
    </section>
  );
}
