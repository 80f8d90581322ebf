import type { TAuditAction, TAuditEntity } from '@eusulan/shared';
import type { Database, Db } from '../../db/client.ts';
import type { AuditValues } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  assertFresh,
  lockRowVersion,
  rowVersion,
  staleCopy,
  type VersionedTable,
} from '../../lib/row-version.ts';
import {
  insertAuditEvents,
  insertProposalCreations,
  type NewAuditEvent,
  proposalSnapshots,
} from './audit.queries.ts';

/** Empty text and an empty list read as nothing, as they show ('-'). */
const normalised = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? null : value;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));

/**
 * The fields whose values differ, on both sides; null when nothing changed. A missing side (a creation or
 * a deletion) keeps the other whole.
 */
export function changedValues(before: AuditValues | null, after: AuditValues | null) {
  if (!before || !after) return before || after ? { before, after } : null;
  const changedBefore: AuditValues = {};
  const changedAfter: AuditValues = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (sameValue(before[key], after[key])) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return Object.keys(changedAfter).length ? { before: changedBefore, after: changedAfter } : null;
}

/**
 * A record as the trail keeps it: without its id, foreign ids and derived names (district stands for
 * districtId, consultantType for consultantTypeName), and nested references by their names.
 */
export function auditValuesOf(row: Record<string, unknown>): AuditValues {
  const values: AuditValues = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id') continue;
    const base = key.replace(/(Id|Name)$/, '');
    if (base !== key && base in row) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      values[key] = 'name' in value ? (value as { name: unknown }).name : JSON.stringify(value);
    } else {
      values[key] = value;
    }
  }
  return values;
}

/**
 * Records what an action did to proposals: their state now against `before` (null for new ones), plus
 * values of their survey or media the proposal row does not hold. Unchanged proposals leave no record,
 * except for a creation or import, which always does.
 */
export async function auditProposals(
  tx: Db,
  actorId: number,
  action: TAuditAction,
  ids: number[],
  before: Map<number, AuditValues> | null,
  extra?: { before: AuditValues | null; after: AuditValues | null },
) {
  if (!before && !extra) {
    await insertProposalCreations(tx, actorId, action, ids);
    return;
  }
  const after = await proposalSnapshots(tx, ids);
  const events: NewAuditEvent[] = [];
  for (const id of ids) {
    const beforeValues = before ? { ...before.get(id), ...extra?.before } : null;
    const afterValues = { ...after.get(id), ...extra?.after };
    const change = changedValues(beforeValues, afterValues);
    if (change) events.push({ entity: 'proposal', entityId: id, action, ...change });
  }
  await insertAuditEvents(tx, actorId, events);
}

interface MasterWrite<Row> {
  actorId: number;
  entity: Exclude<TAuditEntity, 'proposal'>;
  action: TAuditAction;
  /** The record written; absent for a creation. */
  id?: number;
  /** The record as its screen shows it, read inside the transaction. */
  load(db: Db, id: number): Promise<Row | null>;
  /** Values the record does not show, such as a password reset. */
  extra?: { before: AuditValues; after: AuditValues };
  /**
   * The record's table: a write to an existing record locks its row first, so a second writer waits for
   * the first, and is refused (409) when the client's copy is older (`expected`) or the status it toggles from has changed
   * (`expectedActive`). Without them the write goes through, as the spec's clients expect.
   */
  versioned?: { table: VersionedTable; expected?: string[]; expectedActive?: boolean };
}

/**
 * Runs a master write and its audit record in one transaction. `work` returns the id it wrote, or null
 * when there is no such record (404, nothing recorded). Answers the record as `load` shows it afterwards
 * (a deleted one as it was).
 */
export async function auditedMasterWrite<Row extends Record<string, unknown>>(
  db: Database,
  write: MasterWrite<Row>,
  work: (tx: Db) => Promise<number | null>,
): Promise<Row & { version?: string }> {
  return db.transaction(async (tx) => {
    if (write.id && write.versioned) {
      const updatedAt = await lockRowVersion(tx, write.versioned.table, write.id);
      if (!updatedAt) throw notFound();
      assertFresh(updatedAt, write.versioned.expected);
    }
    const beforeRow = write.id ? await write.load(tx, write.id) : null;
    const { expectedActive } = write.versioned ?? {};
    if (beforeRow && expectedActive !== undefined && beforeRow.isActive !== expectedActive) throw staleCopy();
    const id = await work(tx);
    if (!id) throw notFound();
    const afterRow = write.action === 'delete' ? null : await write.load(tx, id);
    const change = changedValues(
      beforeRow && { ...auditValuesOf(beforeRow), ...write.extra?.before },
      afterRow && { ...auditValuesOf(afterRow), ...write.extra?.after },
    );
    if (change) {
      await insertAuditEvents(tx, write.actorId, [
        { entity: write.entity, entityId: id, action: write.action, ...change },
      ]);
    }
    const row = afterRow ?? beforeRow;
    if (!row) throw notFound();
    // An edited record's answer carries the version of the row it shows, read in the same transaction.
    const version =
      write.id && write.versioned && afterRow ? await rowVersion(tx, write.versioned.table, id) : null;
    return version ? { ...row, version } : row;
  });
}
