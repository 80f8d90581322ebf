// Spec §7 'Dashboard, completed works, export (web)', read through the spec's read paths (see read-paths.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SAMPLE_FEATURES, shapefileZip } from '../completed-work-zips.ts';
import { sendForm } from '../multipart.ts';
import {
  CompletedWorkDetail,
  CompletedWorkImportRow,
  CompletedWorkRow,
  idName,
  Point,
  Segment,
} from './entities.ts';
import { dataDataTotal, dataList, dataRecord, demoApp, expectShape, json, ok } from './read-paths.ts';

const demo = demoApp();
const { as, call } = demo;

/** Remembered across calls, as a client keeps ids from one screen for the next. */
const seen: Record<string, number> = {};

describe('Dashboard, completed works, export', () => {
  // The consultant's own id and district, as its profile (auth/me) gives them for the export form.
  beforeAll(async () => {
    const me = dataRecord(
      await json(call('POST', '/api/auth/me', as.consultan)),
      z.object({ userable: z.object({ id: z.number().int(), district: idName.nullable() }) }),
      'auth/me (consultan)',
    );
    seen.consultantId = me.userable.id;
    if (me.userable.district) seen.consultantDistrictId = me.userable.district.id;
  });

  it('POST completed-work (multipart: year, type_work_id, file), then GET completed-work: data.data + data.total', async () => {
    const [type] = dataList(
      await json(call('GET', '/api/select-list/type-work-color?search=&limit=15', as.admin)),
      z.object({ idHash: z.string() }),
      'type-work-color',
    );
    await ok(
      sendForm(
        demo.t.app,
        '/api-web/completed-work',
        as.admin,
        { year: 2024, type_work_id: type!.idHash },
        {
          file: [
            { name: 'kontrak.zip', content: await shapefileZip(SAMPLE_FEATURES), type: 'application/zip' },
          ],
        },
      ),
    );
    for (const role of ['admin', 'umum'] as const) {
      const { rows } = dataDataTotal(
        await json(
          call(
            'GET',
            '/api-web/completed-work?page=1&limit=10&search=&sort_by=id&order_by=desc&year=2024',
            as[role],
          ),
        ),
        CompletedWorkImportRow,
        `completed-work (${role})`,
      );
      seen.importId = rows[0]!.id;
    }
  });

  it('GET completed-work-detail/{id}: data.data + data.total rows; /{id}/detail the §3 detail', async () => {
    for (const role of ['admin', 'umum'] as const) {
      const { rows } = dataDataTotal(
        await json(
          call(
            'GET',
            `/api-web/completed-work-detail/${seen.importId}?page=1&limit=10&search=&sort_by=id&order_by=asc&id=${seen.importId}`,
            as[role],
          ),
        ),
        CompletedWorkRow,
        `completed-work-detail (${role})`,
      );
      seen.workId = rows[0]!.id;
    }
    for (const role of ['admin', 'structural', 'umum'] as const) {
      const detail = dataRecord(
        await json(call('GET', `/api-web/completed-work-detail/${seen.workId}/detail`, as[role])),
        CompletedWorkDetail,
        `work detail (${role})`,
      );
      expect(detail.coordinate.length).toBeGreaterThanOrEqual(2);
      if (role === 'umum') expect(detail).not.toHaveProperty('nilaiLokasi');
      else
        expectShape(
          z.object({ nilaiLokasi: z.number().nullable(), nilaiPaket: z.number().nullable() }),
          detail,
          'nominal',
        );
    }
  });

  it('GET dashboard gives proposalId + drawLine.lokasi; dashboard/completed-work idHash, color, coordinate', async () => {
    for (const role of ['admin', 'structural', 'umum'] as const) {
      dataList(
        await json(call('GET', '/api-web/dashboard', as[role])),
        z.object({ proposalId: z.number().int(), drawLine: z.object({ lokasi: z.array(Segment).min(1) }) }),
        `dashboard (${role})`,
      );
      dataList(
        await json(call('GET', '/api-web/dashboard/completed-work', as[role])),
        z.object({ idHash: z.string(), color: z.string(), coordinate: z.array(Point).min(2) }),
        `dashboard/completed-work (${role})`,
      );
    }
    const years = dataList(
      await json(call('GET', '/api/select-list/year-proposal?limit=15', as.umum)),
      z.object({ year: z.number().int() }),
      'years',
    ).map((row) => row.year);
    dataList(
      await json(call('GET', `/api-web/dashboard?${years.map((year) => `year=${year}`).join('&')}`, as.umum)),
      z.object({ proposalId: z.number().int(), drawLine: z.object({ lokasi: z.array(Segment) }) }),
      'dashboard by year',
    );
    const [location] = dataList(
      await json(call('GET', '/api/select-list/location?search=&limit=15', as.umum)),
      z.object({ lokasi: z.string() }),
      'location',
    );
    dataList(
      await json(
        call(
          'GET',
          `/api-web/dashboard/completed-work?year=2024&location=${encodeURIComponent(location!.lokasi)}`,
          as.umum,
        ),
      ),
      z.object({ idHash: z.string(), color: z.string(), coordinate: z.array(Point) }),
      'dashboard/completed-work filtered',
      false,
    );
  });

  it('GET dashboard/export gives the pdf and the xlsx blob', async () => {
    const pdf = await ok(
      call('GET', '/api-web/dashboard/export?type=pdf&proposal_year=2025&completed_work_year=2024', as.umum),
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const xlsx = await ok(call('GET', '/api-web/dashboard/export?type=excel', as.admin));
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('POST export (JSON) gives the Hasil Survey blob, for admin and for a consultant with its consultantId', async () => {
    const districts = dataList(
      await json(call('GET', '/api/select-list/district?search=&limit=15', as.admin)),
      idName,
      'district',
    ).map((district) => district.id);
    const body = { startDate: '2000-01-01', endDate: '2100-12-31', districtId: districts, option: '.xlsx' };
    const forAdmin = await ok(call('POST', '/api-web/export', as.admin, body));
    expect(forAdmin.headers['content-type']).toContain('spreadsheetml');
    const forConsultant = await call('POST', '/api-web/export', as.consultan, {
      ...body,
      districtId: seen.consultantDistrictId ? [seen.consultantDistrictId] : districts,
      consultantId: seen.consultantId,
    });
    // Spec §8: 400 'Data tidak ditemukan!' when the consultant surveyed nothing in range; otherwise the file.
    expect([200, 400], forConsultant.body).toContain(forConsultant.statusCode);
    if (forConsultant.statusCode === 200)
      expect(forConsultant.headers['content-type']).toContain('spreadsheetml');
  });
});
