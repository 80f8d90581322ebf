import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { notFound } from '../../lib/http-error.ts';
import { idParam } from '../../lib/params.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { StoredFileMissingError } from '../../storage/file-storage.ts';
import { canViewProposal } from '../proposal/proposal.policy.ts';
import { findFile } from '../proposal/proposal.queries.ts';

/** Types a browser may show in place; anything else is always a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

/**
 * Stored files, for holders of a valid token (header or ?token=, spec §7) who may see the proposal. The
 * headers keep a file from ever running as a page: its stored type, nosniff and a sandboxing CSP.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const { db, storage } = app.ctx;

  app.get(
    '/api-web/media/proposal-file/:id',
    { preHandler: requireAuth({ allowQueryToken: true }) },
    async (request, reply) => {
      const auth = authOf(request);
      const file = await findFile(db, idParam(request.params));
      if (!file || !canViewProposal(auth, file)) throw notFound('File tidak ditemukan.');
      let stream: Awaited<ReturnType<typeof storage.read>>;
      try {
        stream = await storage.read(file.storageKey);
      } catch (error) {
        if (error instanceof StoredFileMissingError) throw notFound('File tidak ditemukan di penyimpanan.');
        throw error;
      }
      const wantsDownload = (request.query as { download?: string }).download === '1';
      const disposition = wantsDownload || !INLINE_TYPES.has(file.mimeType) ? 'attachment' : 'inline';
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.name, disposition))
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Security-Policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .header('Cache-Control', 'private, max-age=3600')
        .send(stream);
    },
  );
}
