import type { TJobFile, TSurveyExportInput } from '@eusulan/shared';
import { API_PREFIX } from '../../lib/http.ts';
import { startJob, useBackgroundJob } from '../jobs/api.ts';

/** POST export/jobs: the body of POST export (spec §7), answered with the queued job. */
export const SURVEY_EXPORT_JOB_PATH = `${API_PREFIX.web}/export/jobs`;

/**
 * The export as a background job: its checks and 'Data tidak ditemukan!' answer at once, then the file is
 * written on the server with its progress, and the finished job's result names the file (TJobFile).
 */
export function useSurveyExport() {
  return useBackgroundJob<TSurveyExportInput, TJobFile>({
    start: (input) => startJob<TJobFile>(SURVEY_EXPORT_JOB_PATH, input),
  });
}
