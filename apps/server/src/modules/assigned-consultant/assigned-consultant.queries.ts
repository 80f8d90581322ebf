import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultants, proposals } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/pagination.ts';

const activeTasks = sql<number>`count(${proposals.id}) filter (where ${inArray(proposals.statusType, ['unverified', 'verified'])})::int`;
const verifiedCount = sql<number>`count(${proposals.id}) filter (where ${eq(proposals.statusType, 'verified')})::int`;
const proposalCount = sql<number>`count(${proposals.id})::int`;

export interface AssignedConsultantList {
  page: number;
  limit: number;
  offset: number;
  search: string;
  sortBy: 'total_proposals' | 'name';
  direction: 'asc' | 'desc';
}

/** Active consultants with their task counts; sorted by active tasks (then name) or by name. */
export async function listAssignedConsultants(db: Db, list: AssignedConsultantList) {
  const where = and(
    eq(consultants.isActive, true),
    list.search ? ilike(consultants.name, containsPattern(list.search)) : undefined,
  );
  const order = list.direction === 'asc' ? asc : desc;
  const orderBy =
    list.sortBy === 'name'
      ? [order(consultants.name), asc(consultants.id)]
      : [order(activeTasks), asc(consultants.name), asc(consultants.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: consultants.id,
        name: consultants.name,
        consultantType: consultants.consultantType,
        statusVerified: verifiedCount,
        totalProposal: proposalCount,
        activeTasks,
      })
      .from(consultants)
      .leftJoin(proposals, eq(proposals.consultantId, consultants.id))
      .where(where)
      .groupBy(consultants.id)
      .orderBy(...orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ total: count() }).from(consultants).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function consultantExists(db: Db, id: number) {
  const [row] = await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.id, id));
  return Boolean(row);
}
