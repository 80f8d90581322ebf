import { STALE_COPY_MESSAGE } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { HttpError, invalid } from './http-error.ts';

/** A record's version as clients see it (`version` of a detail answer): its last change, to the millisecond. */
export const versionOf = (updatedAt: Date) => updatedAt.toISOString();

export const staleCopy = () => new HttpError(409, STALE_COPY_MESSAGE);

/**
 * The version the client's copy was loaded at, from `If-Match` (quoted, weak or bare; `*` and an absent
 * header say nothing). A client written from the spec sends none, and its save goes through as before.
 */
export function expectedVersionOf(request: FastifyRequest): string[] | undefined {
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || !header.trim() || header.trim() === '*') return undefined;
  return header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter(Boolean);
}

/** Refuses the write when the client named a version and the record is not at it any more. */
export function assertFresh(updatedAt: Date, expected: string[] | undefined) {
  if (expected && !expected.includes(versionOf(updatedAt))) throw staleCopy();
}

export type VersionedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * Locks one row until the transaction ends and answers its last change (null when there is no such row):
 * a second writer waits here and then sees the first one's change.
 */
export async function lockRowVersion(tx: Db, table: VersionedTable, id: number) {
  const [row] = await tx
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(eq(table.id, id))
    // Not FOR UPDATE: a foreign key to this row (an audit record naming the user who acts) takes a KEY SHARE
    // lock, which FOR UPDATE would block, so two admins changing each other's accounts would deadlock.
    .for('no key update');
  return row ? (row.updatedAt as Date) : null;
}

/** A record's current version, for the detail and save answers. */
export async function rowVersion(db: Db, table: VersionedTable, id: number) {
  const [row] = await db
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(eq(table.id, id));
  return row ? versionOf(row.updatedAt as Date) : null;
}

/**
 * What the client's copy says of a record: its version (If-Match) and, for a status toggle, the status it
 * toggles from (`?fromActive=true|false`, which the spec's toggle does not send).
 */
export function clientCopyOf(request: FastifyRequest) {
  const fromActive = (request.query as { fromActive?: unknown } | undefined)?.fromActive;
  if (fromActive !== undefined && fromActive !== 'true' && fromActive !== 'false') {
    throw invalid({ fromActive: ['fromActive harus true atau false.'] });
  }
  return {
    expected: expectedVersionOf(request),
    expectedActive: fromActive === undefined ? undefined : fromActive === 'true',
  };
}

/**
 * A detail answer with its version, the version read first: a save that commits in between makes the copy
 * look stale (the form offers a reload), never fresher than the data it holds.
 */
export async function loadWithVersion<Row extends object>(
  db: Db,
  table: VersionedTable,
  id: number,
  load: () => Promise<Row | null>,
): Promise<(Row & { version: string | null }) | null> {
  const version = await rowVersion(db, table, id);
  const row = await load();
  return row && { ...row, version };
}
