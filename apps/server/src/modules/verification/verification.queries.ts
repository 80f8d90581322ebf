import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';
import { listProposals, PROPOSAL_SORTABLE, type ProposalFilters } from '../proposal/proposal-list.queries.ts';

/** The verification screen holds every unverified proposal of one type at once (client-side search). */
const VERIFICATION_LIST_LIMIT = 5000;

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

/**
 * Locks the chosen proposals until the transaction ends, in id order (two verifiers of overlapping choices
 * never wait on each other in a circle), and answers whose they are and where they stand.
 */
export async function lockProposalStates(tx: Db, ids: number[]) {
  return tx
    .select({ id: proposals.id, consultantId: proposals.consultantId, statusType: proposals.statusType })
    .from(proposals)
    .where(inArray(proposals.id, ids))
    .orderBy(asc(proposals.id))
    .for('update');
}

/** Marks the proposals verified by the user, now; answers how many rows changed. */
export async function markVerified(tx: Db, ids: number[], userId: number) {
  const verified = await tx
    .update(proposals)
    .set({ statusType: 'verified', verifiedAt: sql`now()`, verifiedById: userId, updatedAt: sql`now()` })
    .where(inArray(proposals.id, ids))
    .returning({ id: proposals.id });
  return verified.length;
}
