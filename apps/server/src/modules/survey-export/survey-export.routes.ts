import { surveyExportFileName, ZSurveyExport } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { envelope } from '../../lib/envelope.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { type SurveyExportJobInput, surveyExportJob } from './survey-export.job.ts';
import { requestActivity } from './survey-export.pacing.ts';
import { PGLITE_EXPORT_READING, POOL_EXPORT_READING } from './survey-export.queries.ts';
import { exportStream, surveysToExport } from './survey-export.service.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Export Hasil Survey (spec §2 Report, §7 POST export, §8 'Data tidak ditemukan!'). */
export async function surveyExportRoutes(app: FastifyInstance) {
  const { db, storage, config, jobs, dbKind } = app.ctx;
  const activity = requestActivity(app.server);
  const reading = dbKind === 'pglite' ? PGLITE_EXPORT_READING : POOL_EXPORT_READING;

  app.post(
    '/api-web/export',
    { preHandler: requireAuth({ roles: ['admin', 'consultan'] }) },
    async (request, reply) => {
      const input = parseInput(ZSurveyExport, request.body);
      const { exported } = await surveysToExport(db, authOf(request), input, config.TIME_ZONE);
      const fileName = surveyExportFileName(input.option);
      reply.raw.once('close', activity.exportStarted());
      const deps = {
        db,
        storage,
        timeZone: config.TIME_ZONE,
        othersWaiting: activity.othersWaiting,
        reading,
      };
      return reply
        .header('Content-Type', input.option === '.xlsx' ? XLSX_MIME : 'application/zip')
        .header('Content-Disposition', contentDisposition(fileName))
        .header('Cache-Control', 'private, no-store')
        .send(exportStream(deps, input, exported));
    },
  );

  /**
   * The same export as a background job, which the web follows with a progress bar and
   * downloads when done. The checks and 'Data tidak ditemukan!' answer here, as for POST export.
   */
  jobs.define(
    'survey-export',
    surveyExportJob({ timeZone: config.TIME_ZONE, othersWaiting: activity.othersWaiting, reading }),
  );
  app.post(
    '/api-web/export/jobs',
    { preHandler: requireAuth({ roles: ['admin', 'consultan'] }) },
    async (request, reply) => {
      const input = parseInput(ZSurveyExport, request.body);
      const auth = authOf(request);
      const { scoped } = await surveysToExport(db, auth, input, config.TIME_ZONE);
      const jobInput: SurveyExportJobInput = scoped;
      const job = await jobs.enqueue('survey-export', auth.userId, jobInput);
      return reply.status(202).send(envelope(presentJob(job), { code: 202, message: 'Export diproses' }));
    },
  );
}
