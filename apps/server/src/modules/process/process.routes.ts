import { PROCESS_MESSAGES, PROCESS_STATUS_FILTERS, UPLOAD_LIMITS, ZProcessListQuery } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { DOCUMENT_TYPES, readMultipart } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { loadProposalDetail } from '../proposal/proposal.detail.ts';
import { presentProposalRow } from '../proposal/proposal.presenter.ts';
import { listProposals, PROPOSAL_SORTABLE } from '../proposal/proposal-list.queries.ts';
import { changeProcess } from './process.service.ts';

const structuralOnly = requireAuth({ roles: ['structural'] });

/** Perlu Approval (spec §2 Process list, §7; DESIGN §4): the structural officials' list and decision. */
export async function processRoutes(app: FastifyInstance) {
  const { db, storage } = app.ctx;

  app.get('/api-web/process', { preHandler: structuralOnly }, async (request) => {
    const { statusType, ...filters } = parseInput(ZProcessListQuery, request.query);
    const list = readListQuery(request.query, PROPOSAL_SORTABLE, PROPOSAL_SORTABLE.id);
    const { rows, total } = await listProposals(db, filters, list, {
      statusTypes: PROCESS_STATUS_FILTERS[statusType].statusTypes,
    });
    return pagedEnvelope(rows.map(presentProposalRow), total, list);
  });

  app.post('/api-web/process/:id/change-process', { preHandler: structuralOnly }, async (request) => {
    const id = idParam(request.params);
    const form = await readMultipart(request, {
      fileFields: ['files'],
      maxFiles: UPLOAD_LIMITS.maxFilesPerUpload,
      maxFileBytes: UPLOAD_LIMITS.detailDialogBytes,
      accept: DOCUMENT_TYPES,
      stagingDir: storage.stagingDir,
    });
    await changeProcess({ db, storage }, authOf(request), id, form);
    return envelope(await loadProposalDetail(db, request, id), { message: PROCESS_MESSAGES.approved });
  });
}
