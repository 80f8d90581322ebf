import type { TJob } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';

/** Polls GET jobs/:id (as the web does) until the job has finished, or fails the test after timeoutMs. */
export async function waitForJob(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  options: { until?: (job: TJob) => boolean; timeoutMs?: number; seen?: TJob[] } = {},
): Promise<TJob> {
  const until = options.until ?? ((job) => job.status === 'done' || job.status === 'failed');
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api-web/jobs/${id}`, headers });
    if (response.statusCode !== 200)
      throw new Error(`GET jobs/${id}: ${response.statusCode} ${response.body}`);
    const job = response.json().data as TJob;
    options.seen?.push(job);
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} (${job.progress.step})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
