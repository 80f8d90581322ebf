import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';
import { idParam } from '../../lib/params.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { findOfficeSettings } from '../office-settings/office-settings.queries.ts';
import { presentReportLetter } from './survey-report.presenter.ts';
import { numberSurveyReport } from './survey-report.service.ts';

/**
 * The letter lines of the printed survey report, beside the spec: POST numbers the report of a submitted
 * survey the first time (a running number per year) and answers the same Nomor ever after. The office's
 * staff print reports; umum, who has no Print button, numbers none.
 */
export async function surveyReportRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  app.post(
    '/api-web/survey-report/:id/letter',
    { preHandler: requireAuth({ roles: ['admin', 'consultan', 'structural'] }) },
    async (request) => {
      const letter = await numberSurveyReport(db, authOf(request), idParam(request.params), config.TIME_ZONE);
      return envelope(presentReportLetter(letter, await findOfficeSettings(db)));
    },
  );
}
