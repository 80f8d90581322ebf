import { CheckCircleFilled, DownloadOutlined } from '@ant-design/icons';
import {
  formatBytes,
  JOB_MESSAGES,
  SURVEY_EXPORT_OPTIONS,
  surveyExportFileName,
  type TJobFile,
  type TSurveyExportOption,
} from '@eusulan/shared';
import { Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCurrentRoute } from '../../app/current-route.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { RemoteSelect } from '../../components/RemoteSelect.tsx';
import { useProfile } from '../../features/auth/profile-store.ts';
import { saveJobFile } from '../../features/jobs/api.ts';
import { JobProgress } from '../../features/jobs/components/JobProgress.tsx';
import { JOB_TEXTS } from '../../features/jobs/texts.ts';
import { loadDistricts } from '../../features/master/select-lists.ts';
import { useSurveyExport } from '../../features/survey-export/api.ts';
import { AllDistrictsCheckbox } from '../../features/survey-export/components/AllDistrictsCheckbox.tsx';
import {
  type District,
  exportFormProblem,
  exportPayloadOf,
  lockedDistrictOf,
} from '../../features/survey-export/export-form.ts';
import { DISPLAY_DATE_FORMAT, SURVEY_EXPORT_TEXTS as TEXTS } from '../../features/survey-export/texts.ts';
import { handleApiError } from '../../lib/errors.ts';
import { isApiError } from '../../lib/http.ts';
import './survey-export.css';
import { useFeedback } from '../../lib/feedback.tsx';

const OPTION_ITEMS = (Object.keys(SURVEY_EXPORT_OPTIONS) as TSurveyExportOption[]).map((value) => ({
  value,
  label: SURVEY_EXPORT_OPTIONS[value],
}));

/** The workbook alone is what an office usually wants; the photo archives can be large. */
const DEFAULT_OPTION: TSurveyExportOption = '.xlsx';

/**
 * Export Hasil Survey (/report, admin and consultan; spec §2 Report, §5, §6, §7, §8): a range of survey
 * dates, the Rayon and the export option. The file is written on the server as a background job whose
 * progress shows under the form; when it is done the browser saves it under the spec's name. An internal
 * consultant's Rayon is its own district, locked.
 */
export function SurveyExportPage() {
  const route = useCurrentRoute();
  const { modal } = useFeedback();
  const profile = useProfile();
  const lockedDistrict = lockedDistrictOf(profile);

  const [startDate, setStartDate] = useState<Dayjs | null>(null);
  const [endDate, setEndDate] = useState<Dayjs | null>(null);
  const [chosenDistricts, setChosenDistricts] = useState<District[]>([]);
  const [option, setOption] = useState<TSurveyExportOption>(DEFAULT_OPTION);
  const [saved, setSaved] = useState<TJobFile | null>(null);
  const exporter = useSurveyExport();
  const districts = lockedDistrict ? [lockedDistrict] : chosenDistricts;

  const warn = (content: string) =>
    modal.warning({ title: TEXTS.warningTitle, content, okText: TEXTS.okButton });

  const submit = () => {
    const form = { startDate, endDate, districts, option };
    const problem = exportFormProblem(form);
    if (problem) {
      warn(problem);
      return;
    }
    setSaved(null);
    const payload = exportPayloadOf(form, profile);
    const fileName = surveyExportFileName(payload.option);
    exporter.run(payload, {
      onDone: (job) => {
        if (!saveJobFile(job, fileName)) {
          warn(JOB_MESSAGES.fileGone);
          return;
        }
        setSaved({ fileName, size: job.result?.size ?? 0 });
      },
      // 'Data tidak ditemukan!' found by the job itself, or a server failure: its message, as a warning.
      onFailed: (job) => warn(job.message || JOB_MESSAGES.failed),
      onError: (error) => {
        // Spec §8: nothing in range is a warning on this screen; everything else the common handler explains.
        if (isApiError(error) && error.status === 400) {
          warn(error.body?.status?.message || TEXTS.noData);
          return;
        }
        handleApiError(error);
      },
    });
  };

  const isBusy = exporter.isRunning;

  return (
    <section className="screen survey-export-screen" data-screen={route?.name} data-testid="survey-export">
      <PageHeading title={route?.title ?? ''} />
      <div className="screen__panel survey-export-screen__panel">
        <Form layout="vertical" component="div" className="survey-export-screen__form" disabled={isBusy}>
          <Form.Item label={TEXTS.rangeLabel} required>
            <div className="survey-export-screen__range">
              <DatePicker
                format={DISPLAY_DATE_FORMAT}
                placeholder={TEXTS.startPlaceholder}
                value={startDate}
                onChange={setStartDate}
                disabledDate={(day) => Boolean(endDate && day.isAfter(endDate, 'day'))}
                aria-label={TEXTS.startPlaceholder}
                data-testid="export-start-date"
              />
              <span className="survey-export-screen__separator">{TEXTS.rangeSeparator}</span>
              <DatePicker
                format={DISPLAY_DATE_FORMAT}
                placeholder={TEXTS.endPlaceholder}
                value={endDate}
                onChange={setEndDate}
                disabledDate={(day) => Boolean(startDate && day.isBefore(startDate, 'day'))}
                aria-label={TEXTS.endPlaceholder}
                data-testid="export-end-date"
              />
            </div>
          </Form.Item>
          <Form.Item
            label={TEXTS.districtLabel}
            required
            extra={lockedDistrict ? TEXTS.lockedDistrict : undefined}
          >
            <RemoteSelect<District>
              mode="multiple"
              load={loadDistricts}
              value={districts}
              onChange={setChosenDistricts}
              disabled={isBusy || Boolean(lockedDistrict)}
              ariaLabel={TEXTS.districtLabel}
              testId="export-districts"
            />
            {lockedDistrict ? null : (
              <AllDistrictsCheckbox
                chosen={chosenDistricts}
                onChange={setChosenDistricts}
                disabled={isBusy}
              />
            )}
          </Form.Item>
          <Form.Item label={TEXTS.optionLabel} required>
            <Select<TSurveyExportOption>
              value={option}
              onChange={setOption}
              options={OPTION_ITEMS}
              aria-label={TEXTS.optionLabel}
              data-testid="export-option"
            />
          </Form.Item>
          <div className="survey-export-screen__actions">
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={isBusy}
              onClick={submit}
              // The form's disabled state must not reach the button that shows the progress.
              disabled={false}
              data-testid="export-submit"
            >
              {TEXTS.exportButton}
            </Button>
          </div>
        </Form>
        {isBusy ? (
          <JobProgress
            progress={exporter.progress}
            pendingStep={JOB_TEXTS.starting}
            testId="export-progress"
            className="survey-export-screen__progress"
          />
        ) : null}
        {!isBusy && saved ? (
          <p className="survey-export-screen__saved" data-testid="export-saved">
            <CheckCircleFilled /> {TEXTS.saved(saved.fileName, formatBytes(saved.size))}
          </p>
        ) : null}
      </div>
    </section>
  );
}
