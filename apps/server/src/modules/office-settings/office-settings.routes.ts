import { OFFICE_SETTINGS_MESSAGES, UPLOAD_LIMITS, ZOfficeSettings } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import { expectedVersionOf } from '../../lib/row-version.ts';
import { IMAGE_TYPES, readMultipart } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { StoredFileMissingError } from '../../storage/file-storage.ts';
import { CREST_PATH, presentOfficeSettings } from './office-settings.presenter.ts';
import { findOfficeSettings } from './office-settings.queries.ts';
import * as service from './office-settings.service.ts';

const adminOnly = requireAuth({ roles: ['admin'] });
const SAVED = 'Memperbarui pengaturan surat';

/**
 * Pengaturan Surat, beside the spec's masters: the survey report's letter number format, its Sifat and the
 * letterhead's crest. Admins read and change them (audited); every signed-in user's report shows the crest.
 */
export async function officeSettingsRoutes(app: FastifyInstance) {
  const { db, storage } = app.ctx;
  const base = '/api-web/office-settings';

  app.get(base, { preHandler: adminOnly }, async () =>
    envelope(presentOfficeSettings(await findOfficeSettings(db))),
  );

  app.put(base, { preHandler: adminOnly }, async (request) => {
    const values = parseInput(ZOfficeSettings, request.body);
    const row = await service.saveOfficeSettings(db, authOf(request), values, expectedVersionOf(request));
    return envelope(presentOfficeSettings(row), { message: SAVED });
  });

  app.post(`${base}/crest`, { preHandler: adminOnly }, async (request) => {
    const form = await readMultipart(request, {
      fileFields: ['file'],
      maxFiles: 1,
      maxFileBytes: UPLOAD_LIMITS.crestBytes,
      accept: IMAGE_TYPES,
      stagingDir: storage.stagingDir,
    });
    try {
      const file = form.files[0];
      if (!file) throw invalid({ file: [OFFICE_SETTINGS_MESSAGES.crestRequired] });
      const row = await service.replaceCrest({ db, storage }, authOf(request), file);
      return envelope(presentOfficeSettings(row), { message: SAVED });
    } finally {
      await form.discard();
    }
  });

  app.delete(`${base}/crest`, { preHandler: adminOnly }, async (request) => {
    const row = await service.removeCrest({ db, storage }, authOf(request));
    return envelope(presentOfficeSettings(row), { message: SAVED });
  });

  // The crest for every report; an <img> cannot send a header, so the token may come as ?token=.
  app.get(CREST_PATH, { preHandler: requireAuth({ allowQueryToken: true }) }, async (_request, reply) => {
    const row = await findOfficeSettings(db);
    if (!row?.crestStorageKey || !row.crestMimeType) throw notFound('Logo belum diunggah.');
    try {
      const stream = await storage.read(row.crestStorageKey);
      return reply
        .header('Content-Type', row.crestMimeType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    } catch (error) {
      if (error instanceof StoredFileMissingError) throw notFound('File tidak ditemukan di penyimpanan.');
      throw error;
    }
  });
}
