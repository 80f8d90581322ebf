import { Button } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ContentLoader } from '../../components/FullPageLoader.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useProfile } from '../../features/auth/profile-store.ts';
import { useProposal } from '../../features/proposal/api.ts';
import { useSurveyDraft } from '../../features/survey/api.ts';
import { SurveyForm } from '../../features/survey/components/SurveyForm.tsx';
import { localCopyKey } from '../../features/survey/local-copy.ts';
import { SURVEY_LIST_PATH } from '../../features/survey/paths.ts';

/**
 * Survey form (/data-usulan-survey/survey/:proposalId, consultan; DESIGN §4): the proposal and the open
 * draft are loaded, then the form opens with them (or with this device's newer copy).
 */
export function SurveyFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const proposalId = Number(params.proposalId);
  const isValidId = Number.isInteger(proposalId) && proposalId > 0;
  const profile = useProfile();
  const proposal = useProposal(isValidId ? proposalId : null);
  const draft = useSurveyDraft(isValidId ? proposalId : 0, isValidId);

  if (!isValidId || proposal.isError || draft.isError) {
    // Not the consultant's, not surveyable, or gone: the common handler has said why.
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
  if (!proposal.data || !draft.data) return <ContentLoader />;
  return (
    <SurveyForm
      key={proposalId}
      proposal={proposal.data}
      survey={draft.data}
      localKey={localCopyKey(profile.uuid ?? 0, proposalId)}
    />
  );
}
