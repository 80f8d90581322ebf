import { JOB_MESSAGES, type TJob } from '@eusulan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { envelope } from '../../lib/envelope.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { StoredFileMissingError } from '../../storage/file-storage.ts';
import { presentJob } from './jobs.presenter.ts';
import { findJob } from './jobs.queries.ts';

const ZJobId = z.uuid();

/** A job is its asker's (an admin may follow any); to everyone else it does not exist. */
async function visibleJob(request: FastifyRequest) {
  const id = ZJobId.safeParse((request.params as { id?: string }).id);
  if (!id.success) throw notFound(JOB_MESSAGES.notFound);
  const auth = authOf(request);
  const job = await findJob(request.server.ctx.db, id.data);
  if (!job || (job.createdById !== auth.userId && auth.role !== 'admin'))
    throw notFound(JOB_MESSAGES.notFound);
  return job;
}

/** Following a background job: its progress, and a finished export's file. */
export async function jobRoutes(app: FastifyInstance) {
  const { storage } = app.ctx;

  app.get('/api-web/jobs/:id', { preHandler: requireAuth() }, async (request) =>
    envelope<TJob>(presentJob(await visibleJob(request))),
  );

  // ?token= as for media: the browser saves a large file itself from a plain link, without holding it in memory.
  app.get(
    '/api-web/jobs/:id/file',
    { preHandler: requireAuth({ allowQueryToken: true }) },
    async (request, reply) => {
      const job = await visibleJob(request);
      if (job.kind !== 'survey-export') throw notFound(JOB_MESSAGES.notFound);
      if (job.status !== 'done') throw new HttpError(409, JOB_MESSAGES.notReady);
      const file = job.result as { fileName?: string } | null;
      if (!job.outputKey || !file?.fileName) throw new HttpError(410, JOB_MESSAGES.fileGone);
      let stream: Awaited<ReturnType<typeof storage.read>>;
      try {
        stream = await storage.read(job.outputKey);
      } catch (error) {
        if (error instanceof StoredFileMissingError) throw new HttpError(410, JOB_MESSAGES.fileGone);
        throw error;
      }
      const size = (job.result as { size?: number }).size;
      if (size) reply.header('Content-Length', size);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );
}
