import {
  AUDIT_ACTION_NAMES,
  AUDIT_FIELD_LABELS,
  AUDIT_STATUS_NAMES,
  CONSULTANT_TYPE_NAMES,
  formatDate,
  formatRupiah,
  PROCESS_TYPE_NAMES,
  PROPOSAL_TYPE_NAMES,
  type TAuditAction,
  type TAuditChange,
  type TAuditEntry,
} from '@eusulan/shared';
import type { auditEvents } from '../../db/schema/index.ts';

type AuditRow = typeof auditEvents.$inferSelect;

const FIELD_ORDER = Object.keys(AUDIT_FIELD_LABELS);
const fieldRank = (field: string) => {
  const rank = FIELD_ORDER.indexOf(field);
  return rank === -1 ? FIELD_ORDER.length : rank;
};

const lookup = (names: Record<string, string>, value: unknown) => names[String(value)] ?? String(value);

/** A recorded value as the history shows it: names for stored codes, dates and Rupiah as in the lists. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '-';
  if (typeof value === 'boolean') {
    if (field === 'isActive') return value ? 'Aktif' : 'Tidak Aktif';
    return value ? 'Ya' : 'Tidak';
  }
  switch (field) {
    case 'statusType':
      return lookup(AUDIT_STATUS_NAMES, value);
    case 'processType':
      return lookup(PROCESS_TYPE_NAMES, value);
    case 'proposalType':
      return lookup(PROPOSAL_TYPE_NAMES, value);
    case 'consultantType':
      return lookup(CONSULTANT_TYPE_NAMES, value);
    case 'proposalDate':
      return formatDate(String(value));
    case 'estimate':
    case 'price':
      return formatRupiah(Number(value));
    default:
      return String(value);
  }
}

export function presentAuditEvent(row: AuditRow): TAuditEntry {
  const before = row.before ?? {};
  const after = row.after ?? {};
  // jsonb keeps keys in its own order; the history lists them as the detail dialog does.
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => fieldRank(a) - fieldRank(b),
  );
  const changes: TAuditChange[] = fields.map((field) => ({
    field,
    label: AUDIT_FIELD_LABELS[field] ?? field,
    before: row.before ? formatAuditValue(field, before[field]) : '-',
    after: row.after ? formatAuditValue(field, after[field]) : '-',
  }));
  const action = row.action as TAuditAction;
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorName: row.actorName ?? 'Sistem',
    action,
    actionName: AUDIT_ACTION_NAMES[action] ?? row.action,
    changes,
  };
}
