import type { TAuditEntry } from '@eusulan/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX } from '../../../test/access-table.ts';
import { SAMPLE_FEATURES, shapefileZip } from '../../../test/completed-work-zips.ts';
import { buildWorkType } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { filledImportTemplate } from '../../../test/import-workbook.ts';
import { waitForJob } from '../../../test/jobs.ts';
import { fixture, multipart, type UploadPart } from '../../../test/multipart.ts';
import { auditEvents, consultants, districts, roles } from '../../db/schema/index.ts';

/**
 * Write routes that change neither a proposal nor a master record, so leave no audit record: the session
 * calls, the completed-work import (a year's file replaced whole, kept in its own import history) and the
 * survey report (it writes nothing).
 */
const NOT_AUDITED = new Set([
  'POST /api/auth/login',
  'POST /api/auth/me',
  'POST /api/auth/logout',
  'PUT /api/auth/change-password',
  'POST /api-web/export',
  'POST /api-web/export/jobs',
  // Numbering a report is kept with the report itself (survey_report_letters: who and when), not as a change.
  'POST /api-web/survey-report/:id/letter',
]);

/** Each write route that answered 2xx here, with the audit rows it added. */
const written = new Map<string, number>();
let t: TestApp;
let admin: { headers: Record<string, string>; name: string };
let consultant: { headers: Record<string, string>; consultantId: number; name: string };
let structural: { headers: Record<string, string> };
let districtId: number;
const ids = { road: 0, otherRoad: 0, subdistrict: 0, village: 0, asb: 0, roadType: 0, category: 0 };

const auditCount = async () => (await t.db.select({ id: auditEvents.id }).from(auditEvents)).length;

beforeAll(async () => {
  const countBefore = new WeakMap<FastifyRequest, number>();
  t = await createTestApp(
    {},
    {
      // Every write route counts the audit rows its successful calls left (before the answer is sent,
      // so the next call never starts in between).
      onRoute: (route: RouteOptions) => {
        const method = String(route.method);
        if (!['POST', 'PUT', 'DELETE'].includes(method)) return;
        const key = `${method} ${route.url}`;
        const hooks = (hook: unknown) => (Array.isArray(hook) ? hook : hook ? [hook] : []);
        route.preHandler = [
          ...hooks(route.preHandler),
          async (request: FastifyRequest) => {
            countBefore.set(request, await auditCount());
          },
        ];
        route.onSend = [
          ...hooks(route.onSend),
          async (request: FastifyRequest, reply: FastifyReply) => {
            const before = countBefore.get(request);
            if (before === undefined || reply.statusCode >= 300) return;
            written.set(key, (written.get(key) ?? 0) + (await auditCount()) - before);
          },
        ];
      },
    },
  );
  const adminUser = await t.signIn('admin');
  admin = { headers: adminUser.headers, name: `${adminUser.user.name} (${adminUser.user.username})` };
  const [district] = await t.db.insert(districts).values({ name: 'Surabaya Pusat' }).returning();
  districtId = district!.id;
  const surveyor = await t.signIn('consultan', { districtId });
  consultant = {
    headers: surveyor.headers,
    consultantId: surveyor.user.consultantId!,
    name: `${surveyor.user.name} (${surveyor.user.username})`,
  };
  structural = { headers: (await t.signIn('structural')).headers };
});
afterAll(async () => {
  await t.close();
});

async function call(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

async function send(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: Record<string, UploadPart[]> = {},
) {
  const body = await multipart(fields, files);
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

async function history(proposalId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api-web/proposal/${proposalId}/audit`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.data as TAuditEntry[];
}

/** The newest entry of a proposal's history, its changes as 'Label: before → after'. */
async function latest(proposalId: number) {
  const [entry] = await history(proposalId);
  if (!entry) throw new Error(`no history for proposal ${proposalId}`);
  return {
    ...entry,
    lines: entry.changes.map((change) => `${change.label}: ${change.before} → ${change.after}`),
  };
}

async function masterRecords(entity: string, entityId: number) {
  return t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(auditEvents.id);
}

describe('audit trail of master changes', () => {
  it('records creation, update and status of every simple master, with names before and after', async () => {
    for (const entity of ['road', 'road-type', 'photo-category', 'asb-surveyor', 'work-note']) {
      const base = `/api-web/master/${entity}`;
      const extra = entity === 'asb-surveyor' ? { price: 150_000 } : {};
      const created = await call('POST', base, admin.headers, { name: `Awal ${entity}`, ...extra });
      await call('PUT', `${base}/${created.id}`, admin.headers, { name: `Baru ${entity}`, ...extra });
      await call('PUT', `${base}/${created.id}/switch-status`, admin.headers);
      await call('PUT', `${base}/${created.id}/switch-status`, admin.headers);
      const records = await masterRecords(entity, created.id);
      expect(records.map((record) => record.action)).toEqual(['create', 'update', 'status', 'status']);
      expect(records[0]).toMatchObject({
        actorName: admin.name,
        before: null,
        after: { name: `Awal ${entity}`, isActive: true, ...extra },
      });
      expect(records[1]).toMatchObject({
        before: { name: `Awal ${entity}` },
        after: { name: `Baru ${entity}` },
      });
      expect(records[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
      if (entity === 'road') ids.road = created.id;
      if (entity === 'asb-surveyor') ids.asb = created.id;
      if (entity === 'road-type') ids.roadType = created.id;
      if (entity === 'photo-category') ids.category = created.id;
    }
    ids.otherRoad = (await call('POST', '/api-web/master/road', admin.headers, { name: 'Jalan Pemuda' })).id;
  });

  it('records kecamatan, kelurahan, consultant and colour changes, and a deleted colour as it was', async () => {
    const subdistrict = await call('POST', '/api-web/master/subdistrict', admin.headers, {
      name: 'Genteng',
      districtId,
    });
    await call('PUT', `/api-web/master/subdistrict/${subdistrict.id}`, admin.headers, {
      name: 'Genteng Baru',
      districtId,
    });
    await call('PUT', `/api-web/master/subdistrict/${subdistrict.id}/change-status`, admin.headers);
    await call('PUT', `/api-web/master/subdistrict/${subdistrict.id}/change-status`, admin.headers);
    const subdistrictRecords = await masterRecords('subdistrict', subdistrict.id);
    expect(subdistrictRecords.map((record) => record.action)).toEqual([
      'create',
      'update',
      'status',
      'status',
    ]);
    expect(subdistrictRecords[0]!.after).toMatchObject({ name: 'Genteng', district: 'Surabaya Pusat' });
    expect(subdistrictRecords[1]).toMatchObject({
      before: { name: 'Genteng' },
      after: { name: 'Genteng Baru' },
    });
    ids.subdistrict = subdistrict.id;

    const village = await call('POST', '/api-web/master/village', admin.headers, {
      name: 'Embong Kaliasin',
      subdistrictId: subdistrict.id,
    });
    // Saving a record unchanged is no change: no record for it.
    await call('PUT', `/api-web/master/village/${village.id}`, admin.headers, {
      name: 'Embong Kaliasin',
      subdistrictId: subdistrict.id,
    });
    await call('PUT', `/api-web/master/village/${village.id}`, admin.headers, {
      name: 'Embong Kaliasin Baru',
      subdistrictId: subdistrict.id,
    });
    await call('PUT', `/api-web/master/village/${village.id}/change-status`, admin.headers);
    await call('PUT', `/api-web/master/village/${village.id}/change-status`, admin.headers);
    const villageRecords = await masterRecords('village', village.id);
    expect(villageRecords.map((record) => record.action)).toEqual(['create', 'update', 'status', 'status']);
    expect(villageRecords[0]!.after).toMatchObject({ name: 'Embong Kaliasin', subdistrict: 'Genteng Baru' });
    ids.village = village.id;

    const rayon = await call('POST', '/api-web/master/consultant', admin.headers, {
      code: 'RYN-09',
      name: 'Rayon Pusat',
      consultantType: 'internal',
      districtId,
    });
    await call('PUT', `/api-web/master/consultant/${rayon.id}`, admin.headers, {
      code: 'CV-09',
      name: 'CV Pusat',
      consultantType: 'external',
    });
    await call('PUT', `/api-web/master/consultant/${rayon.id}/change-status`, admin.headers);
    const rayonRecords = await masterRecords('consultant', rayon.id);
    expect(rayonRecords.map((record) => record.action)).toEqual(['create', 'update', 'status']);
    expect(rayonRecords[1]).toMatchObject({
      before: { code: 'RYN-09', name: 'Rayon Pusat', consultantType: 'internal', district: 'Surabaya Pusat' },
      after: { code: 'CV-09', name: 'CV Pusat', consultantType: 'external', district: null },
    });

    const color = await call('POST', '/api-web/master/type-work-color', admin.headers, {
      type_work: 'Pemeliharaan',
      color: '#FF0000',
    });
    await call('PUT', `/api-web/master/type-work-color/${color.id}`, admin.headers, {
      type_work: 'Pemeliharaan',
      color: '#00ff00',
    });
    await call('DELETE', `/api-web/master/type-work-color/${color.id}`, admin.headers);
    const colorRecords = await masterRecords('type-work-color', color.id);
    expect(colorRecords.map((record) => record.action)).toEqual(['create', 'update', 'delete']);
    expect(colorRecords[1]).toMatchObject({ before: { color: '#ff0000' }, after: { color: '#00ff00' } });
    expect(colorRecords[2]).toMatchObject({
      before: { typeWork: 'Pemeliharaan', color: '#00ff00' },
      after: null,
    });
  });

  it('records user changes and a password reset without the password', async () => {
    const [umumRole] = await t.db.select().from(roles).where(eq(roles.slug, 'umum'));
    const [structuralRole] = await t.db.select().from(roles).where(eq(roles.slug, 'structural'));
    const user = await call('POST', '/api-web/master/user', admin.headers, {
      roleId: umumRole!.id,
      username: 'warga.audit',
      name: 'Warga Audit',
      password: 'Rahasia123',
      passwordConfirmation: 'Rahasia123',
    });
    await call('PUT', `/api-web/master/user/${user.id}`, admin.headers, {
      roleId: structuralRole!.id,
      username: 'warga.audit',
      name: 'Pejabat Audit',
    });
    await call('PUT', `/api-web/master/user/${user.id}/change-status`, admin.headers);
    await call('PUT', `/api-web/master/user/${user.id}/reset-password`, admin.headers);
    const records = await masterRecords('user', user.id);
    expect(records.map((record) => record.action)).toEqual(['create', 'update', 'status', 'reset-password']);
    expect(records[0]!.after).toEqual({
      name: 'Warga Audit',
      username: 'warga.audit',
      role: 'Umum',
      userable: null,
      isActive: true,
    });
    expect(records[1]).toMatchObject({
      before: { name: 'Warga Audit', role: 'Umum' },
      after: { name: 'Pejabat Audit', role: 'Struktural' },
    });
    expect(records[3]).toMatchObject({
      before: { password: null },
      after: { password: 'Direset ke password bawaan' },
    });
    expect(JSON.stringify(records)).not.toMatch(/Rahasia123|argon2/);
  });

  it('writes nothing when the change is refused', async () => {
    const before = await auditCount();
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api-web/master/road',
      headers: admin.headers,
      payload: { name: 'Jalan Pemuda' },
    });
    expect(duplicate.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api-web/master/road/999999/switch-status',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });
});

describe('audit trail of a proposal, from registration to approval', () => {
  let proposalId: number;

  it('records the registration with every field and its files', async () => {
    const detail = await send(
      '/api-web/proposal',
      admin.headers,
      {
        proposalType: 'taruna',
        proposalDate: '2026-03-14',
        proposerName: 'Siti Aminah',
        phoneNumber: '081234567890',
        roadId: ids.road,
        villageId: ids.village,
        rtNumber: '03',
        rwNumber: '07',
        address: 'Jl. Tunjungan No. 12',
        consultantId: consultant.consultantId,
      },
      { 'files[]': [fixture('surat-usulan.pdf', 'surat.pdf')] },
    );
    proposalId = detail.id;
    const entry = await latest(proposalId);
    expect(entry).toMatchObject({ action: 'create', actionName: 'Menambahkan data', actorName: admin.name });
    expect(entry.lines).toEqual([
      'Jenis Usulan: - → Taruna',
      'Tanggal: - → 14-03-2026',
      'Nama: - → Siti Aminah',
      'No HP: - → 081234567890',
      'Jalan: - → Baru road',
      'Kelurahan: - → Embong Kaliasin Baru - Kecamatan Genteng Baru',
      'RT: - → 03',
      'RW: - → 07',
      'Alamat: - → Jl. Tunjungan No. 12',
      expect.stringMatching(/^Konsultan: - → K-\d+ - Konsultan Uji \d+$/),
      'Status: - → Belum diverifikasi',
      'Proses: - → -',
      'Files: - → surat.pdf',
      'Files Struktural: - → -',
    ]);
    expect(Date.parse(entry.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records an edit with only what changed, files included', async () => {
    await send(
      `/api-web/proposal/${proposalId}`,
      admin.headers,
      {
        proposalType: 'taruna',
        proposalDate: '2026-03-14',
        proposerName: 'Siti Aminah Baru',
        phoneNumber: '081234567890',
        roadId: ids.otherRoad,
        villageId: ids.village,
        rtNumber: '03',
        address: 'Jl. Tunjungan No. 12',
        consultantId: consultant.consultantId,
      },
      { 'files[]': [fixture('road-photo.png', 'foto.png')] },
    );
    const entry = await latest(proposalId);
    expect(entry).toMatchObject({ action: 'update', actionName: 'Memperbarui data' });
    expect(entry.lines).toEqual([
      'Nama: Siti Aminah → Siti Aminah Baru',
      'Jalan: Baru road → Jalan Pemuda',
      'RW: 07 → -',
      'Files: surat.pdf → foto.png',
    ]);
  });

  it('records the verification, each survey step and the submission', async () => {
    await call('POST', '/api-web/verification', consultant.headers, { proposalId: [proposalId] });
    expect((await latest(proposalId)).lines).toEqual([
      'Status: Belum diverifikasi → Terverifikasi, belum disurvey',
    ]);
    expect((await latest(proposalId)).actorName).toBe(consultant.name);

    await call('POST', `/api/survey/${proposalId}`, consultant.headers, {
      roadTypes: [ids.roadType],
      roadCondition: 'Aspal retak',
      canalExisting: 'Ada',
      canalCondition: 'Tersumbat',
      damageIdentification: '<p>Lubang <strong>30 cm</strong></p><script>alert(1)</script>',
      suggestion: '<p>Tambal</p>',
      surveyRoad: [
        {
          drawLine: {
            lokasi: [{ startLat: -7.2575, startLon: 112.7381, endLat: -7.2601, endLon: 112.7389 }],
          },
          asbSurveyors: [{ asbSurveyorId: ids.asb, long: 10, wide: 2 }],
        },
      ],
    });
    const saved = await latest(proposalId);
    expect(saved.action).toBe('survey-save');
    expect(saved.lines).toEqual([
      'Kondisi Jalan: - → Aspal retak',
      'Saluran Eksisting: - → Ada',
      'Kondisi Saluran: - → Tersumbat',
      'Identifikasi Kerusakan: - → Lubang 30 cm',
      'Saran: - → Tambal',
      'Jenis Jalan: - → Baru road-type',
      'Jumlah Ruas Survey: - → 1',
      'Item ASB: - → Baru asb-surveyor',
      'Estimasi Biaya: - → Rp 3.000.000',
    ]);

    const photo = await send(
      `/api/survey/${proposalId}/photo`,
      consultant.headers,
      { photoCategoryId: ids.category },
      { file: [fixture('road-photo.png', 'lubang.png')] },
    );
    expect((await latest(proposalId)).lines).toEqual(['Foto Survey: - → lubang.png']);
    await send(
      `/api/survey/${proposalId}/photo`,
      consultant.headers,
      { photoCategoryId: ids.category },
      { file: [fixture('road-photo.png', 'kedua.png')] },
    );
    const firstPhotoId = photo.surveyPhotos[0].id;
    await call('DELETE', `/api/survey/${proposalId}/photo/${firstPhotoId}`, consultant.headers);
    expect(await latest(proposalId)).toMatchObject({
      action: 'survey-photo-delete',
      lines: ['Foto Survey: lubang.png, kedua.png → kedua.png'],
    });
    const video = await send(
      `/api/survey/${proposalId}/video`,
      consultant.headers,
      { description: 'Rekaman' },
      { file: [fixture('survey-clip.mp4', 'rekaman.mp4')] },
    );
    expect((await latest(proposalId)).lines).toEqual(['Video Survey: - → rekaman.mp4']);
    await call('DELETE', `/api/survey/${proposalId}/video/${video.surveyVideos[0].id}`, consultant.headers);
    expect((await latest(proposalId)).action).toBe('survey-video-delete');

    await call('POST', `/api/survey/${proposalId}/submit`, consultant.headers);
    const submitted = await latest(proposalId);
    expect(submitted.action).toBe('survey-submit');
    expect(submitted.lines).toContain('Status: Terverifikasi, belum disurvey → Sudah disurvey');
    // The submission states the survey as sent.
    expect(submitted.lines).toContain('Estimasi Biaya: - → Rp 3.000.000');
    expect(submitted.lines).toContain('Foto Survey: - → kedua.png');
  });

  it('records a contact-person edit and the structural approval with its documents', async () => {
    await send(`/api-web/proposal/${proposalId}/contact-person`, structural.headers, {
      proposalDate: '2026-04-01',
      proposerName: 'Bambang',
      phoneNumber: '0311234567',
      roadId: ids.otherRoad,
      villageId: ids.village,
      address: 'Jl. Pemuda 3',
      'existingFileId[]': [],
    });
    expect(await latest(proposalId)).toMatchObject({
      action: 'contact-person',
      lines: [
        'Tanggal: 14-03-2026 → 01-04-2026',
        'Nama: Siti Aminah Baru → Bambang',
        'No HP: 081234567890 → 0311234567',
        'RT: 03 → -',
        'Alamat: Jl. Tunjungan No. 12 → Jl. Pemuda 3',
        'Files: foto.png → -',
      ],
    });
    await send(
      `/api-web/process/${proposalId}/change-process`,
      structural.headers,
      { processType: 'swakelola' },
      {
        'files[]': [fixture('surat-usulan.pdf', 'nota dinas.pdf')],
      },
    );
    expect(await latest(proposalId)).toMatchObject({
      action: 'approve',
      actionName: 'Menyetujui usulan',
      lines: [
        'Status: Sudah disurvey → Selesai (disetujui)',
        'Proses: - → Swakelola',
        'Files Struktural: - → nota dinas.pdf',
      ],
    });
    const actions = (await history(proposalId)).map((entry) => entry.action);
    expect(actions).toEqual([
      'approve',
      'contact-person',
      'survey-submit',
      'survey-video-delete',
      'survey-video-add',
      'survey-photo-delete',
      'survey-photo-add',
      'survey-photo-add',
      'survey-save',
      'verify',
      'update',
      'create',
    ]);
  });

  it('records each imported proposal', async () => {
    const [rayon] = await t.db
      .select({ code: consultants.code, name: consultants.name })
      .from(consultants)
      .where(eq(consultants.id, consultant.consultantId));
    const place = 'Embong Kaliasin Baru - Genteng Baru';
    const consultantCell = `${rayon!.code} - ${rayon!.name}`;
    const workbook = await filledImportTemplate(t, admin.headers, 'pokir', [
      [
        '17-08-2026',
        'Budi Santoso',
        '0812345678',
        'Jalan Pemuda',
        place,
        '01',
        '02',
        'Jl. Pemuda 10',
        consultantCell,
      ],
      ['18-08-2026', 'Ani', '0315551234', null, place, null, null, 'Gg. Buntu', consultantCell],
    ]);
    const before = await auditCount();
    await send(
      '/api-web/proposal/import-template',
      admin.headers,
      { proposalType: 'pokir' },
      {
        file: [{ name: 'usulan.xlsx', content: workbook }],
      },
    );
    const records = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'import'));
    expect(await auditCount()).toBe(before + 2);
    expect(records.map((record) => record.after?.proposerName)).toEqual(['Budi Santoso', 'Ani']);
    expect(records[0]!.after).toMatchObject({ proposalType: 'pokir', road: 'Jalan Pemuda', rtNumber: '01' });

    // The same import as a background job records its rows when the job stores them, after the 202. Another
    // workbook: the same file again would be refused as imported before.
    const secondWorkbook = await filledImportTemplate(t, admin.headers, 'pokir', [
      [
        '19-08-2026',
        'Citra',
        '081234567891',
        'Jalan Pemuda',
        place,
        '03',
        '04',
        'Jl. Pemuda 12',
        consultantCell,
      ],
      ['20-08-2026', 'Dodi', '0315551235', null, place, null, null, 'Gg. Lurus', consultantCell],
    ]);
    const queued = await send(
      '/api-web/proposal/import-template/jobs',
      admin.headers,
      { proposalType: 'pokir' },
      { file: [{ name: 'usulan-2.xlsx', content: secondWorkbook }] },
    );
    const job = await waitForJob(t.app, admin.headers, queued.id);
    expect(job.status).toBe('done');
    expect(await auditCount()).toBe(before + 4);
    written.set('POST /api-web/proposal/import-template/jobs', 2);
  });

  it('shows the history to admins only, and 404 for an unknown proposal', async () => {
    for (const headers of [consultant.headers, structural.headers]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api-web/proposal/${proposalId}/audit`,
        headers,
      });
      expect(response.statusCode).toBe(403);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api-web/proposal/999999/audit',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('audit trail of a completed-work import', () => {
  it('records the import, on either call, and its removal with what it held', async () => {
    const type = await buildWorkType(t.db, { typeWork: 'Pengaspalan' });
    const zip = async (layer: string) => ({
      file: [
        {
          name: 'jalan.zip',
          content: await shapefileZip(SAMPLE_FEATURES, { layer }),
          type: 'application/zip',
        },
      ],
    });
    const fields = { year: 2025, type_work_id: type.id };
    const imported = await send('/api-web/completed-work', admin.headers, fields, await zip('langsung'));
    const queued = await send('/api-web/completed-work/jobs', admin.headers, fields, await zip('antrian'));
    const job = await waitForJob(t.app, admin.headers, queued.id);
    expect(job.status).toBe('done');
    written.set('POST /api-web/completed-work/jobs', 1);

    const id = imported.completedWork.id as number;
    await call('DELETE', `/api-web/completed-work/${id}`, admin.headers);
    const records = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'completed-work'), eq(auditEvents.entityId, id)))
      .orderBy(auditEvents.id);
    const held = { fileName: 'jalan.zip', year: 2025, typeWork: 'Pengaspalan', works: 3 };
    expect(
      records.map(({ action, actorName, before, after }) => ({ action, actorName, before, after })),
    ).toEqual([
      { action: 'import', actorName: admin.name, before: null, after: held },
      { action: 'delete', actorName: admin.name, before: held, after: null },
    ]);
  });
});

describe('audit trail of the letter settings', () => {
  it('records the format and Sifat, and the crest by its file name, as it is put up and taken down', async () => {
    const events = () =>
      t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'office-settings'), eq(auditEvents.entityId, 1)))
        .orderBy(auditEvents.id);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api-web/office-settings',
      headers: admin.headers,
      payload: { letterNumberFormat: '620/{nomor}/{bulan}/{tahun}', sifat: 'Segera' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const form = await multipart({}, { file: [fixture('road-photo.png', 'lambang.png')] });
    const crest = await t.app.inject({
      method: 'POST',
      url: '/api-web/office-settings/crest',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(crest.statusCode, crest.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api-web/office-settings/crest',
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await events()).map(({ actorName, before, after }) => ({ actorName, before, after }))).toEqual([
      {
        actorName: admin.name,
        before: { letterNumberFormat: '620/{nomor}/436.7.6/{tahun}', sifat: 'Biasa' },
        after: { letterNumberFormat: '620/{nomor}/{bulan}/{tahun}', sifat: 'Segera' },
      },
      { actorName: admin.name, before: { crestName: 'Logo aplikasi' }, after: { crestName: 'lambang.png' } },
      { actorName: admin.name, before: { crestName: 'lambang.png' }, after: { crestName: 'Logo aplikasi' } },
    ]);
  });
});

describe('coverage', () => {
  it('every write route of the access table left an audit record here, or is listed as not audited', () => {
    const writeRoutes = Object.keys(MATRIX).filter((route) => /^(POST|PUT|DELETE) /.test(route));
    const unaudited = writeRoutes.filter((route) => !NOT_AUDITED.has(route) && !written.get(route));
    expect(unaudited).toEqual([]);
  });
});
