import type { TConsultantType, TProcessType, TProposalType, TStatusType } from '@eusulan/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** A proposal row of spec §3 as the database hands it over, under the names of its select. */
export interface ProposalRecord {
  id: number;
  proposalType: TProposalType;
  /** YYYY-MM-DD */
  proposalDate: string;
  /** ISO 8601 in UTC, as the answer carries it */
  createdAt: string;
  proposerName: string;
  phoneNumber: string;
  roadId: number | null;
  roadName: string | null;
  villageId: number;
  villageName: string;
  subdistrictId: number;
  subdistrictName: string;
  rtNumber: string | null;
  rwNumber: string | null;
  address: string;
  statusType: TStatusType;
  processType: TProcessType | null;
  consultantId: number;
  consultantName: string;
  consultantType: TConsultantType;
  historyCount: number;
  placeHistoryCount: number;
}

/**
 * Everything a proposal row needs, each under its ProposalRecord name. The rows are read as the driver
 * gives them rather than through drizzle's per-field mapping, which cost as much as the statement itself
 * for a verification tab of several hundred rows; so the instant and the date arrive as text here.
 */
const rowColumns: Record<keyof ProposalRecord, SQL | AnyPgColumn> = {
  id: proposals.id,
  proposalType: proposals.proposalType,
  proposalDate: sql`${proposals.proposalDate}::text`,
  createdAt: sql`to_char(${proposals.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
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
  // (surveys_proposal_idx finds a row's few surveys); a proposal has a survey when it has one of them.
  historyCount: sql`(select count(*)::int from ${surveys} where ${surveys.proposalId} = ${proposals.id} and not ${surveys.isDraft})`,
  placeHistoryCount: sql`(select count(*)::int from ${proposals} as "history" where ${placeKey(history)} = ${placeKey(proposals)} and ${history.id} <> ${proposals.id})`,
};

const selectList = sql.join(
  Object.entries(rowColumns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
  sql`, `,
);

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
export async function rowsByIds(db: Db, ids: number[]): Promise<ProposalRecord[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    select ${selectList}
    from ${proposals}
    join ${villages} on ${villages.id} = ${proposals.villageId}
    join ${subdistricts} on ${subdistricts.id} = ${villages.subdistrictId}
    join ${consultants} on ${consultants.id} = ${proposals.consultantId}
    left join ${roads} on ${roads.id} = ${proposals.roadId}
    where ${proposals.id} = any(${sql.param(ids)}::int[])`);
  const rows = (result as unknown as { rows: ProposalRecord[] }).rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function proposalExists(db: Db, id: number) {
  const [row] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, id));
  return Boolean(row);
}

export async function findProposal(db: Db, id: number): Promise<ProposalRecord | null> {
  const [row] = await rowsByIds(db, [id]);
  return row ?? null;
}
