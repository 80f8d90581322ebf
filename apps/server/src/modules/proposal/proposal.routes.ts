import {
  PROPOSAL_MESSAGES,
  PROPOSAL_TYPE_NAMES,
  UPLOAD_LIMITS,
  ZImportProposalType,
  ZProposalListQuery,
} from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { forbidden, invalid } from '../../lib/http-error.ts';
import { fileSha256, refuseImportedFile } from '../../lib/imported-files.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { expectedVersionOf } from '../../lib/row-version.ts';
import { DOCUMENT_TYPES, readMultipart, XLSX_TYPES } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { loadProposalDetail } from './proposal.detail.ts';
import { proposalScopeOf, seesPersonalData } from './proposal.policy.ts';
import { presentProposalRow, withMaskedPhone } from './proposal.presenter.ts';
import * as service from './proposal.service.ts';
import {
  IMPORT_FAILED_MESSAGE,
  importProposalWorkbook,
  proposalImportJob,
} from './proposal-import.service.ts';
import { listProposals, PROPOSAL_SORTABLE } from './proposal-list.queries.ts';
import { importLookups } from './proposal-references.queries.ts';
import { buildImportTemplate } from './proposal-template.ts';
import { placeHistoryOnMapCounts } from './proposal-visibility.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const adminOnly = requireAuth({ roles: ['admin'] });
const signedIn = requireAuth();

/** Proposals (spec §7): lists, place history, detail, registration with files, contact person, import. */
export async function proposalRoutes(app: FastifyInstance) {
  const { db, storage, jobs, config } = app.ctx;
  const deps = { db, storage };
  const base = '/api-web/proposal';
  const uploadRules = (maxFileBytes: number) => ({
    fileFields: ['files'],
    maxFiles: UPLOAD_LIMITS.maxFilesPerUpload,
    maxFileBytes,
    accept: DOCUMENT_TYPES,
    stagingDir: storage.stagingDir,
  });

  const importUploadRules = {
    fileFields: ['file'],
    maxFiles: 1,
    maxFileBytes: UPLOAD_LIMITS.importBytes,
    accept: XLSX_TYPES,
    stagingDir: storage.stagingDir,
  };
  const readImportType = (fields: Record<string, string | string[]>) =>
    parseInput(z.object({ proposalType: ZImportProposalType.optional() }), {
      proposalType: fields.proposalType || undefined,
    });

  // The main list is the admin's /usulan (a consultant gets its own); the place history (isHistory=1) is
  // opened from the detail dialog, which every role can open.
  app.get(base, { preHandler: signedIn }, async (request) => {
    const auth = authOf(request);
    const filters = parseInput(ZProposalListQuery, request.query);
    if (filters.isHistory === '0' && !['admin', 'consultan'].includes(auth.role)) throw forbidden();
    const list = readListQuery(request.query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id);
    const { rows, total } = await listProposals(db, filters, list, proposalScopeOf(auth));
    const presented = rows.map((row) => presentProposalRow(row));
    if (seesPersonalData(auth)) return pagedEnvelope(presented, total, list);
    // Umum: the phone masked, and each row's place count of what its place history lists (on the map).
    const counts = await placeHistoryOnMapCounts(
      db,
      rows.map((row) => row.id),
    );
    const rowsForUmum = presented.map((row) => ({
      ...withMaskedPhone(row),
      placeHistoryCount: counts.get(row.id) ?? 0,
    }));
    return pagedEnvelope(rowsForUmum, total, list);
  });

  app.get(`${base}/export-template`, { preHandler: adminOnly }, async (request, reply) => {
    const { proposalType } = parseInput(z.object({ proposalType: ZImportProposalType }), request.query);
    const workbook = await buildImportTemplate(proposalType, await importLookups(db));
    return reply
      .header('Content-Type', XLSX_MIME)
      .header(
        'Content-Disposition',
        contentDisposition(`Template Import Usulan ${PROPOSAL_TYPE_NAMES[proposalType]}.xlsx`),
      )
      .send(workbook);
  });

  app.post(`${base}/import-template`, { preHandler: adminOnly }, async (request, reply) => {
    const auth = authOf(request);
    const form = await readMultipart(request, importUploadRules);
    try {
      const file = form.files[0];
      if (!file) throw invalid({ file: [PROPOSAL_MESSAGES.importFileRequired] });
      const { proposalType } = readImportType(form.fields);
      const outcome = await importProposalWorkbook(db, {
        filePath: file.tempPath,
        fileName: file.name,
        proposalType,
        userId: auth.userId,
        timeZone: config.TIME_ZONE,
      });
      if ('errorList' in outcome) {
        // Returned, not sent: the answer leaves once the staged file is removed (finally), never before.
        reply.status(400);
        return envelope(outcome, { code: 400, message: IMPORT_FAILED_MESSAGE });
      }
      return envelope(outcome, { message: 'Import data Usulan' });
    } finally {
      await form.discard();
    }
  });

  /**
   * The same import as a background job: the file's presence and type are checked here,
   * its rows by the job, whose progress the import dialog shows; a refused file fails the job with the
   * rows' errors as its result ({ errorList }).
   */
  jobs.define('proposal-import', proposalImportJob(config.TIME_ZONE));
  app.post(`${base}/import-template/jobs`, { preHandler: adminOnly }, async (request, reply) => {
    const auth = authOf(request);
    const form = await readMultipart(request, importUploadRules);
    try {
      const file = form.files[0];
      if (!file) throw invalid({ file: [PROPOSAL_MESSAGES.importFileRequired] });
      const input = readImportType(form.fields);
      // Hashed once here, so a repeat is refused at once; the job reuses the hash.
      const sha256 = await fileSha256(file.tempPath);
      await refuseImportedFile(db, 'proposal', sha256);
      const job = await jobs.enqueue(
        'proposal-import',
        auth.userId,
        { ...input, sha256 },
        {
          path: file.tempPath,
          name: file.name,
        },
      );
      return reply.status(202).send(envelope(presentJob(job), { code: 202, message: 'Import diproses' }));
    } finally {
      await form.discard();
    }
  });

  app.get(`${base}/:id`, { preHandler: signedIn }, async (request) =>
    envelope(await loadProposalDetail(db, request, idParam(request.params))),
  );

  app.post(base, { preHandler: adminOnly }, async (request, reply) => {
    const form = await readMultipart(request, uploadRules(UPLOAD_LIMITS.proposalFormBytes));
    const id = await service.createProposal(deps, authOf(request), form);
    return reply.status(201).send(
      envelope(await loadProposalDetail(db, request, id), {
        code: 201,
        message: 'Menambahkan data usulan',
      }),
    );
  });

  app.post(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const form = await readMultipart(request, uploadRules(UPLOAD_LIMITS.proposalFormBytes));
    await service.updateProposal(deps, authOf(request), id, form, expectedVersionOf(request));
    return envelope(await loadProposalDetail(db, request, id), { message: 'Memperbarui data usulan' });
  });

  app.post(
    `${base}/:id/contact-person`,
    { preHandler: requireAuth({ roles: ['admin', 'consultan', 'structural'] }) },
    async (request) => {
      const id = idParam(request.params);
      const form = await readMultipart(request, uploadRules(UPLOAD_LIMITS.detailDialogBytes));
      await service.updateContactPerson(deps, authOf(request), id, form, expectedVersionOf(request));
      return envelope(await loadProposalDetail(db, request, id), {
        message: 'Memperbarui data contact person',
      });
    },
  );
}
