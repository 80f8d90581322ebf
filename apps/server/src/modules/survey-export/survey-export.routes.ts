import { PassThrough, type Readable } from 'node:stream';
import {
  SURVEY_EXPORT_MESSAGES,
  surveyExportFileName,
  type TSurveyExport,
  ZSurveyExport,
} from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import { inBackground } from '../../db/pglite-turns.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { badRequest, forbidden } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { type AuthContext, authOf, requireAuth } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { photoPathsOf } from './survey-export.files.ts';
import { requestActivity } from './survey-export.pacing.ts';
import {
  consultantOf,
  type ExportedSurvey,
  type ExportPart,
  exportBatches,
  findExportedSurveys,
} from './survey-export.queries.ts';
import { writeSurveyWorkbook } from './survey-export.workbook.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Who may export what (spec §6, issue 9): an admin any consultant's surveys; a consultant only its own
 * (a consultantId of another is refused), and an internal one only its own district (Rayon).
 */
async function exportScope(db: Db, auth: AuthContext, input: TSurveyExport) {
  if (auth.role === 'admin') return { consultantId: input.consultantId };
  const own = auth.consultantId === null ? null : await consultantOf(db, auth.consultantId);
  if (!own || (input.consultantId !== undefined && input.consultantId !== own.id)) {
    throw forbidden(SURVEY_EXPORT_MESSAGES.ownSurveysOnly);
  }
  if (own.type === 'internal' && input.districtId.some((id) => id !== own.districtId)) {
    throw forbidden(SURVEY_EXPORT_MESSAGES.ownDistrictOnly);
  }
  return { consultantId: own.id };
}

/** The chosen option as one stream: the workbook alone, or a zip of the photos with or without it. */
function exportStream(
  deps: { db: Db; storage: FileStorage; timeZone: string; othersWaiting: () => boolean },
  input: TSurveyExport,
  exported: ExportedSurvey[],
): Readable {
  const rows = (part: ExportPart = 'surveys') => exportBatches(deps.db, exported, part);
  const workbookStream = () => {
    const output = new PassThrough();
    writeSurveyWorkbook(rows, output, deps.timeZone, deps.othersWaiting).catch((error: Error) =>
      output.destroy(error),
    );
    return output;
  };
  if (input.option === '.xlsx') return workbookStream();

  const zip = new yazl.ZipFile();
  const fill = async () => {
    if (input.option === 'all') {
      zip.addReadStreamLazy('Hasil Survey.xlsx', (done) => done(null, workbookStream()));
    }
    for await (const batch of rows()) {
      for (const row of batch) {
        for (const { photo, path } of photoPathsOf(row)) {
          // Opened only when the zip reaches the entry, so a large export never holds many files open.
          zip.addReadStreamLazy(path, { compress: false }, (done) => {
            deps.storage.read(photo.storageKey).then(
              (stream) => done(null, stream),
              (error: Error) => done(error, null as never),
            );
          });
        }
      }
    }
    zip.end();
  };
  const output = zip.outputStream as Readable;
  // A photo missing from storage or a database failure ends the download as failed, never as a good file.
  zip.on('error', (error: Error) => output.destroy(error));
  fill().catch((error: Error) => output.destroy(error));
  return output;
}

/** Export Hasil Survey (spec §2 Report, §7 POST export, §8 'Data tidak ditemukan!'; issue 9). */
export async function surveyExportRoutes(app: FastifyInstance) {
  const { db, storage, config } = app.ctx;
  const activity = requestActivity(app.server);

  app.post(
    '/api-web/export',
    { preHandler: requireAuth({ roles: ['admin', 'consultan'] }) },
    async (request, reply) => {
      const input = parseInput(ZSurveyExport, request.body);
      const scope = await exportScope(db, authOf(request), input);
      const exported = await inBackground(() =>
        findExportedSurveys(db, { ...input, ...scope }, config.TIME_ZONE),
      );
      if (!exported.length) throw badRequest(SURVEY_EXPORT_MESSAGES.noData);
      const fileName = surveyExportFileName(input.option);
      reply.raw.once('close', activity.exportStarted());
      const deps = { db, storage, timeZone: config.TIME_ZONE, othersWaiting: activity.othersWaiting };
      return reply
        .header('Content-Type', input.option === '.xlsx' ? XLSX_MIME : 'application/zip')
        .header('Content-Disposition', contentDisposition(fileName))
        .header('Cache-Control', 'no-store')
        .send(exportStream(deps, input, exported));
    },
  );
}
