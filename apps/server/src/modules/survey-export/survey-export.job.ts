import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  JOB_STEPS,
  SURVEY_EXPORT_MESSAGES,
  surveyExportFileName,
  type TJobFile,
  type TSurveyExport,
} from '@eusulan/shared';
import { type JobHandler, JobRefused } from '../jobs/job-runner.ts';
import { type ExportReading, findExportedSurveys } from './survey-export.queries.ts';
import { exportPasses, exportStream } from './survey-export.service.ts';

/** What the export job keeps of the request: the checked input with the asker's scope applied. */
export type SurveyExportJobInput = TSurveyExport & { consultantId?: number };

/**
 * Export Hasil Survey as a background job: the same file as POST export, written to the
 * job's folder with the surveys read as its progress, then kept for download (GET jobs/:id/file).
 */
export function surveyExportJob(deps: {
  timeZone: string;
  othersWaiting: () => boolean;
  reading: ExportReading;
}): JobHandler {
  return async ({ job, db, storage, workDir, progress }) => {
    const input = job.input as SurveyExportJobInput;
    progress({ step: JOB_STEPS.gathering, done: 0, total: null });
    const exported = await findExportedSurveys(db, input, deps.timeZone);
    if (!exported.length) throw new JobRefused(SURVEY_EXPORT_MESSAGES.noData);
    const total = exported.length * exportPasses(input.option);
    let done = 0;
    progress({ step: JOB_STEPS.writing, done, total });
    const fileName = surveyExportFileName(input.option);
    const filePath = path.join(workDir, fileName);
    const onRows = (count: number) => {
      done += count;
      progress({ step: JOB_STEPS.writing, done, total });
    };
    await pipeline(
      exportStream(
        {
          db,
          storage,
          timeZone: deps.timeZone,
          othersWaiting: deps.othersWaiting,
          reading: deps.reading,
          onRows,
        },
        input,
        exported,
      ),
      createWriteStream(filePath),
    );
    const result: TJobFile = { fileName, size: (await stat(filePath)).size };
    return { result, outputFile: { path: filePath, name: fileName } };
  };
}
