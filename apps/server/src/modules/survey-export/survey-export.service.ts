import { PassThrough, type Readable } from 'node:stream';
import { SURVEY_EXPORT_MESSAGES, type TSurveyExport } from '@eusulan/shared';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../lib/http-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { photoPathsOf } from './survey-export.files.ts';
import {
  consultantOf,
  type ExportedSurvey,
  type ExportPart,
  type ExportReading,
  exportBatches,
  findExportedSurveys,
} from './survey-export.queries.ts';
import { writeSurveyWorkbook } from './survey-export.workbook.ts';

/**
 * Who may export what (spec §6): an admin any consultant's surveys; a consultant only its own
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

/**
 * What POST export and its job export for this asker: the input within its scope and the surveys found,
 * or 400 'Data tidak ditemukan!' when there are none (spec §8).
 */
export async function surveysToExport(db: Db, auth: AuthContext, input: TSurveyExport, timeZone: string) {
  const scoped = { ...input, ...(await exportScope(db, auth, input)) };
  const exported = await findExportedSurveys(db, scoped, timeZone);
  if (!exported.length) throw badRequest(SURVEY_EXPORT_MESSAGES.noData);
  return { scoped, exported };
}

/** How many passes over the surveys an option makes: the workbook's two sheets, then the photos. */
export const exportPasses = (option: TSurveyExport['option']) =>
  option === '.xlsx' ? 2 : option === 'foto' ? 1 : 3;

/**
 * The chosen option as one stream: the workbook alone, or a zip of the photos with or without it.
 * `onRows` hears each batch of surveys read, over all passes (exportPasses), for a job's progress.
 */
export function exportStream(
  deps: {
    db: Db;
    storage: FileStorage;
    timeZone: string;
    othersWaiting: () => boolean;
    reading: ExportReading;
    onRows?: (count: number) => void;
  },
  input: TSurveyExport,
  exported: ExportedSurvey[],
): Readable {
  async function* rows(part: ExportPart = 'surveys') {
    for await (const batch of exportBatches(deps.db, exported, part, deps.reading)) {
      deps.onRows?.(batch.length);
      yield batch;
    }
  }
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
