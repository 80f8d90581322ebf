import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../lib/envelope.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { clientCopyOf, loadWithVersion, type VersionedTable } from '../../lib/row-version.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { auditedMasterWrite } from '../audit/audit.service.ts';
import * as queries from './simple-master.queries.ts';

export interface SimpleMasterDefinition {
  /** The path segment after /api-web/master/, e.g. 'road'. */
  entity: 'road' | 'road-type' | 'photo-category' | 'asb-surveyor' | 'work-note';
  /** What the success texts call it: 'Menambahkan data jalan'. */
  label: string;
  table: queries.SimpleMasterTable;
  schema: z.ZodType<Record<string, unknown> & { name: string }>;
  /** Fields beyond id, name, isActive that the list and detail answer (e.g. price). */
  extraFields?: readonly string[];
  /** Columns the table shows and may be sorted by, beyond id, name and isActive. */
  extraSortable?: Record<string, PgColumn>;
  duplicateName: string;
}

const adminOnly = requireAuth({ roles: ['admin'] });

/**
 * The masters that share one shape (spec §7): list with data[] and meta.total, detail, create, update and
 * switch-status, all admin only. Names are unique case-insensitively.
 */
export function registerSimpleMaster(app: FastifyInstance, definition: SimpleMasterDefinition) {
  const { table, entity, label } = definition;
  const base = `/api-web/master/${entity}`;
  const fields = ['id', 'name', ...(definition.extraFields ?? []), 'isActive'];
  const present = (row: queries.SimpleMasterRow) =>
    Object.fromEntries(fields.map((field) => [field, row[field]]));
  const sortable = { id: table.id, name: table.name, isActive: table.isActive, ...definition.extraSortable };

  const find = async (db: Db, id: number) => {
    const row = await queries.findRow(db, table, id);
    return row && present(row);
  };

  async function assertNameFree(name: string, exceptId?: number) {
    if (await queries.nameTaken(app.ctx.db, table, name, exceptId)) {
      throw invalid({ name: [definition.duplicateName] });
    }
  }

  app.get(base, { preHandler: adminOnly }, async (request) => {
    const list = readListQuery(request.query, sortable, table.id);
    const { rows, total } = await queries.listRows(app.ctx.db, table, list);
    return envelope(rows.map(present), { meta: { total, page: list.page, limit: list.limit } });
  });

  app.get(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    // With the version an edit of it sends back (If-Match); a save answers its own.
    const row = await loadWithVersion(app.ctx.db, table as VersionedTable, id, () => find(app.ctx.db, id));
    if (!row) throw notFound();
    return envelope(row);
  });

  /** A write with its audit record; the row as the screen shows it afterwards. */
  const write = (
    request: FastifyRequest,
    action: 'create' | 'update' | 'status',
    id: number | undefined,
    work: (tx: Db) => Promise<queries.SimpleMasterRow | null>,
  ) =>
    auditedMasterWrite(
      app.ctx.db,
      {
        actorId: authOf(request).userId,
        entity,
        action,
        id,
        load: find,
        versioned: { table: table as VersionedTable, ...clientCopyOf(request) },
      },
      async (tx) => (await work(tx))?.id ?? null,
    );

  app.post(base, { preHandler: adminOnly }, async (request, reply) => {
    const input = parseInput(definition.schema, request.body);
    await assertNameFree(input.name);
    const row = await write(request, 'create', undefined, (tx) => queries.insertRow(tx, table, input));
    return reply.status(201).send(envelope(row, { code: 201, message: `Menambahkan data ${label}` }));
  });

  app.put(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const input = parseInput(definition.schema, request.body);
    if (!(await queries.findRow(app.ctx.db, table, id))) throw notFound();
    await assertNameFree(input.name, id);
    const row = await write(request, 'update', id, (tx) => queries.updateRow(tx, table, id, input));
    return envelope(row, { message: `Memperbarui data ${label}` });
  });

  app.put(`${base}/:id/switch-status`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const row = await write(request, 'status', id, (tx) => queries.toggleActive(tx, table, id));
    return envelope(row, { message: 'Status berhasil diubah!' });
  });
}
