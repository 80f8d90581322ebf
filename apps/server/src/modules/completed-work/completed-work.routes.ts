import { readFile } from 'node:fs/promises';
import {
  COMPLETED_WORK_LIMITS,
  COMPLETED_WORK_MESSAGES,
  COMPLETED_WORK_TEMPLATE,
  ZCompletedWorkListQuery,
} from '@eusulan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { fileSha256, refuseImportedFile } from '../../lib/imported-files.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { readMultipart, ZIP_TYPES } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { sourceFile } from '../../server-files.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { presentImport, presentWorkDetail, presentWorkRow } from './completed-work.presenter.ts';
import * as queries from './completed-work.queries.ts';
import {
  checkImportForm,
  completedWorkImportJob,
  deleteCompletedWorkImport,
  importCompletedWorks,
} from './completed-work.service.ts';
import { ImportRefused } from './completed-work-reasons.ts';

/** The committed template (`npm run template:completed-work -w @eusulan/server` rebuilds it). */
export const TEMPLATE_PATH = sourceFile(
  `modules/completed-work/template/${COMPLETED_WORK_TEMPLATE.fileName}`,
);

const adminOnly = requireAuth({ roles: ['admin'] });
/** The Pekerjaan Selesai screens (spec §2): admin and umum. */
const listReaders = requireAuth({ roles: ['admin', 'umum'] });
/** One work's detail also opens from the maps dashboard, which structural sees too. */
const detailReaders = requireAuth({ roles: ['admin', 'structural', 'umum'] });

/** Pekerjaan Selesai (spec §7): import, the list of imports, the works of one import, one work. */
export async function completedWorkRoutes(app: FastifyInstance) {
  const { db, storage, jobs, config } = app.ctx;

  /** One zip (typed by content); the upload helper's `files` messages are this form's `file`. */
  async function readImportForm(request: FastifyRequest) {
    try {
      return await readMultipart(request, {
        fileFields: ['file'],
        maxFiles: 1,
        maxFileBytes: COMPLETED_WORK_LIMITS.zipBytes,
        accept: ZIP_TYPES,
        stagingDir: storage.stagingDir,
      });
    } catch (error) {
      if (error instanceof HttpError && error.errors?.files) {
        throw new HttpError(error.statusCode, error.message, { file: error.errors.files }, error.headers);
      }
      throw error;
    }
  }

  app.get('/api-web/completed-work', { preHandler: listReaders }, async (request) => {
    const { year } = parseInput(ZCompletedWorkListQuery, request.query);
    const list = readListQuery(request.query, queries.IMPORT_SORTABLE, queries.IMPORT_SORTABLE.id);
    const { rows, total } = await queries.listImports(db, { year }, list);
    return pagedEnvelope(rows.map(presentImport), total, list);
  });

  app.post('/api-web/completed-work', { preHandler: adminOnly }, async (request, reply) => {
    const form = await readImportForm(request);
    try {
      const result = await importCompletedWorks(
        { db, storage, area: config.OFFICE_AREA },
        authOf(request),
        form,
      );
      return reply
        .status(201)
        .send(envelope(result, { code: 201, message: COMPLETED_WORK_MESSAGES.imported }));
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error;
      return reply
        .status(400)
        .send(
          envelope(
            { errorList: error.reasons },
            { code: 400, message: COMPLETED_WORK_MESSAGES.importFailed },
          ),
        );
    }
  });

  /**
   * The same import as a background job: the fields, the type and the file's type are
   * checked here (422), the zip and its features by the job, whose progress the import dialog shows; a
   * refused zip fails the job with the reasons as its result ({ errorList }).
   */
  jobs.define('completed-work-import', completedWorkImportJob(config.OFFICE_AREA));
  app.post('/api-web/completed-work/jobs', { preHandler: adminOnly }, async (request, reply) => {
    const form = await readImportForm(request);
    try {
      const { file, ...checked } = await checkImportForm(db, form);
      // Hashed once here, so a repeat is refused at once; the job reuses the hash.
      const sha256 = await fileSha256(file.tempPath);
      await refuseImportedFile(db, 'completed-work', sha256);
      const input = { ...checked, fileName: file.name, sha256 };
      const job = await jobs.enqueue('completed-work-import', authOf(request).userId, input, {
        path: file.tempPath,
        name: file.name,
      });
      return reply.status(202).send(envelope(presentJob(job), { code: 202, message: 'Import diproses' }));
    } finally {
      await form.discard();
    }
  });

  /** Removes a wrong import (our web's 'Hapus'; the spec has no such call): its works leave the map at once. */
  app.delete('/api-web/completed-work/:id', { preHandler: adminOnly }, async (request) => {
    await deleteCompletedWorkImport({ db, storage }, authOf(request), idParam(request.params));
    return envelope(null, { message: COMPLETED_WORK_MESSAGES.deleted });
  });

  app.get('/api-web/completed-work-detail/:id', { preHandler: listReaders }, async (request) => {
    const imported = await queries.findImport(db, idParam(request.params));
    if (!imported) throw notFound();
    const list = readListQuery(request.query, queries.WORK_SORTABLE, queries.WORK_SORTABLE.id);
    const { rows, total } = await queries.listWorks(db, imported, list);
    const page = pagedEnvelope(
      rows.map((row) => presentWorkRow(row, imported.typeWork)),
      total,
      list,
    );
    return { ...page, data: { ...page.data, completedWork: presentImport(imported) } };
  });

  app.get('/api-web/completed-work-detail/:id/detail', { preHandler: detailReaders }, async (request) => {
    const work = await queries.findWork(db, idParam(request.params));
    if (!work) throw notFound();
    const lines = await queries.packageLines(db, work.importId, work.packageName);
    return envelope(presentWorkDetail(work, lines, authOf(request).role));
  });

  // The format the import modal offers: example data only, so no sign-in (a plain link downloads it).
  let template: Buffer | undefined;
  app.get(COMPLETED_WORK_TEMPLATE.url, async (_request, reply) => {
    template ??= await readFile(TEMPLATE_PATH);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition(COMPLETED_WORK_TEMPLATE.fileName))
      .header('Cache-Control', 'no-cache')
      .send(template);
  });
}
