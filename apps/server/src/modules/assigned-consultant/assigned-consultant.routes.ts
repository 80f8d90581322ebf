import {
  ASSIGNED_CONSULTANT_SORTS,
  CONSULTANT_TYPE_NAMES,
  type TAssignedConsultantRow,
  ZListQuery,
} from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { readListQuery, unknownSortMessage } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  compressesResponses,
  notModified,
  sendVersioned,
  VersionedBodies,
  weakEtag,
} from '../../lib/versioned-body.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { presentProposalRow } from '../proposal/proposal.presenter.ts';
import {
  listConsultantProposals,
  PROPOSAL_SORTABLE,
  proposalRowsVersion,
} from '../proposal/proposal.queries.ts';
import * as queries from './assigned-consultant.queries.ts';

const adminOnly = requireAuth({ roles: ['admin'] });

const ZAssignedConsultantQuery = ZListQuery.extend({
  sort_by: z
    .enum(ASSIGNED_CONSULTANT_SORTS, { error: unknownSortMessage(ASSIGNED_CONSULTANT_SORTS) })
    .optional()
    .default('total_proposals'),
});

/** The survey-task sort keys of the per-consultant list (spec §2, survey task list). */
const TASK_SORTABLE = {
  id: PROPOSAL_SORTABLE.id,
  proposal_date: PROPOSAL_SORTABLE.proposal_date,
  proposer_name: PROPOSAL_SORTABLE.proposer_name,
  status_type: PROPOSAL_SORTABLE.status_type,
};

/** One page of active consultants with their task counts, as the screen reads it. */
async function consultantsPage(db: Db, input: z.infer<typeof ZAssignedConsultantQuery>) {
  // Fewest active tasks first unless asked otherwise: the admin looks for who can take more.
  const direction = input.order_by ?? 'asc';
  const list = { ...input, sortBy: input.sort_by, direction, offset: (input.page - 1) * input.limit };
  const { rows, total } = await queries.listAssignedConsultants(db, list);
  const data: TAssignedConsultantRow[] = rows.map((row) => ({
    id: row.id,
    idHash: String(row.id),
    name: row.name,
    consultantType: row.consultantType,
    consultantTypeName: CONSULTANT_TYPE_NAMES[row.consultantType],
    verification: { statusVerified: row.statusVerified, totalProposal: row.totalProposal },
    total_proposals: row.activeTasks,
  }));
  return { data, total };
}

/** Kept answers of the consultants list: a page is about 2 kB of JSON, 0.4 kB in brotli. */
const ASSIGNED_CONSULTANT_ANSWER_BYTES = 1024 * 1024;

/** Tugas Survey (spec §7): consultants by active tasks, and one consultant's proposals. */
export async function assignedConsultantRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;

  // Each page sums every kept task count (5,000 rows at a million proposals: 5 ms of PostgreSQL, which at
  // 300 calls a second is most of two cores), and it only changes with a proposal or a consultant: kept per
  // version of the rows, with an ETag, as the verification list is (issue 11).
  const answers = new VersionedBodies(ASSIGNED_CONSULTANT_ANSWER_BYTES);
  const compress = compressesResponses(config);

  app.get('/api-web/assigned-consultant', { preHandler: adminOnly }, async (request, reply) => {
    const input = parseInput(ZAssignedConsultantQuery, request.query);
    const version = await proposalRowsVersion(db);
    const etag = weakEtag('assigned-consultant', version, input);
    if (notModified(request, reply, etag)) return reply.code(304).send();
    return sendVersioned(request, reply, {
      bodies: answers,
      key: etag,
      compress,
      make: async () => {
        const { data, total } = await consultantsPage(db, input);
        return JSON.stringify(pagedEnvelope(data, total, input));
      },
    });
  });

  app.get('/api-web/assigned-consultant/:id/list-proposal', { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    if (!(await queries.consultantExists(db, id))) throw notFound();
    const list = readListQuery(request.query, TASK_SORTABLE, TASK_SORTABLE.id);
    const { rows, total } = await listConsultantProposals(db, id, list);
    // Spec §7 reads this list as data (rows) and meta.total.
    return envelope(rows.map(presentProposalRow), { meta: { total, page: list.page, limit: list.limit } });
  });
}
