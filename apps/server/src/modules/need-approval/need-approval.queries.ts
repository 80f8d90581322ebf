import type { TProposalType } from '@eusulan/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';

/** The proposal types that have at least one proposal matching the condition. */
export async function proposalTypesWhere(db: Db, condition: SQL | undefined): Promise<TProposalType[]> {
  const rows = await db
    .selectDistinct({ proposalType: proposals.proposalType })
    .from(proposals)
    .where(condition);
  return rows.map((row) => row.proposalType);
}

export const unverifiedOfConsultant = (consultantId: number) =>
  and(eq(proposals.consultantId, consultantId), eq(proposals.statusType, 'unverified'));

export const awaitingApproval = () => eq(proposals.statusType, 'surveyed');
