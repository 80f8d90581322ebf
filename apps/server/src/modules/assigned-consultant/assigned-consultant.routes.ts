import { ZAssignedConsultantQuery } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { presentProposalRow } from '../proposal/proposal.presenter.ts';
import { listConsultantProposals } from '../proposal/proposal-list.queries.ts';
import { presentAssignedConsultant } from './assigned-consultant.presenter.ts';
import { TASK_SORTABLE } from './assigned-consultant.queries.ts';
import { assignedConsultantsPage, requireConsultant } from './assigned-consultant.service.ts';

const adminOnly = requireAuth({ roles: ['admin'] });

/** Tugas Survey (spec §7): consultants by active tasks, and one consultant's proposals. */
export async function assignedConsultantRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/api-web/assigned-consultant', { preHandler: adminOnly }, async (request) => {
    const input = parseInput(ZAssignedConsultantQuery, request.query);
    const { rows, total } = await assignedConsultantsPage(db, input);
    return pagedEnvelope(rows.map(presentAssignedConsultant), total, input);
  });

  app.get('/api-web/assigned-consultant/:id/list-proposal', { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    await requireConsultant(db, id);
    const list = readListQuery(request.query, TASK_SORTABLE, TASK_SORTABLE.id);
    const { rows, total } = await listConsultantProposals(db, id, list);
    // Spec §7 reads this list as data (rows) and meta.total.
    return envelope(rows.map(presentProposalRow), { meta: { total, page: list.page, limit: list.limit } });
  });
}
