import type { TJob, TJobKind } from '@eusulan/shared';
import type { JobRow } from './jobs.queries.ts';

/** A job as GET jobs/{id} and a 202 answer read it (spec shape TJob): its file's link once it is done. */
export function presentJob(row: JobRow): TJob {
  const exportedFile = row.status === 'done' && row.outputKey !== null;
  return {
    id: row.id,
    kind: row.kind as TJobKind,
    status: row.status as TJob['status'],
    progress: { step: row.step, done: row.done, total: row.total },
    message: row.message,
    result: row.result ?? null,
    fileUrl: exportedFile ? `/api-web/jobs/${row.id}/file` : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
