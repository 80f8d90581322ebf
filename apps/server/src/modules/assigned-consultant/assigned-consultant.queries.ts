import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultants } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/pagination.ts';
import { PROPOSAL_SORTABLE } from '../proposal/proposal-list.queries.ts';

/** The survey-task sort keys of the per-consultant list (spec §2, survey task list). */
export const TASK_SORTABLE = {
  id: PROPOSAL_SORTABLE.id,
  proposal_date: PROPOSAL_SORTABLE.proposal_date,
  proposer_name: PROPOSAL_SORTABLE.proposer_name,
  status_type: PROPOSAL_SORTABLE.status_type,
};

/**
 * Counts per type, year, consultant and status, kept by triggers on proposals (migration 0005), so sorting by active
 * tasks never counts the proposals themselves (summed over types and years).
 */
const taskCounts = sql`proposal_counts`;
const countOf = (statuses: string[] | null) =>
  statuses
    ? sql<number>`coalesce(sum(${taskCounts}.total) filter (where ${taskCounts}.status_type::text in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )})), 0)::int`
    : sql<number>`coalesce(sum(${taskCounts}.total), 0)::int`;
const activeTasks = countOf(['unverified', 'verified']);
const verifiedCount = countOf(['verified']);
const proposalCount = countOf(null);

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
      .leftJoin(taskCounts, sql`${taskCounts}.consultant_id = ${consultants.id}`)
      .where(where)
      .groupBy(consultants.id)
      .orderBy(...orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ total: count() }).from(consultants).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export type AssignedConsultantRow = Awaited<ReturnType<typeof listAssignedConsultants>>['rows'][number];

export async function consultantExists(db: Db, id: number) {
  const [row] = await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.id, id));
  return Boolean(row);
}
