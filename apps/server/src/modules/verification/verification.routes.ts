import { VERIFICATION_MESSAGES, ZVerification, ZVerificationQuery } from '@eusulan/shared';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';
import { envelope, envelopeJson } from '../../lib/envelope.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  compressesResponses,
  notModified,
  sendVersioned,
  VersionedBodies,
  weakEtag,
} from '../../lib/versioned-body.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { proposalSnapshots } from '../audit/audit.queries.ts';
import { auditProposals } from '../audit/audit.service.ts';
import { presentProposalRow } from '../proposal/proposal.presenter.ts';
import {
  listProposals,
  PROPOSAL_SORTABLE,
  type ProposalFilters,
  proposalRowsVersion,
} from '../proposal/proposal.queries.ts';
import { lockProposalStates } from './verification.queries.ts';

const consultantOnly = requireAuth({ roles: ['consultan'] });

/** The verification screen holds every unverified proposal of one type at once (client-side search). */
const VERIFICATION_LIST_LIMIT = 5000;
/** Kept verification answers, compressed: 8 MB holds two hundred of the largest (36 kB in brotli). */
const VERIFICATION_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * Verifies the consultant's chosen proposals: all of them, or none when any is not its own (400) or not
 * unverified any more (409: a second tab or a repeated request verified it first), so the screen never
 * shows a half-done result. The rows stay locked from the check to the update.
 */
async function verifyProposals(db: Db, consultantId: number, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const own = new Map(
      (await lockProposalStates(tx, unique))
        .filter((row) => row.consultantId === consultantId)
        .map((row) => [row.id, row.statusType]),
    );
    const notOwn = unique.filter((id) => !own.has(id));
    const done = unique.filter((id) => own.has(id) && own.get(id) !== 'unverified');
    if (notOwn.length) {
      throw badRequest(
        VERIFICATION_MESSAGES.notVerifiable(unique.filter((id) => own.get(id) !== 'unverified')),
      );
    }
    if (done.length) throw conflict(VERIFICATION_MESSAGES.alreadyVerified(done));
    const before = await proposalSnapshots(tx, unique);
    const verified = await tx
      .update(proposals)
      .set({ statusType: 'verified', verifiedAt: sql`now()`, verifiedById: userId, updatedAt: sql`now()` })
      .where(inArray(proposals.id, unique))
      .returning({ id: proposals.id });
    await auditProposals(tx, userId, 'verify', unique, before);
    return verified.length;
  });
}

/** GET verification's rows: every unverified proposal of the consultant in the tab, newest first (no paging). */
export function listWaitingProposals(db: Db, query: ProposalFilters, consultantId: number) {
  return listProposals(
    db,
    query,
    {
      page: 1,
      limit: VERIFICATION_LIST_LIMIT,
      offset: 0,
      search: '',
      sortBy: 'created_at',
      orderBy: sql`${PROPOSAL_SORTABLE.created_at} desc`,
    },
    { consultantId, statusTypes: ['unverified'] },
  );
}

/** Perlu Verifikasi (spec §2, §7; DESIGN §4): a consultant's own unverified proposals, and verifying them. */
export async function verificationRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;

  // The whole waiting list is one answer (427 kB of JSON for 678 proposals): compressing it took more than the
  // budget at 300 calls a second, so each answer is kept compressed per version of the rows (issue 11).
  const answers = new VersionedBodies(VERIFICATION_ANSWER_BYTES);
  const compress = compressesResponses(config);

  app.get('/api-web/verification', { preHandler: consultantOnly }, async (request, reply) => {
    const consultantId = authOf(request).consultantId ?? -1;
    const query = parseInput(ZVerificationQuery, request.query);
    const version = await proposalRowsVersion(db);
    const etag = weakEtag('verification', version, consultantId, query);
    // Proposers' names and phones: kept by the server, never by the browser.
    if (notModified(request, reply, etag, { personal: true })) return reply.code(304).send();
    return sendVersioned(request, reply, {
      bodies: answers,
      key: etag,
      compress,
      make: async () => {
        const { rows } = await listWaitingProposals(db, query, consultantId);
        return envelopeJson(JSON.stringify({ data: rows.map(presentProposalRow) }));
      },
    });
  });

  app.post('/api-web/verification', { preHandler: consultantOnly }, async (request) => {
    const auth = authOf(request);
    const { proposalId } = parseInput(ZVerification, request.body);
    const count = await verifyProposals(db, auth.consultantId ?? -1, auth.userId, proposalId);
    return envelope({ verified: count }, { message: 'Verifikasi data usulan' });
  });
}
