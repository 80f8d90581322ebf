import { MEDIA_DESCRIPTION_MAX, recordId, SURVEY_MESSAGES, UPLOAD_LIMITS } from '@eusulan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import { idParam } from '../../lib/params.ts';
import { IMAGE_TYPES, readMultipart, VIDEO_TYPES } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { emptySurvey, presentSurvey } from './survey.presenter.ts';
import * as queries from './survey.queries.ts';
import * as service from './survey.service.ts';

const consultantOnly = requireAuth({ roles: ['consultan'] });

const ZMediaDescription = z
  .string()
  .trim()
  .max(MEDIA_DESCRIPTION_MAX, { error: `Keterangan maksimal ${MEDIA_DESCRIPTION_MAX} karakter.` })
  .optional()
  .default('');
const ZPhotoFields = z.object({
  photoCategoryId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    recordId(SURVEY_MESSAGES.photoCategory),
  ),
  // Beside the spec: the report's caption with the category (a field app may leave it out).
  description: ZMediaDescription,
});
const ZVideoFields = z.object({ description: ZMediaDescription });

const mediaIdOf = (request: FastifyRequest) =>
  idParam({ id: (request.params as { mediaId?: string }).mediaId });

/**
 * Survey capture (DESIGN §4) under the global prefix, so a field app can use it: the open draft,
 * saving it, its photos and videos, and submitting it. Consultants only, on their own verified or
 * surveyed proposals.
 */
export async function surveyRoutes(app: FastifyInstance) {
  const { db, storage } = app.ctx;
  const deps = { db, storage };
  const base = '/api/survey/:id';

  async function currentDraft(proposalId: number) {
    const draftId = await queries.findDraftId(db, proposalId);
    if (!draftId) return emptySurvey(proposalId);
    const [survey] = await queries.loadSurveys(db, [draftId]);
    return presentSurvey(survey!, { showNominal: true });
  }

  app.get(base, { preHandler: consultantOnly }, async (request) => {
    const proposalId = idParam(request.params);
    await service.surveyableProposal(db, authOf(request), proposalId);
    return envelope(await currentDraft(proposalId));
  });

  app.post(base, { preHandler: consultantOnly }, async (request) => {
    const proposalId = idParam(request.params);
    await service.saveSurveyDraft(deps, authOf(request), proposalId, request.body);
    return envelope(await currentDraft(proposalId), { message: 'Draft survey disimpan' });
  });

  for (const kind of ['photo', 'video'] as const) {
    app.post(`${base}/${kind}`, { preHandler: consultantOnly }, async (request, reply) => {
      const proposalId = idParam(request.params);
      const auth = authOf(request);
      const proposal = await service.surveyableProposal(db, auth, proposalId);
      const form = await readMultipart(request, {
        fileFields: ['file'],
        maxFiles: 1,
        maxFileBytes: kind === 'photo' ? UPLOAD_LIMITS.surveyPhotoBytes : UPLOAD_LIMITS.surveyVideoBytes,
        accept: kind === 'photo' ? IMAGE_TYPES : VIDEO_TYPES,
        stagingDir: storage.stagingDir,
      });
      try {
        const file = form.files[0];
        if (!file) throw invalid({ file: [SURVEY_MESSAGES.fileRequired] });
        const extra =
          kind === 'photo'
            ? { kind, ...parseInput(ZPhotoFields, form.fields) }
            : { kind, ...parseInput(ZVideoFields, form.fields) };
        await service.addSurveyMedia(deps, auth, proposal, file, extra);
      } finally {
        await form.discard();
      }
      const message = kind === 'photo' ? 'Foto survey diunggah' : 'Video survey diunggah';
      return reply.status(201).send(envelope(await currentDraft(proposalId), { code: 201, message }));
    });

    app.delete(`${base}/${kind}/:mediaId`, { preHandler: consultantOnly }, async (request) => {
      const proposalId = idParam(request.params);
      await service.removeSurveyMedia(deps, authOf(request), proposalId, kind, mediaIdOf(request));
      return envelope(await currentDraft(proposalId), { message: 'Data berhasil dihapus' });
    });
  }

  app.post(`${base}/submit`, { preHandler: consultantOnly }, async (request) => {
    const proposalId = idParam(request.params);
    const surveyId = await service.submitSurvey(deps, authOf(request), proposalId);
    const [survey] = await queries.loadSurveys(db, [surveyId]);
    if (!survey) throw notFound();
    return envelope(presentSurvey(survey, { showNominal: true }), { message: 'Survey berhasil dikirim' });
  });
}
