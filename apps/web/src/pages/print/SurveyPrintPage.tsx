import { Button, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { useAppInfo } from '../../features/app-info/api.ts';
import { isNotFound, reportProposalId, useReportProposal } from '../../features/survey-print/api.ts';
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

  // The page words its own failures, but an expired session still signs out as everywhere else.
  useEffect(() => {
    if (isApiError(proposal.error) && proposal.error.status === 401) handleApiError(proposal.error);
  }, [proposal.error]);

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
  const survey = printableSurvey(proposal.data);
  if (!survey) return <ReportMessage status="info" text={REPORT_TEXTS.noSurvey} />;
  return <SurveyReport detail={proposal.data} survey={survey} appInfo={appInfo.data} />;
}
