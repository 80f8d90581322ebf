import { ZSubdistrict, ZVillage } from '@eusulan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subdistricts, villages } from '../../db/schema/index.ts';
import { envelope, pagedEnvelope } from '../../lib/envelope.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { clientCopyOf, loadWithVersion } from '../../lib/row-version.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { auditedMasterWrite } from '../audit/audit.service.ts';
import * as queries from './region.queries.ts';

const adminOnly = requireAuth({ roles: ['admin'] });

/** Kecamatan and kelurahan masters (spec §7): data.data + data.total lists and change-status. */
export async function regionRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  async function loadSubdistrict(id: number) {
    const row = await queries.findSubdistrict(db, id);
    if (!row) throw notFound();
    return row;
  }
  async function loadVillage(id: number) {
    const row = await queries.findVillage(db, id);
    if (!row) throw notFound();
    return row;
  }

  app.get('/api-web/master/subdistrict', { preHandler: adminOnly }, async (request) => {
    const list = readListQuery(request.query, queries.SUBDISTRICT_SORTABLE, queries.SUBDISTRICT_SORTABLE.id);
    const { rows, total } = await queries.listSubdistricts(db, list);
    return pagedEnvelope(rows, total, list);
  });
  app.get('/api-web/master/subdistrict/:id', { preHandler: adminOnly }, async (request) =>
    envelope(
      await loadWithVersion(db, subdistricts, idParam(request.params), () =>
        loadSubdistrict(idParam(request.params)),
      ),
    ),
  );

  async function saveSubdistrict(request: FastifyRequest, id?: number) {
    const input = parseInput(ZSubdistrict, request.body);
    if (!(await queries.districtExists(db, input.districtId))) {
      throw invalid({ districtId: ['Wilayah tidak ditemukan.'] });
    }
    if (await queries.subdistrictNameTaken(db, input.name, id)) {
      throw invalid({ name: ['Nama Kecamatan sudah terdaftar!'] });
    }
    const action = id ? 'update' : 'create';
    const actorId = authOf(request).userId;
    return auditedMasterWrite(
      db,
      {
        actorId,
        entity: 'subdistrict',
        action,
        id,
        load: queries.findSubdistrict,
        versioned: { table: subdistricts, ...clientCopyOf(request) },
      },
      (tx) => queries.saveSubdistrict(tx, input, id),
    );
  }
  app.post('/api-web/master/subdistrict', { preHandler: adminOnly }, async (request, reply) =>
    reply
      .status(201)
      .send(envelope(await saveSubdistrict(request), { code: 201, message: 'Menambahkan data kecamatan' })),
  );
  app.put('/api-web/master/subdistrict/:id', { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    await loadSubdistrict(id);
    return envelope(await saveSubdistrict(request, id), {
      message: 'Memperbarui data kecamatan',
    });
  });
  app.put('/api-web/master/subdistrict/:id/change-status', { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const actorId = authOf(request).userId;
    const row = await auditedMasterWrite(
      db,
      {
        actorId,
        entity: 'subdistrict',
        action: 'status',
        id,
        load: queries.findSubdistrict,
        versioned: { table: subdistricts, ...clientCopyOf(request) },
      },
      (tx) => queries.toggleSubdistrict(tx, id),
    );
    return envelope(row, { message: 'Status berhasil diubah!' });
  });

  app.get('/api-web/master/village', { preHandler: adminOnly }, async (request) => {
    const list = readListQuery(request.query, queries.VILLAGE_SORTABLE, queries.VILLAGE_SORTABLE.id);
    const { rows, total } = await queries.listVillages(db, list);
    return pagedEnvelope(rows, total, list);
  });
  app.get('/api-web/master/village/:id', { preHandler: adminOnly }, async (request) =>
    envelope(
      await loadWithVersion(db, villages, idParam(request.params), () =>
        loadVillage(idParam(request.params)),
      ),
    ),
  );

  async function saveVillage(request: FastifyRequest, id?: number) {
    const input = parseInput(ZVillage, request.body);
    if (!(await queries.findSubdistrict(db, input.subdistrictId))) {
      throw invalid({ subdistrictId: ['Kecamatan tidak ditemukan.'] });
    }
    if (await queries.villageNameTaken(db, input.name, input.subdistrictId, id)) {
      throw invalid({ name: ['Nama Kelurahan sudah terdaftar di kecamatan ini!'] });
    }
    const action = id ? 'update' : 'create';
    const actorId = authOf(request).userId;
    return auditedMasterWrite(
      db,
      {
        actorId,
        entity: 'village',
        action,
        id,
        load: queries.findVillage,
        versioned: { table: villages, ...clientCopyOf(request) },
      },
      (tx) => queries.saveVillage(tx, input, id),
    );
  }
  app.post('/api-web/master/village', { preHandler: adminOnly }, async (request, reply) =>
    reply
      .status(201)
      .send(envelope(await saveVillage(request), { code: 201, message: 'Menambahkan data kelurahan' })),
  );
  app.put('/api-web/master/village/:id', { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    await loadVillage(id);
    return envelope(await saveVillage(request, id), {
      message: 'Memperbarui data kelurahan',
    });
  });
  app.put('/api-web/master/village/:id/change-status', { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const actorId = authOf(request).userId;
    const row = await auditedMasterWrite(
      db,
      {
        actorId,
        entity: 'village',
        action: 'status',
        id,
        load: queries.findVillage,
        versioned: { table: villages, ...clientCopyOf(request) },
      },
      (tx) => queries.toggleVillage(tx, id),
    );
    return envelope(row, { message: 'Status berhasil diubah!' });
  });
}
