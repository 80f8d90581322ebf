import type { TProcessType } from '@eusulan/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';

/** Records the structural decision: the proposal is finished with its process type, approved by the user now. */
export async function markApproved(tx: Db, id: number, processType: TProcessType, userId: number) {
  await tx
    .update(proposals)
    .set({
      statusType: 'finished',
      processType,
      approvedAt: sql`now()`,
      approvedById: userId,
      updatedAt: sql`now()`,
    })
    .where(eq(proposals.id, id));
}
