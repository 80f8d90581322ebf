import { Button } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ContentLoader } from '../../components/FullPageLoader.tsx';
import { MissingRecordMessage, missingRecordReason } from '../../components/MissingRecordMessage.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useProfile } from '../../features/auth/profile-store.ts';
import { useSurveyDraft, useSurveyFormProposal } from '../../features/survey/api.ts';
import { SurveyForm } from '../../features/survey/components/SurveyForm.tsx';
import { localCopyKey } from '../../features/survey/local-copy.ts';
import { SURVEY_LIST_PATH } from '../../features/survey/paths.ts';
import { isNotFoundError, recordIdOf, useCommonHandlerUnlessNotFound } from '../../lib/record-id.ts';

/**
 * Survey form (/data-usulan-survey/survey/:proposalId, consultan; DESIGN §4): the proposal and the open
 * draft are loaded, then the form opens with them (or with this device's newer copy).
 */
export function SurveyFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const proposalId = recordIdOf(params.proposalId);
  const profile = useProfile();
  const proposal = useSurveyFormProposal(proposalId);
  const draft = useSurveyDraft(proposalId ?? 0, proposalId !== null);
  useCommonHandlerUnlessNotFound(proposal.error, draft.error);
  // Another consultant's proposal is a 404 too, so ids reveal nothing.
  const missing = missingRecordReason(
    proposalId,
    isNotFoundError(proposal.error) || isNotFoundError(draft.error),
  );

  if (missing) {
    return (
      <MissingRecordMessage
        reason={missing}
        subject="usulan"
        notFoundText="Usulan ini tidak ada, sudah dihapus, atau bukan tugas survey Anda."
        onBack={() => navigate(SURVEY_LIST_PATH)}
      />
    );
  }
  if (proposal.isError || draft.isError) {
    // Not surveyable any more, or the server failed: the common handler has said why.
    return (
      <StatusMessage
        title="Survey tidak dapat dibuka."
        extra={
          <Button type="primary" onClick={() => navigate(SURVEY_LIST_PATH)}>
            Kembali
          </Button>
        }
      />
    );
  }
  if (!proposal.data || !draft.data || proposalId === null) return <ContentLoader />;
  return (
    <SurveyForm
      key={proposalId}
      proposal={proposal.data}
      survey={draft.data}
      localKey={localCopyKey(profile.uuid ?? 0, proposalId)}
    />
  );
}
