import { CONSULTANT_TYPE_NAMES, ZConsultant } from '@eusulan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { consultants } from '../../db/schema/index.ts';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { clientCopyOf, loadWithVersion } from '../../lib/row-version.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { auditedMasterWrite } from '../audit/audit.service.ts';
import * as queries from './consultant.queries.ts';
import { districtExists } from './region.queries.ts';

const adminOnly = requireAuth({ roles: ['admin'] });

type Row = NonNullable<Awaited<ReturnType<typeof queries.findConsultant>>>;

/** Spec §3 Consultant: the district only for internal consultants. */
const presentConsultant = (row: Row) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  consultantType: row.consultantType,
  consultantTypeName: CONSULTANT_TYPE_NAMES[row.consultantType],
  isActive: row.isActive,
  district: row.districtId && row.districtName ? { id: row.districtId, name: row.districtName } : null,
});

/** Konsultan (Rayon) master (spec §7): data.data + data.total, change-status; codes and names unique. */
export async function consultantRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const base = '/api-web/master/consultant';

  const find = async (from: Db, id: number) => {
    const row = await queries.findConsultant(from, id);
    return row && presentConsultant(row);
  };
  async function load(id: number) {
    const consultant = await find(db, id);
    if (!consultant) throw notFound();
    return consultant;
  }
  /** The detail, with the version an edit of it sends back (If-Match); a save answers its own. */
  const loadDetail = (id: number) => loadWithVersion(db, consultants, id, () => load(id));

  async function save(request: FastifyRequest, id?: number) {
    const input = parseInput(ZConsultant, request.body);
    const errors: Record<string, string[]> = {};
    if (await queries.takenBy(db, 'code', input.code, id)) errors.code = ['Kode Konsultan sudah terdaftar!'];
    if (await queries.takenBy(db, 'name', input.name, id)) errors.name = ['Nama Konsultan sudah terdaftar!'];
    if (input.districtId && !(await districtExists(db, input.districtId))) {
      errors.districtId = ['Wilayah tidak ditemukan.'];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const action = id ? 'update' : 'create';
    const actorId = authOf(request).userId;
    const versioned = { table: consultants, ...clientCopyOf(request) };
    return auditedMasterWrite(
      db,
      { actorId, entity: 'consultant', action, id, load: find, versioned },
      (tx) => queries.saveConsultant(tx, input, id),
    );
  }

  app.get(base, { preHandler: adminOnly }, async (request) => {
    const list = readListQuery(request.query, queries.CONSULTANT_SORTABLE, queries.CONSULTANT_SORTABLE.id);
    const { rows, total } = await queries.listConsultants(db, list);
    return pagedEnvelope(rows.map(presentConsultant), total, list);
  });
  app.get(`${base}/:id`, { preHandler: adminOnly }, async (request) =>
    envelope(await loadDetail(idParam(request.params))),
  );
  app.post(base, { preHandler: adminOnly }, async (request, reply) =>
    reply
      .status(201)
      .send(envelope(await save(request), { code: 201, message: 'Menambahkan data konsultan' })),
  );
  app.put(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    await load(id);
    return envelope(await save(request, id), { message: 'Memperbarui data konsultan' });
  });
  app.put(`${base}/:id/change-status`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const actorId = authOf(request).userId;
    const consultant = await auditedMasterWrite(
      db,
      {
        actorId,
        entity: 'consultant',
        action: 'status',
        id,
        load: find,
        versioned: { table: consultants, ...clientCopyOf(request) },
      },
      (tx) => queries.toggleConsultant(tx, id),
    );
    return envelope(consultant, { message: 'Status berhasil diubah!' });
  });
}
