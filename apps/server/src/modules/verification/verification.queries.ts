import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';

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
