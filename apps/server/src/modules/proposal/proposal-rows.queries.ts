import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  changeVersions,
  consultants,
  proposals,
  roads,
  subdistricts,
  surveys,
  villages,
} from '../../db/schema/index.ts';
import { history, placeKey } from './proposal-visibility.ts';

// A proposal as its lists and its detail show it (a row of spec §3): the one select, read by ids, and the
// version of what it shows.

/** Everything a proposal row of spec §3 needs, in one select. */
const rowColumns = {
  id: proposals.id,
  proposalType: proposals.proposalType,
  proposalDate: proposals.proposalDate,
  createdAt: proposals.createdAt,
  proposerName: proposals.proposerName,
  phoneNumber: proposals.phoneNumber,
  roadId: proposals.roadId,
  roadName: roads.name,
  villageId: proposals.villageId,
  villageName: villages.name,
  subdistrictId: subdistricts.id,
  subdistrictName: subdistricts.name,
  rtNumber: proposals.rtNumber,
  rwNumber: proposals.rwNumber,
  address: proposals.address,
  statusType: proposals.statusType,
  processType: proposals.processType,
  consultantId: consultants.id,
  consultantName: consultants.name,
  consultantType: consultants.consultantType,
  // Spec §2/§3: "a count of survey histories", the submitted surveys the detail lists as surveyHistories
  // (surveys_proposal_idx finds a row's few surveys).
  historyCount: sql<number>`(select count(*)::int from ${surveys} where ${surveys.proposalId} = ${proposals.id} and not ${surveys.isDraft})`,
  placeHistoryCount: sql<number>`(select count(*)::int from ${proposals} as "history" where ${placeKey(history)} = ${placeKey(proposals)} and ${history.id} <> ${proposals.id})`,
  hasSurvey: sql<boolean>`exists (select 1 from ${surveys} where ${surveys.proposalId} = ${proposals.id} and not ${surveys.isDraft})`,
};

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(proposals)
    .innerJoin(villages, eq(villages.id, proposals.villageId))
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .innerJoin(consultants, eq(consultants.id, proposals.consultantId))
    .leftJoin(roads, eq(roads.id, proposals.roadId));

/**
 * What a proposal list row shows has this version (migration 0018: +1 at each commit that changed it); the
 * map's proposal layer is keyed by it.
 */
export async function proposalRowsVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: changeVersions.version })
    .from(changeVersions)
    .where(eq(changeVersions.name, 'proposal_rows'));
  return Number(row?.version ?? 0);
}

/** The decorated rows of the given proposals, in the given order (the ids as one array parameter). */
export async function rowsByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await selectRows(db).where(sql`${proposals.id} = any(${sql.param(ids)}::int[])`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type ProposalRecord = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

export async function proposalExists(db: Db, id: number) {
  const [row] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, id));
  return Boolean(row);
}

export async function findProposal(db: Db, id: number) {
  const [row] = await rowsByIds(db, [id]);
  return row ?? null;
}
