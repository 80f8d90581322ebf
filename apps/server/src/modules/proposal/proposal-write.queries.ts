import type { TProposalForm, TProposalType } from '@eusulan/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';

// Writing proposals: the row's lock, the stored columns of a form or a spreadsheet row, one insert, the
// import's bulk insert, an update.

/** Locks the proposal row for the rest of the transaction and reads what a change checks; undefined if gone. */
export async function lockProposalRow(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: proposals.id,
      consultantId: proposals.consultantId,
      statusType: proposals.statusType,
      processType: proposals.processType,
      roadId: proposals.roadId,
      villageId: proposals.villageId,
      updatedAt: proposals.updatedAt,
    })
    .from(proposals)
    .where(eq(proposals.id, id))
    .for('update');
  return row;
}

export interface ProposalValues {
  proposalType: TProposalType;
  proposalDate: string;
  proposerName: string;
  phoneNumber: string;
  roadId: number | null;
  villageId: number;
  rtNumber: string | null;
  rwNumber: string | null;
  address: string;
  consultantId: number;
}

/** The stored columns of a validated proposal form (web form and spreadsheet row alike). */
export const toProposalValues = (input: TProposalForm): ProposalValues => ({
  proposalType: input.proposalType,
  proposalDate: input.proposalDate,
  proposerName: input.proposerName,
  phoneNumber: input.phoneNumber,
  roadId: input.roadId ?? null,
  villageId: input.villageId,
  rtNumber: input.rtNumber ?? null,
  rwNumber: input.rwNumber ?? null,
  address: input.address,
  consultantId: input.consultantId,
});

export async function insertProposal(db: Db, values: ProposalValues & { createdById: number | null }) {
  const [row] = await db.insert(proposals).values(values).returning({ id: proposals.id });
  return row!.id;
}

/** Bulk insert for the spreadsheet import: one statement per chunk; the new ids in row order. */
/** Inserts in chunks of 1,000; `onChunk` hears how many are in so far (an import job's progress). */
export async function insertProposals(
  db: Db,
  rows: (ProposalValues & { createdById: number | null })[],
  onChunk?: (inserted: number) => void,
) {
  const CHUNK = 1000;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const inserted = await db
      .insert(proposals)
      .values(rows.slice(start, start + CHUNK))
      .returning({ id: proposals.id });
    ids.push(...inserted.map((row) => row.id));
    onChunk?.(ids.length);
  }
  return ids;
}

export async function updateProposal(db: Db, id: number, values: Partial<ProposalValues>) {
  await db
    .update(proposals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(proposals.id, id));
}
