import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { surveyPhotos, surveyVideos } from '../../db/schema/index.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { idParam } from '../../lib/params.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { type ByteRange, StoredFileMissingError } from '../../storage/file-storage.ts';
import { canViewProposal, seesPersonalData } from '../proposal/proposal.policy.ts';
import { findFile } from '../proposal/proposal-files.queries.ts';
import { isDrawnOnMap } from '../proposal/proposal-visibility.ts';
import { findSurveyMedia } from '../survey/survey.queries.ts';

/** Types a browser may show in place; anything else is always a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf', 'video/mp4']);

interface StoredMedia {
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
}

/** `bytes=start-end`, `bytes=start-` or `bytes=-suffix` within the file; null when absent or unusable. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Stored files, for holders of a valid token (header or ?token=, spec §7) who may see the proposal. The
 * headers keep a file from ever running as a page: its stored type, nosniff and a sandboxing CSP. They are
 * personal documents (letters, photos of a place and its people): `private, no-store` keeps them out of every
 * cache, the browser's included. Byte ranges let a video seek.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const { db, storage } = app.ctx;
  const withQueryToken = { preHandler: requireAuth({ allowQueryToken: true }) };

  async function send(request: FastifyRequest, reply: FastifyReply, media: StoredMedia) {
    const range = parseRange(request.headers.range, media.size);
    if (range === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${media.size}`);
      throw new HttpError(416, 'Rentang data tidak valid.');
    }
    let stream: Awaited<ReturnType<typeof storage.read>>;
    try {
      stream = await storage.read(media.storageKey, range ?? undefined);
    } catch (error) {
      if (error instanceof StoredFileMissingError) throw notFound('File tidak ditemukan di penyimpanan.');
      throw error;
    }
    const wantsDownload = (request.query as { download?: string }).download === '1';
    const disposition = wantsDownload || !INLINE_TYPES.has(media.mimeType) ? 'attachment' : 'inline';
    reply
      .header('Content-Type', media.mimeType)
      .header('Accept-Ranges', 'bytes')
      .header('Content-Disposition', contentDisposition(media.name, disposition))
      .header('X-Content-Type-Options', 'nosniff')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox; " +
          "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      )
      .header('Cache-Control', 'private, no-store');
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${media.size}`)
        .header('Content-Length', String(range.end - range.start + 1));
    } else {
      reply.header('Content-Length', String(media.size));
    }
    return reply.send(stream);
  }

  /** A survey's photos and videos: staff as they see the proposal; umum a submitted survey's, on the map. */
  async function canViewSurveyMedia(
    auth: AuthContext,
    media: { proposalId: number; consultantId: number; isDraft: boolean },
  ) {
    if (auth.role !== 'umum') return canViewProposal(auth, media);
    return (
      !media.isDraft &&
      canViewProposal(auth, { ...media, isDrawnOnMap: await isDrawnOnMap(db, media.proposalId) })
    );
  }

  // The proposer's letters and the structural documents are personal data, for staff only.
  app.get('/api-web/media/proposal-file/:id', withQueryToken, async (request, reply) => {
    const auth = authOf(request);
    const file = await findFile(db, idParam(request.params));
    if (!file || !seesPersonalData(auth) || !canViewProposal(auth, file))
      throw notFound('File tidak ditemukan.');
    return send(request, reply, { ...file, size: Number(file.size) });
  });

  for (const [kind, table] of [
    ['survey-photo', surveyPhotos],
    ['survey-video', surveyVideos],
  ] as const) {
    app.get(`/api-web/media/${kind}/:id`, withQueryToken, async (request, reply) => {
      const media = await findSurveyMedia(db, table, idParam(request.params));
      if (!media || !(await canViewSurveyMedia(authOf(request), media)))
        throw notFound('File tidak ditemukan.');
      return send(request, reply, { ...media, size: Number(media.size) });
    });
  }
}
