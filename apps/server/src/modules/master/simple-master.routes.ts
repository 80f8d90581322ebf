import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { envelope } from '../../lib/envelope.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireAuth } from '../../plugins/auth.ts';
import * as queries from './simple-master.queries.ts';

export interface SimpleMasterDefinition {
  /** The path segment after /api-web/master/, e.g. 'road'. */
  entity: string;
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
    const row = await queries.findRow(app.ctx.db, table, idParam(request.params));
    if (!row) throw notFound();
    return envelope(present(row));
  });

  app.post(base, { preHandler: adminOnly }, async (request, reply) => {
    const input = parseInput(definition.schema, request.body);
    await assertNameFree(input.name);
    const row = await queries.insertRow(app.ctx.db, table, input);
    return reply
      .status(201)
      .send(envelope(present(row), { code: 201, message: `Menambahkan data ${label}` }));
  });

  app.put(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const input = parseInput(definition.schema, request.body);
    if (!(await queries.findRow(app.ctx.db, table, id))) throw notFound();
    await assertNameFree(input.name, id);
    const row = await queries.updateRow(app.ctx.db, table, id, input);
    if (!row) throw notFound();
    return envelope(present(row), { message: `Memperbarui data ${label}` });
  });

  app.put(`${base}/:id/switch-status`, { preHandler: adminOnly }, async (request) => {
    const row = await queries.toggleActive(app.ctx.db, table, idParam(request.params));
    if (!row) throw notFound();
    return envelope(present(row), { message: 'Status berhasil diubah!' });
  });
}
