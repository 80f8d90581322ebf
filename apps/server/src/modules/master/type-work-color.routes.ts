import { ZTypeWorkColor } from '@eusulan/shared';
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { completedWorkImports, typeWorkColors } from '../../db/schema/index.ts';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { badRequest, invalid, notFound } from '../../lib/http-error.ts';
import { containsPattern, type ListRequest, lowerEquals, readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { clientCopyOf, loadWithVersion } from '../../lib/row-version.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { auditedMasterWrite } from '../audit/audit.service.ts';

const adminOnly = requireAuth({ roles: ['admin'] });
export const TYPE_WORK_COLOR_SORTABLE = {
  id: typeWorkColors.id,
  typeWork: typeWorkColors.typeWork,
  color: typeWorkColors.color,
};
const columns = { id: typeWorkColors.id, typeWork: typeWorkColors.typeWork, color: typeWorkColors.color };

/** GET type-work-color: the colours searched on type or colour, one page and the total. */
export async function listTypeWorkColors(db: Db, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where = list.search
    ? or(ilike(typeWorkColors.typeWork, pattern), ilike(typeWorkColors.color, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(typeWorkColors)
      .where(where)
      .orderBy(list.orderBy, typeWorkColors.id)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ total: count() }).from(typeWorkColors).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

async function findColor(db: Db, id: number) {
  const [row] = await db.select(columns).from(typeWorkColors).where(eq(typeWorkColors.id, id));
  return row ?? null;
}

async function typeWorkTaken(db: Db, typeWork: string, exceptId?: number) {
  const [row] = await db
    .select({ id: typeWorkColors.id })
    .from(typeWorkColors)
    .where(
      and(
        lowerEquals(typeWorkColors.typeWork, typeWork),
        exceptId ? ne(typeWorkColors.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Warna Jenis Pekerjaan (spec §7): the map colour per completed-work type; Edit and Hapus, no status. */
export async function typeWorkColorRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const base = '/api-web/master/type-work-color';

  async function load(id: number) {
    const row = await findColor(db, id);
    if (!row) throw notFound();
    return row;
  }

  async function save(request: FastifyRequest, id?: number) {
    const input = parseInput(ZTypeWorkColor, request.body);
    if (await typeWorkTaken(db, input.type_work, id)) {
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
        load: findColor,
        versioned: { table: typeWorkColors, ...clientCopyOf(request) },
      },
      async (tx) => {
        const [row] = id
          ? await tx
              .update(typeWorkColors)
              .set({ ...values, updatedAt: sql`now()` })
              .where(eq(typeWorkColors.id, id))
              .returning(columns)
          : await tx.insert(typeWorkColors).values(values).returning(columns);
        return row?.id ?? null;
      },
    );
  }

  app.get(base, { preHandler: adminOnly }, async (request) => {
    const list = readListQuery(request.query, TYPE_WORK_COLOR_SORTABLE, TYPE_WORK_COLOR_SORTABLE.id);
    const { rows, total } = await listTypeWorkColors(db, list);
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
    const [used] = await db
      .select({ id: completedWorkImports.id })
      .from(completedWorkImports)
      .where(eq(completedWorkImports.typeWorkColorId, id))
      .limit(1);
    if (used) throw badRequest('Warna ini dipakai oleh data Pekerjaan Selesai dan tidak dapat dihapus.');
    const actorId = authOf(request).userId;
    await auditedMasterWrite(
      db,
      { actorId, entity: 'type-work-color', action: 'delete', id, load: findColor },
      async (tx) => {
        const [row] = await tx
          .delete(typeWorkColors)
          .where(eq(typeWorkColors.id, id))
          .returning({ id: typeWorkColors.id });
        return row?.id ?? null;
      },
    );
    return envelope(null, { message: 'Data berhasil dihapus' });
  });
}
