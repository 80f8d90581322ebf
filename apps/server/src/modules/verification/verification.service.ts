import { VERIFICATION_MESSAGES } from '@eusulan/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { proposalSnapshots } from '../audit/audit.queries.ts';
import { auditProposals } from '../audit/audit.service.ts';
import type { ProposalFilters } from '../proposal/proposal-list.queries.ts';
import * as queries from './verification.queries.ts';

/** Perlu Verifikasi's rows: every unverified proposal of the consultant in the chosen tab, newest first. */
export async function waitingProposals(db: Db, consultantId: number, query: ProposalFilters) {
  const { rows } = await queries.listWaitingProposals(db, query, consultantId);
  return rows;
}

/**
 * Verifies the consultant's chosen proposals: all of them, or none when any is not its own (400) or not
 * unverified any more (409: a second tab or a repeated request verified it first), so the screen never
 * shows a half-done result. The rows stay locked from the check to the update.
 */
export async function verifyProposals(db: Db, consultantId: number, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const own = new Map(
      (await queries.lockProposalStates(tx, unique))
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
    const verified = await queries.markVerified(tx, unique, userId);
    await auditProposals(tx, userId, 'verify', unique, before);
    return verified;
  });
}
