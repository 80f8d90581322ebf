import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';
import { rowVersion } from '../../lib/row-version.ts';
import { authOf } from '../../plugins/auth.ts';
import { presentSurvey, presentSurveyHistoryItem } from '../survey/survey.presenter.ts';
import { loadSurveys, submittedSurveyIds } from '../survey/survey.queries.ts';
import {
  canChangeProcess,
  canEditContactPerson,
  canEditProposal,
  canViewProposal,
  seesPersonalData,
} from './proposal.policy.ts';
import { presentProposalDetail, withMaskedPhone } from './proposal.presenter.ts';
import { listFiles } from './proposal-files.queries.ts';
import { findProposal } from './proposal-rows.queries.ts';
import { isDrawnOnMap, placeHistoryOnMapCounts } from './proposal-visibility.ts';

/**
 * GET proposal/{id} as the signed-in user may see it, also the answer of every write on one proposal.
 * Another consultant's proposal does not exist for a consultant (404), nor one off the map for umum, who
 * gets the phone masked and no files.
 */
export async function loadProposalDetail(db: Db, request: FastifyRequest, id: number) {
  const auth = authOf(request);
  // The version first: a save committed in between makes this copy look stale, never fresher than its data.
  const version = await rowVersion(db, proposals, id);
  const row = await findProposal(db, id);
  const isDrawn = auth.role === 'umum' && row !== null && (await isDrawnOnMap(db, id));
  if (!row || !canViewProposal(auth, { ...row, isDrawnOnMap: isDrawn })) throw notFound();
  const showsPersonalData = seesPersonalData(auth);
  const [files, surveys] = await Promise.all([
    showsPersonalData ? listFiles(db, id) : [],
    submittedSurveyIds(db, id).then((ids) => loadSurveys(db, ids)),
  ]);
  // Newest first; umum never receives nominal values (spec §6).
  const visibility = { showNominal: auth.role !== 'umum' };
  const detail = presentProposalDetail(
    row,
    files,
    {
      canEdit: canEditProposal(auth, row),
      canEditContactPerson: canEditContactPerson(auth, row),
      canChangeProcess: canChangeProcess(auth, row),
    },
    {
      survey: surveys[0] ? presentSurvey(surveys[0], visibility) : null,
      surveyHistories: surveys.map((survey) => presentSurveyHistoryItem(survey, visibility)),
    },
  );
  // Beside the spec's fields: what an edit sends back as If-Match, so a stale copy is refused (409).
  if (showsPersonalData) return { ...detail, version };
  // Umum's 'Histori lokasi' counts what its place history lists: the proposals on the map.
  const placeHistoryCount = (await placeHistoryOnMapCounts(db, [id])).get(id) ?? 0;
  return { ...withMaskedPhone(detail), placeHistoryCount, version };
}
