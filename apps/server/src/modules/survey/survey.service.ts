import { randomUUID } from 'node:crypto';
import { SURVEY_MESSAGES, type TAuditAction, type TSurveyDraft, ZSurveyDraft } from '@eusulan/shared';
import type { Database, Db } from '../../db/client.ts';
import { type AuditValues, surveyPhotos, surveyVideos } from '../../db/schema/index.ts';
import { badRequest, conflict, invalid, notFound } from '../../lib/http-error.ts';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { holdFilePlacementLock } from '../../storage/storage.queries.ts';
import { proposalSnapshots } from '../audit/audit.queries.ts';
import { auditProposals } from '../audit/audit.service.ts';
import { presentSurvey } from './survey.presenter.ts';
import * as queries from './survey.queries.ts';

interface Deps {
  db: Database;
  storage: FileStorage;
}

/**
 * The survey policy: a consultant surveys only its own proposals, once verified (and again while surveyed,
 * for a new history entry). Another consultant's proposal does not exist for it (404).
 */
export async function surveyableProposal(db: Db, auth: AuthContext, proposalId: number) {
  const proposal = await queries.findProposalForSurvey(db, proposalId);
  if (!proposal || proposal.consultantId !== auth.consultantId) throw notFound();
  if (proposal.statusType !== 'verified' && proposal.statusType !== 'surveyed') {
    throw badRequest(SURVEY_MESSAGES.notSurveyable);
  }
  return proposal;
}

/**
 * Takes the proposal's lock for a change of its survey and checks the policy again under it: a structural
 * decision or a submit that went first has moved the proposal on.
 */
async function lockSurveyable(tx: Db, auth: AuthContext, proposalId: number) {
  await queries.lockProposalForDraft(tx, proposalId);
  return surveyableProposal(tx, auth, proposalId);
}

/** A survey as the audit trail records it: its texts, choices, item names, estimate and media names. */
async function surveyAuditValues(db: Db, surveyId: number | null): Promise<AuditValues> {
  const [survey] = surveyId ? await queries.loadSurveys(db, [surveyId]) : [];
  if (!survey) return {};
  return {
    roadCondition: survey.roadCondition,
    canalExisting: survey.canalExisting,
    canalCondition: survey.canalCondition,
    damageIdentification: richTextToPlain(survey.damageIdentification),
    suggestion: richTextToPlain(survey.suggestion),
    roadTypes: survey.roadTypes.map((type) => type.name),
    surveyRoads: survey.roads.filter((road) => road.drawLine.length > 0).length,
    asbItems: survey.roads.flatMap((road) => road.items.map((item) => item.name)),
    estimate: presentSurvey(survey, { showNominal: true }).total,
    photos: survey.photos.map((photo) => photo.name),
    videos: survey.videos.map((video) => video.name),
  };
}

/** The proposal and its open draft before a survey action, for the audit record after it. */
async function surveyAuditBefore(tx: Db, proposalId: number) {
  return {
    proposal: await proposalSnapshots(tx, [proposalId]),
    survey: await surveyAuditValues(tx, await queries.findDraftId(tx, proposalId)),
  };
}

async function auditSurvey(
  tx: Db,
  auth: AuthContext,
  action: TAuditAction,
  proposalId: number,
  surveyId: number,
  before: Awaited<ReturnType<typeof surveyAuditBefore>>,
) {
  await auditProposals(tx, auth.userId, action, [proposalId], before.proposal, {
    before: before.survey,
    after: await surveyAuditValues(tx, surveyId),
  });
}

/** The open draft, made when there is none; the caller holds the proposal's lock (lockProposalForDraft). */
async function openDraft(tx: Db, auth: AuthContext, proposalId: number) {
  return (
    (await queries.findDraftId(tx, proposalId)) ??
    queries.createDraft(tx, { proposalId, consultantId: auth.consultantId!, surveyorId: auth.userId })
  );
}

/** Checks the draft's references and copies the ASB names and prices it will store. */
async function resolveDraft(db: Db, draft: TSurveyDraft) {
  const asbIds = draft.surveyRoad.flatMap((road) => road.asbSurveyors.map((item) => item.asbSurveyorId));
  const found = await queries.activeSurveyReferences(db, draft.roadTypes, asbIds);
  const errors: Record<string, string[]> = {};
  draft.roadTypes.forEach((id, index) => {
    if (!found.roadTypeIds.has(id)) errors[`roadTypes.${index}`] = [SURVEY_MESSAGES.unknownRoadType];
  });
  draft.surveyRoad.forEach((road, roadIndex) => {
    road.asbSurveyors.forEach((item, itemIndex) => {
      if (!found.asb.has(item.asbSurveyorId)) {
        errors[`surveyRoad.${roadIndex}.asbSurveyors.${itemIndex}.asbSurveyorId`] = [
          SURVEY_MESSAGES.unknownAsb,
        ];
      }
    });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return found.asb;
}

/** Saves the whole draft (POST /api/survey/{id}); rich text is sanitised on the way in. */
export async function saveSurveyDraft(deps: Deps, auth: AuthContext, proposalId: number, body: unknown) {
  await surveyableProposal(deps.db, auth, proposalId);
  const parsed = parseInput(ZSurveyDraft, body);
  const draft = {
    ...parsed,
    damageIdentification: sanitizeRichText(parsed.damageIdentification),
    suggestion: sanitizeRichText(parsed.suggestion),
  };
  const asb = await resolveDraft(deps.db, draft);
  return deps.db.transaction(async (tx) => {
    await lockSurveyable(tx, auth, proposalId);
    const before = await surveyAuditBefore(tx, proposalId);
    const surveyId = await openDraft(tx, auth, proposalId);
    await queries.replaceDraftContent(tx, surveyId, draft, asb);
    await auditSurvey(tx, auth, 'survey-save', proposalId, surveyId, before);
    return surveyId;
  });
}

/** A proposal surveyableProposal() has let through; only that function makes one. */
export type SurveyableProposal = Awaited<ReturnType<typeof surveyableProposal>>;

/**
 * Adds a photo or video to the open draft (created when there is none yet). The route checks the policy
 * before it reads the upload, and hands over the checked proposal.
 */
export async function addSurveyMedia(
  deps: Deps,
  auth: AuthContext,
  proposal: SurveyableProposal,
  file: UploadedFile,
  extra: queries.SurveyMediaExtra,
) {
  const proposalId = proposal.id;
  if (extra.kind === 'photo' && !(await queries.photoCategoryIsActive(deps.db, extra.photoCategoryId))) {
    throw invalid({ photoCategoryId: [SURVEY_MESSAGES.unknownPhotoCategory] });
  }
  let placedKey: string | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      await lockSurveyable(tx, auth, proposalId);
      const before = await surveyAuditBefore(tx, proposalId);
      const surveyId = await openDraft(tx, auth, proposalId);
      const key = `surveys/${surveyId}/${randomUUID()}.${file.ext}`;
      await holdFilePlacementLock(tx);
      await deps.storage.putFile(key, file.tempPath);
      placedKey = key;
      const mediaId = await queries.insertSurveyMedia(
        tx,
        {
          surveyId,
          name: file.name,
          ext: file.ext,
          mimeType: file.mimeType,
          size: file.size,
          storageKey: key,
        },
        extra,
      );
      await auditSurvey(tx, auth, `survey-${extra.kind}-add`, proposalId, surveyId, before);
      return { surveyId, mediaId };
    });
  } catch (error) {
    if (placedKey) await deps.storage.remove(placedKey).catch(() => undefined);
    throw error;
  }
}

/** Deletes a photo or video of the consultant's open draft; submitted surveys keep theirs. */
export async function removeSurveyMedia(
  deps: Deps,
  auth: AuthContext,
  proposalId: number,
  kind: 'photo' | 'video',
  mediaId: number,
) {
  await surveyableProposal(deps.db, auth, proposalId);
  const table = kind === 'photo' ? surveyPhotos : surveyVideos;
  // Read under the proposal's lock: a submit that went first has made the draft a history entry.
  const media = await deps.db.transaction(async (tx) => {
    await lockSurveyable(tx, auth, proposalId);
    const found = await queries.findSurveyMedia(tx, table, mediaId);
    if (!found || found.proposalId !== proposalId) throw notFound();
    if (!found.isDraft) throw badRequest('Foto atau video survey yang sudah dikirim tidak dapat dihapus.');
    const before = await surveyAuditBefore(tx, proposalId);
    await queries.deleteSurveyMedia(tx, table, mediaId);
    await auditSurvey(tx, auth, `survey-${kind}-delete`, proposalId, found.surveyId, before);
    return found;
  });
  await deps.storage.remove(media.storageKey).catch(() => undefined);
}

/**
 * Submits the open draft: complete (a road with a line and an ASB item, a photo) or refused with the
 * reasons. The proposal becomes surveyed; the survey stays as a history entry. The proposal's row lock
 * makes simultaneous submits wait for one another: the first sends the draft, the others find it sent (409).
 */
export async function submitSurvey(deps: Deps, auth: AuthContext, proposalId: number) {
  await surveyableProposal(deps.db, auth, proposalId);
  return deps.db.transaction(async (tx) => {
    await lockSurveyable(tx, auth, proposalId);
    const surveyId = await queries.findDraftId(tx, proposalId);
    if (!surveyId) {
      if ((await queries.submittedSurveyIds(tx, proposalId)).length) {
        throw conflict(SURVEY_MESSAGES.alreadySubmitted);
      }
      throw badRequest(SURVEY_MESSAGES.noDraft);
    }
    const [survey] = await queries.loadSurveys(tx, [surveyId]);
    const problems: string[] = [];
    const drawn = survey!.roads.filter((road) => road.drawLine.length > 0);
    if (!drawn.length) problems.push(SURVEY_MESSAGES.needRoad);
    if (!drawn.some((road) => road.items.length > 0)) problems.push(SURVEY_MESSAGES.needAsb);
    if (!survey!.photos.length) problems.push(SURVEY_MESSAGES.needPhoto);
    if (problems.length) throw invalid({ survey: problems }, 'Survey belum lengkap.');
    const before = await proposalSnapshots(tx, [proposalId]);
    await queries.markSubmitted(tx, surveyId, proposalId);
    // The submission records the whole survey as sent, not only what changed since the last save.
    await auditSurvey(tx, auth, 'survey-submit', proposalId, surveyId, { proposal: before, survey: {} });
    return surveyId;
  });
}
