import { Button, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { useAppInfo } from '../../features/app-info/api.ts';
import { useProfile } from '../../features/auth/profile-store.ts';
import {
  isNotFound,
  reportProposalId,
  useReportLetter,
  useReportProposal,
} from '../../features/survey-print/api.ts';
import { SurveyReport } from '../../features/survey-print/components/SurveyReport.tsx';
import { printableSurvey } from '../../features/survey-print/report-model.ts';
import { REPORT_TEXTS } from '../../features/survey-print/texts.ts';
import { handleApiError } from '../../lib/errors.ts';
import { isApiError } from '../../lib/http.ts';

/** Why there is no report, under the report's title so the tab still says what it is. */
function ReportMessage({
  status,
  text,
  extra,
}: {
  status: 'info' | 'warning' | '404';
  text: string;
  extra?: ReactNode;
}) {
  return (
    <main className="survey-report-message" data-testid="report-message">
      <Result
        status={status}
        title={<h1 className="survey-report-message__title">{REPORT_TEXTS.title}</h1>}
        subTitle={text}
        extra={extra}
      />
    </main>
  );
}

/**
 * /cetak-data-usulan-survey?id= (spec §2): the printable field survey report of one proposal, on a bare
 * page (no shell). Only a submitted survey prints; a missing or forbidden proposal reads as not found.
 */
export function SurveyPrintPage() {
  const [searchParams] = useSearchParams();
  const id = reportProposalId(searchParams.get('id'));
  const proposal = useReportProposal(id);
  const appInfo = useAppInfo();
  const survey = proposal.data ? printableSurvey(proposal.data) : null;
  // Umum has no Print button and numbers no report; the office's staff get the letter's Nomor.
  const isStaff = useProfile().roleId !== 'umum';
  const letter = useReportLetter(survey?.id ?? null, isStaff);

  // The page words its own failures, but an expired session still signs out as everywhere else.
  useEffect(() => {
    for (const error of [proposal.error, letter.error]) {
      if (isApiError(error) && error.status === 401) handleApiError(error);
    }
  }, [proposal.error, letter.error]);

  if (id === null) return <ReportMessage status="404" text={REPORT_TEXTS.noId} />;
  if (proposal.isPending || appInfo.isPending) return <FullPageLoader tip={REPORT_TEXTS.loading} />;
  if (isNotFound(proposal.error)) return <ReportMessage status="404" text={REPORT_TEXTS.notFound} />;
  if (proposal.isError || appInfo.isError) {
    const retry = () => {
      if (proposal.isError) proposal.refetch();
      if (appInfo.isError) appInfo.refetch();
    };
    return (
      <ReportMessage
        status="warning"
        text={REPORT_TEXTS.connection}
        extra={<Button onClick={retry}>{REPORT_TEXTS.retry}</Button>}
      />
    );
  }
  if (!survey) return <ReportMessage status="info" text={REPORT_TEXTS.noSurvey} />;
  // The letter is drawn with its Nomor from the start, so the editor's first view and the print carry it.
  if (isStaff && letter.isPending) return <FullPageLoader tip={REPORT_TEXTS.loading} />;
  if (isApiError(letter.error) && letter.error.status === 401) return null;
  return (
    <SurveyReport
      detail={proposal.data}
      survey={survey}
      appInfo={appInfo.data}
      letter={letter.data ?? null}
      letterProblem={letter.isError ? REPORT_TEXTS.noLetterNumber : null}
    />
  );
}
