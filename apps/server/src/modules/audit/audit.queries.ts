import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type AuditValues,
  auditEvents,
  consultants,
  proposalFiles,
  proposals,
  roads,
  subdistricts,
  users,
  villages,
} from '../../db/schema/index.ts';

export interface NewAuditEvent {
  entity: string;
  entityId: number;
  action: string;
  before: AuditValues | null;
  after: AuditValues | null;
}

/** Big enough for an import of thousands of rows in a few statements, small enough for any driver. */
const CHUNK = 1000;

function chunks<T>(items: T[]) {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/** The actor's name and username as they are now, copied into each record. */
async function actorNameOf(db: Db, actorId: number | null) {
  if (!actorId) return null;
  const [actor] = await db
    .select({ name: sql<string>`${users.name} || ' (' || ${users.username} || ')'` })
    .from(users)
    .where(eq(users.id, actorId));
  return actor?.name ?? null;
}

export async function insertAuditEvents(db: Db, actorId: number | null, events: NewAuditEvent[]) {
  if (!events.length) return;
  const actorName = await actorNameOf(db, actorId);
  for (const part of chunks(events)) {
    await db.insert(auditEvents).values(part.map((event) => ({ ...event, actorId, actorName })));
  }
}

export async function listAuditEvents(db: Db, entity: string, entityId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(desc(auditEvents.id));
}

const fileNames = (kind: 'proposal' | 'structural') =>
  sql`coalesce((select jsonb_agg(${proposalFiles.name} order by ${proposalFiles.id}) from ${proposalFiles} where ${proposalFiles.proposalId} = ${proposals.id} and ${proposalFiles.kind} = ${kind}), '[]'::jsonb)`;

/** The fields of a proposal the trail records: references as names, files as their names. */
const SNAPSHOT_FIELDS: Record<string, SQL> = {
  proposalType: sql`${proposals.proposalType}`,
  proposalDate: sql`${proposals.proposalDate}`,
  proposerName: sql`${proposals.proposerName}`,
  phoneNumber: sql`${proposals.phoneNumber}`,
  road: sql`${roads.name}`,
  village: sql`${villages.name} || ' - Kecamatan ' || ${subdistricts.name}`,
  rtNumber: sql`${proposals.rtNumber}`,
  rwNumber: sql`${proposals.rwNumber}`,
  address: sql`${proposals.address}`,
  consultant: sql`${consultants.code} || ' - ' || ${consultants.name}`,
  statusType: sql`${proposals.statusType}`,
  processType: sql`${proposals.processType}`,
  files: fileNames('proposal'),
  structuralFiles: fileNames('structural'),
};
/** One jsonb object per proposal row, built by the database (the keys are the constants above). */
const SNAPSHOT_JSON = sql`jsonb_build_object(${sql.join(
  Object.entries(SNAPSHOT_FIELDS).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
  sql`, `,
)})`;
const SNAPSHOT_SOURCE = sql`${proposals}
  inner join ${villages} on ${villages.id} = ${proposals.villageId}
  inner join ${subdistricts} on ${subdistricts.id} = ${villages.subdistrictId}
  inner join ${consultants} on ${consultants.id} = ${proposals.consultantId}
  left join ${roads} on ${roads.id} = ${proposals.roadId}`;

/** The proposals as the trail records them, by id. */
export async function proposalSnapshots(db: Db, ids: number[]) {
  const snapshots = new Map<number, AuditValues>();
  for (const part of chunks([...new Set(ids)])) {
    const result = await db.execute(
      sql`select ${proposals.id} as id, ${SNAPSHOT_JSON} as snapshot from ${SNAPSHOT_SOURCE} where ${inArray(proposals.id, part)}`,
    );
    // Both drivers answer raw queries with their rows under `rows`.
    const { rows } = result as unknown as { rows: { id: number; snapshot: AuditValues }[] };
    for (const row of rows) snapshots.set(row.id, row.snapshot);
  }
  return snapshots;
}

/**
 * Records new proposals (registration, import) whole, straight from their rows: one statement per chunk,
 * so a 10,000-row import carries no snapshots through the server.
 */
export async function insertProposalCreations(db: Db, actorId: number, action: string, ids: number[]) {
  const actorName = await actorNameOf(db, actorId);
  for (const part of chunks(ids)) {
    await db.execute(sql`insert into ${auditEvents} (actor_id, actor_name, entity, entity_id, action, after)
      select ${actorId}, ${actorName}, 'proposal', ${proposals.id}, ${action}, ${SNAPSHOT_JSON}
      from ${SNAPSHOT_SOURCE} where ${inArray(proposals.id, part)} order by ${proposals.id}`);
  }
}
