import { NEED_APPROVAL_ROLES, PROPOSAL_TYPES, type TNeedApproval } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { awaitingApproval, proposalTypesWhere, unverifiedOfConsultant } from './need-approval.queries.ts';

/**
 * The red dots of the consultant and structural menus: per proposal type, whether something waits for them.
 * A consultant is waited on by its own unverified proposals, a structural official by surveyed ones.
 */
export async function needApprovalRoutes(app: FastifyInstance) {
  app.get(
    '/api-web/need-approval',
    { preHandler: requireAuth({ roles: NEED_APPROVAL_ROLES }) },
    async (request) => {
      const auth = authOf(request);
      const condition =
        auth.role === 'consultan' ? unverifiedOfConsultant(auth.consultantId ?? -1) : awaitingApproval();
      const waiting = new Set(await proposalTypesWhere(app.ctx.db, condition));
      const flags = Object.fromEntries(
        PROPOSAL_TYPES.map((type) => [type, waiting.has(type)]),
      ) as TNeedApproval;
      return envelope(flags);
    },
  );
}
