import { CONSULTANT_TYPE_NAMES, type TAssignedConsultantRow } from '@eusulan/shared';
import type { AssignedConsultantRow } from './assigned-consultant.queries.ts';

/** A consultant of Tugas Survey as the screen reads it (spec §7): its type's name and its task counts. */
export function presentAssignedConsultant(row: AssignedConsultantRow): TAssignedConsultantRow {
  return {
    id: row.id,
    idHash: String(row.id),
    name: row.name,
    consultantType: row.consultantType,
    consultantTypeName: CONSULTANT_TYPE_NAMES[row.consultantType],
    verification: { statusVerified: row.statusVerified, totalProposal: row.totalProposal },
    total_proposals: row.activeTasks,
  };
}
