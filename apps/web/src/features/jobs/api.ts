import type { TJob, TJobProgress } from '@eusulan/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveLink } from '../../lib/download.ts';
import { API_PREFIX, buildUrl, http, isApiError, mediaUrl } from '../../lib/http.ts';

/** Background jobs: long imports and exports run on the server; the web polls them. */
const JOBS_PATH = `${API_PREFIX.web}/jobs`;

/** How often a queued or running job is asked for its progress. */
const JOB_POLL_MS = 1000;

export const jobKeys = {
  one: (id: string) => ['job', id] as const,
};

const isJobFinished = (job: Pick<TJob, 'status'>) => job.status === 'done' || job.status === 'failed';

/** POSTs a job's start (the same body as the synchronous call) and answers the queued job (202). */
export async function startJob<Result>(path: string, body: unknown): Promise<TJob<Result>> {
  return (await http.post<TJob<Result>>(path, body)).data;
}

/** A lost connection or a busy server does not end the following: the job runs on regardless. */
const isPassing = (error: unknown) => isApiError(error) && (error.status === null || error.status === 503);

/** GET jobs/:id every JOB_POLL_MS while it is queued or running; no more once it is done or failed. */
export function useJob<Result>(id: string | null) {
  return useQuery({
    queryKey: jobKeys.one(id ?? ''),
    queryFn: async ({ signal }) => (await http.get<TJob<Result>>(`${JOBS_PATH}/${id}`, {}, { signal })).data,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isJobFinished(query.state.data) ? false : JOB_POLL_MS),
    retry: (failures, error) => isPassing(error) && failures < 3,
    meta: { handlesOwnErrors: true },
  });
}

/** What a screen does when its job ends. */
export interface JobCallbacks<Result> {
  onDone(job: TJob<Result>): void;
  /** The job's message says why; a refused import carries its problems in result ({ errorList }). */
  onFailed(job: TJob<Result>): void;
  /** The start was refused (400, 403, 422: answered at once) or following it failed (connection, 401, 404). */
  onError(error: unknown): void;
}

/**
 * Starts a job and follows it to its end: `run` POSTs the start, then the job is polled (useJob) and exactly
 * one of the callbacks runs. `onDone` of the options runs first on every success (reloading lists).
 * `progress` is null while the start is on its way (an upload), then the job's own.
 */
export function useBackgroundJob<Input, Result>(options: {
  start: (input: Input) => Promise<TJob<Result>>;
  onDone?: (job: TJob<Result>) => void;
}) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const callbacksRef = useRef<JobCallbacks<Result> | null>(null);
  const onDoneRef = useRef(options.onDone);
  onDoneRef.current = options.onDone;
  const starter = useMutation({ mutationFn: options.start, meta: { handlesOwnErrors: true } });
  const followed = useJob<Result>(jobId);

  /** Hands the end to the callbacks once: they are taken before they run. */
  const end = useCallback((outcome: { job: TJob<Result> } | { error: unknown }) => {
    const callbacks = callbacksRef.current;
    callbacksRef.current = null;
    setJobId(null);
    if (!callbacks) return;
    if ('error' in outcome) return callbacks.onError(outcome.error);
    if (outcome.job.status === 'done') {
      onDoneRef.current?.(outcome.job);
      callbacks.onDone(outcome.job);
    } else {
      callbacks.onFailed(outcome.job);
    }
  }, []);

  const job = followed.data;
  useEffect(() => {
    if (jobId && job?.id === jobId && isJobFinished(job)) end({ job });
  }, [jobId, job, end]);

  const { error } = followed;
  useEffect(() => {
    if (jobId && error) end({ error });
  }, [jobId, error, end]);

  const { mutate } = starter;
  const run = useCallback(
    (input: Input, callbacks: JobCallbacks<Result>) => {
      callbacksRef.current = callbacks;
      mutate(input, {
        onSuccess: (started) => {
          // The start's answer is the first progress shown; polling goes on from it.
          queryClient.setQueryData(jobKeys.one(started.id), started);
          if (isJobFinished(started)) end({ job: started });
          else setJobId(started.id);
        },
        onError: (failure) => end({ error: failure }),
      });
    },
    [mutate, queryClient, end],
  );

  const progress: TJobProgress | null = jobId ? (job?.progress ?? null) : null;
  return { run, isRunning: starter.isPending || jobId !== null, progress };
}

/** A finished export's file link with the token, as media links carry it (spec §7); null without a file. */
export function jobFileLink(job: Pick<TJob, 'fileUrl'>): string | null {
  return job.fileUrl ? mediaUrl(buildUrl(job.fileUrl)) : null;
}

/** Starts the browser's download of a finished export's file; false when the job has no file. */
export function saveJobFile(job: Pick<TJob, 'fileUrl'>, fileName: string): boolean {
  const link = jobFileLink(job);
  if (!link) return false;
  saveLink(link, fileName);
  return true;
}
