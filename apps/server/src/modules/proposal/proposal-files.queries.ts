import type { TFileKind } from '@eusulan/shared';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proposalFiles, proposals } from '../../db/schema/index.ts';

// A proposal's files (the proposer's letters, the structural decision's documents): listed, found for the
// media route, written and removed with the proposal's save.

export async function listFiles(db: Db, proposalId: number) {
  return db
    .select({
      id: proposalFiles.id,
      kind: proposalFiles.kind,
      name: proposalFiles.name,
      ext: proposalFiles.ext,
      size: proposalFiles.size,
    })
    .from(proposalFiles)
    .where(eq(proposalFiles.proposalId, proposalId))
    .orderBy(proposalFiles.id);
}

export async function findFile(db: Db, id: number) {
  const [row] = await db
    .select({
      id: proposalFiles.id,
      proposalId: proposalFiles.proposalId,
      name: proposalFiles.name,
      mimeType: proposalFiles.mimeType,
      size: proposalFiles.size,
      storageKey: proposalFiles.storageKey,
      consultantId: proposals.consultantId,
    })
    .from(proposalFiles)
    .innerJoin(proposals, eq(proposals.id, proposalFiles.proposalId))
    .where(eq(proposalFiles.id, id));
  return row ?? null;
}

export async function insertFiles(
  db: Db,
  rows: {
    proposalId: number;
    kind: TFileKind;
    name: string;
    ext: string;
    mimeType: string;
    size: number;
    storageKey: string;
    uploadedById: number | null;
  }[],
) {
  if (rows.length) await db.insert(proposalFiles).values(rows);
}

/** Deletes the files of one kind not in `keepIds`; answers their storage keys to remove after commit. */
export async function deleteFilesExcept(db: Db, proposalId: number, kind: TFileKind, keepIds: number[]) {
  const removed = await db
    .delete(proposalFiles)
    .where(
      and(
        eq(proposalFiles.proposalId, proposalId),
        eq(proposalFiles.kind, kind),
        keepIds.length ? notInArray(proposalFiles.id, keepIds) : undefined,
      ),
    )
    .returning({ storageKey: proposalFiles.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Of the given ids, those that are files of this proposal and kind. */
export async function ownFileIds(db: Db, proposalId: number, kind: TFileKind, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: proposalFiles.id })
    .from(proposalFiles)
    .where(
      and(
        eq(proposalFiles.proposalId, proposalId),
        eq(proposalFiles.kind, kind),
        inArray(proposalFiles.id, ids),
      ),
    );
  return rows.map((row) => row.id);
}
