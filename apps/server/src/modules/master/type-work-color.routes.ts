import { ZTypeWorkColor } from '@eusulan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typeWorkColors } from '../../db/schema/index.ts';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { badRequest, invalid, notFound } from '../../lib/http-error.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { clientCopyOf, loadWithVersion } from '../../lib/row-version.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { auditedMasterWrite } from '../audit/audit.service.ts';
import * as queries from './type-work-color.queries.ts';

const adminOnly = requireAuth({ roles: ['admin'] });

/** Warna Jenis Pekerjaan (spec §7): the map colour per completed-work type; Edit and Hapus, no status. */
export async function typeWorkColorRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const base = '/api-web/master/type-work-color';

  async function load(id: number) {
    const row = await queries.findColor(db, id);
    if (!row) throw notFound();
    return row;
  }

  async function save(request: FastifyRequest, id?: number) {
    const input = parseInput(ZTypeWorkColor, request.body);
    if (await queries.typeWorkTaken(db, input.type_work, id)) {
      throw invalid({ type_work: ['Jenis Pekerjaan sudah memiliki warna!'] });
    }
    const values = { typeWork: input.type_work, color: input.color.toLowerCase() };
    const action = id ? 'update' : 'create';
    const actorId = authOf(request).userId;
    return auditedMasterWrite(
      db,
      {
        actorId,
        entity: 'type-work-color',
        action,
        id,
        load: queries.findColor,
        versioned: { table: typeWorkColors, ...clientCopyOf(request) },
      },
      (tx) => queries.saveColor(tx, values, id),
    );
  }

  app.get(base, { preHandler: adminOnly }, async (request) => {
    const list = readListQuery(
      request.query,
      queries.TYPE_WORK_COLOR_SORTABLE,
      queries.TYPE_WORK_COLOR_SORTABLE.id,
    );
    const { rows, total } = await queries.listTypeWorkColors(db, list);
    return pagedEnvelope(rows, total, list);
  });
  app.get(`${base}/:id`, { preHandler: adminOnly }, async (request) =>
    envelope(
      await loadWithVersion(db, typeWorkColors, idParam(request.params), () => load(idParam(request.params))),
    ),
  );
  app.post(base, { preHandler: adminOnly }, async (request, reply) =>
    reply
      .status(201)
      .send(envelope(await save(request), { code: 201, message: 'Menambahkan data warna jenis pekerjaan' })),
  );
  app.put(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    await load(id);
    return envelope(await save(request, id), {
      message: 'Memperbarui data warna jenis pekerjaan',
    });
  });
  app.delete(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    await load(id);
    if (await queries.colorInUse(db, id)) {
      throw badRequest('Warna ini dipakai oleh data Pekerjaan Selesai dan tidak dapat dihapus.');
    }
    const actorId = authOf(request).userId;
    await auditedMasterWrite(
      db,
      { actorId, entity: 'type-work-color', action: 'delete', id, load: queries.findColor },
      (tx) => queries.deleteColor(tx, id),
    );
    return envelope(null, { message: 'Data berhasil dihapus' });
  });
}
