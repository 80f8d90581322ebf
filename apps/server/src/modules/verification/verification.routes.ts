import { ZVerification, ZVerificationQuery } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { presentProposalRow } from '../proposal/proposal.presenter.ts';
import { verifyProposals, waitingProposals } from './verification.service.ts';

const consultantOnly = requireAuth({ roles: ['consultan'] });

/** Perlu Verifikasi (spec §2, §7; DESIGN §4): a consultant's own unverified proposals, and verifying them. */
export async function verificationRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/api-web/verification', { preHandler: consultantOnly }, async (request) => {
    const consultantId = authOf(request).consultantId ?? -1;
    const query = parseInput(ZVerificationQuery, request.query);
    const rows = await waitingProposals(db, consultantId, query);
    return envelope({ data: rows.map(presentProposalRow) });
  });

  app.post('/api-web/verification', { preHandler: consultantOnly }, async (request) => {
    const auth = authOf(request);
    const { proposalId } = parseInput(ZVerification, request.body);
    const count = await verifyProposals(db, auth.consultantId ?? -1, auth.userId, proposalId);
    return envelope({ verified: count }, { message: 'Verifikasi data usulan' });
  });
}
