import type { TAssignedConsultantQuery } from '@eusulan/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import * as queries from './assigned-consultant.queries.ts';

/** One page of active consultants with their task counts, and the total. */
export function assignedConsultantsPage(db: Db, input: TAssignedConsultantQuery) {
  // Fewest active tasks first unless asked otherwise: the admin looks for who can take more.
  const direction = input.order_by ?? 'asc';
  return queries.listAssignedConsultants(db, {
    page: input.page,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
    search: input.search,
    sortBy: input.sort_by,
    direction,
  });
}

/** The consultant a task list is asked for; an unknown one is a 404 (before its query is read). */
export async function requireConsultant(db: Db, consultantId: number) {
  if (!(await queries.consultantExists(db, consultantId))) throw notFound();
}
