// The spec's wire contract (spec §3 and §7), read as a client written from the spec alone would read it:
// every call of §7, made by the role whose screen makes it, on the demo data set, each response read only
// through the spec's read paths (data.auth.accessToken, data.data + data.total, data + meta.total,
// data.errorList, the item fields of §3), checking that each field the spec names is there with its type.
// A change of shape fails here; fields of our own beside the spec's are allowed.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SAMPLE_FEATURES, shapefileZip } from '../src/modules/completed-work/completed-work.fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { filledImportTemplate } from './import-workbook.ts';
import { fixture, multipart } from './multipart.ts';

let t: TestApp;
type Headers = Record<string, string>;
const as: Record<'admin' | 'consultan' | 'structural' | 'umum', Headers> = {
  admin: {},
  consultan: {},
  structural: {},
  umum: {},
};
/** The demo's internal consultant (konsultan1), whose proposals the demo set assigns. */
const DEMO_PASSWORD = 'demo1234';
const DEMO_CONSULTANT = { username: 'konsultan1', password: DEMO_PASSWORD };

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  as.admin = (await t.signIn('admin')).headers;
  // The demo's users sign in as a spec client does; the admin's password is generated at first start.
  as.structural = await bearerOf('struktural1', DEMO_PASSWORD);
  as.umum = await bearerOf('umum1', DEMO_PASSWORD);
  as.consultan = await bearerOf(DEMO_CONSULTANT.username, DEMO_CONSULTANT.password);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** POST auth/login (global): the token is read at data.auth.accessToken and sent as a bearer. */
async function bearerOf(username: string, password: string): Promise<Headers> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password, recaptcha: 'x' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json().data.auth.accessToken;
  expect(typeof token).toBe('string');
  return { authorization: `Bearer ${token}` };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject(
    payload === undefined
      ? { method, url, headers }
      : { method, url, headers, payload: payload as Record<string, unknown> },
  );

async function ok(response: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(200);
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
}
const json = async (response: Promise<LightMyRequestResponse>) => (await ok(response)).json();

async function sendForm(
  url: string,
  headers: Headers,
  fields: Parameters<typeof multipart>[0],
  files: Parameters<typeof multipart>[1] = {},
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/**
 * Checks a value against the spec's fields and returns the value itself, typed: fields beyond the spec's
 * are allowed and kept (a parse would strip them, and hide what umum must not receive).
 */
function expectShape<T extends z.ZodType>(schema: T, value: unknown, label: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`${label}: ${z.prettifyError(result.error)}\n${JSON.stringify(value).slice(0, 600)}`);
  }
  return value as z.output<T>;
}
/** Every item of a list against the item's shape; a list must not be empty where the demo has data. */
function expectItems<T extends z.ZodType>(schema: T, items: unknown, label: string, nonEmpty = true) {
  const list = expectShape(z.array(z.unknown()), items, label);
  if (nonEmpty) expect(list.length, `${label}: the demo data has rows`).toBeGreaterThan(0);
  return list.map((item, index) => expectShape(schema, item, `${label}[${index}]`));
}

/** The read path `data.data` + `data.total`. */
function dataDataTotal<T extends z.ZodType>(body: unknown, item: T, label: string, nonEmpty = true) {
  const { data } = expectShape(
    z.object({ data: z.object({ data: z.array(z.unknown()), total: z.number().int() }) }),
    body,
    `${label} (data.data + data.total)`,
  );
  return { rows: expectItems(item, data.data, label, nonEmpty), total: data.total };
}
/** The read path `data` + `meta.total`. */
function dataMetaTotal<T extends z.ZodType>(body: unknown, item: T, label: string, nonEmpty = true) {
  const read = expectShape(
    z.object({ data: z.array(z.unknown()), meta: z.object({ total: z.number().int() }) }),
    body,
    `${label} (data + meta.total)`,
  );
  return { rows: expectItems(item, read.data, label, nonEmpty), total: read.meta.total };
}
/** The read path `data` as a list (select lists, the dashboard layers). */
const dataList = <T extends z.ZodType>(body: unknown, item: T, label: string, nonEmpty = true) =>
  expectItems(item, expectShape(z.object({ data: z.unknown() }), body, label).data, label, nonEmpty);
/** The read path `data` as one record. */
const dataRecord = <T extends z.ZodType>(body: unknown, item: T, label: string): z.output<T> =>
  (expectShape(z.object({ data: item }), body, label) as { data: z.output<T> }).data;

// Spec §3's entities, field by field.
const idName = z.object({ id: z.number().int(), name: z.string() });
const Road = z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() });
const Subdistrict = Road.extend({ district: idName });
const Village = Road.extend({ subdistrict: idName });
const CONSULTANT_TYPES = z.enum(['internal', 'external']);
const Consultant = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  consultantType: CONSULTANT_TYPES,
  consultantTypeName: z.string(),
  isActive: z.boolean(),
  district: idName.nullable().optional(),
});
const User = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  isActive: z.boolean(),
});
const Asb = Road.extend({ price: z.number() });
const TypeWorkColor = z.object({ id: z.number().int(), typeWork: z.string(), color: z.string() });
const RT_RW = z.string().regex(/^(\d{2}|-)$/);
const ProposalFile = z.object({
  id: z.number().int(),
  name: z.string(),
  ext: z.string(),
  size: z.number(),
  link: z.string(),
});
const Proposal = z.object({
  id: z.number().int(),
  proposalType: z.enum(['taruna', 'umum', 'pokir', 'musrenbang']),
  proposalTypeName: z.string(),
  proposalDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  createdAt: z.string(),
  date: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
  proposerName: z.string(),
  phoneNumber: z.string(),
  road: idName.nullable(),
  village: z.object({ id: z.number().int(), name: z.string(), subdistrict: z.object({ name: z.string() }) }),
  rtNumber: RT_RW,
  rwNumber: RT_RW,
  address: z.string(),
  statusType: z.enum(['unverified', 'verified', 'surveyed', 'finished']),
  processType: z.enum(['project', 'self_management', 'pending']).nullable(),
  historyCount: z.number().int(),
  consultant: z.object({ id: z.number().int(), name: z.string(), consultantType: CONSULTANT_TYPES }),
});
const Segment = z.object({
  startLat: z.number(),
  startLon: z.number(),
  endLat: z.number(),
  endLon: z.number(),
});
const SurveyRoad = z.object({
  drawLine: z.object({ lokasi: z.array(Segment) }),
  asbSurveyors: z.array(
    z.object({ name: z.string(), surveyRoadAsbSurveyor: z.object({ long: z.unknown(), wide: z.unknown() }) }),
  ),
});
const Survey = z.object({
  roadCondition: z.unknown(),
  canalCondition: z.unknown(),
  canalExisting: z.unknown(),
  damageIdentification: z.string().nullable(),
  suggestion: z.string().nullable(),
  isDraft: z.boolean(),
  roadTypes: z.array(z.unknown()),
  surveyVideos: z.array(z.object({ link: z.string(), ext: z.string() })),
  surveyPhotos: z.array(
    z.object({ link: z.string(), ext: z.string(), photoCategory: z.object({ name: z.string() }) }),
  ),
  surveyRoad: z.array(SurveyRoad),
});
const SurveyHistoryItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  roadTypes: z.array(z.unknown()),
  surveyRoad: z.array(SurveyRoad),
});
const ProposalDetail = Proposal.extend({
  proposalFiles: z.array(ProposalFile),
  proposalFilesStruktural: z.array(ProposalFile),
  survey: Survey.nullable(),
  surveyHistories: z.array(SurveyHistoryItem),
});
const Point = z.object({ latitude: z.number(), longitude: z.number() });
const CompletedWorkImportRow = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  typeWorkColor: z.object({ typeWork: z.string() }),
});
const CompletedWorkRow = z.object({
  id: z.number().int(),
  lokasi: z.string(),
  jenisPekerjaan: z.string(),
  nama: z.string(),
  tahun: z.number().int(),
  panjang: z.number(),
});
const CompletedWorkDetail = z.object({
  id: z.number().int(),
  nama: z.string(),
  tahun: z.number().int(),
  lokasi: z.string(),
  jenisPekerjaan: z.string(),
  panjangLokasi: z.number(),
  panjang: z.number(),
  coordinate: z.array(Point),
  coodinatePerkerjaan: z.array(z.array(Point)),
});
const Flags = z.object({
  musrenbang: z.boolean(),
  pokir: z.boolean(),
  taruna: z.boolean(),
  umum: z.boolean(),
});

/** Remembered across calls, as a client keeps ids from one screen for the next. */
const seen: Record<string, number> = {};

describe('Authentication and profile', () => {
  it('POST auth/login gives data.auth.accessToken; POST api/auth/me the profile and role.slug', async () => {
    const me = dataRecord(
      await json(call('POST', '/api/auth/me', as.consultan)),
      z.object({
        id: z.number().int(),
        name: z.string(),
        role: z.object({ slug: z.literal('consultan'), name: z.string() }),
        userable: z.object({
          id: z.number().int(),
          name: z.string(),
          consultantType: CONSULTANT_TYPES,
          district: idName.nullable(),
        }),
      }),
      'auth/me (consultan)',
    );
    seen.consultantId = me.userable.id;
    if (me.userable.district) seen.consultantDistrictId = me.userable.district.id;
    const admin = dataRecord(
      await json(call('POST', '/api/auth/me', as.admin)),
      z.object({
        id: z.number().int(),
        name: z.string(),
        role: z.object({ slug: z.literal('admin'), name: z.string() }),
      }),
      'auth/me (admin)',
    );
    expect(admin.role.slug).toBe('admin');
  });

  it('PUT auth/change-password, then POST auth/logout', async () => {
    const user = await t.buildUser({ role: 'umum' });
    const headers = await bearerOf(user.username, user.password);
    await ok(
      call('PUT', '/api/auth/change-password', headers, {
        currentPassword: user.password,
        newPassword: 'Sungai-Brantas-2026',
        newPasswordConfirmation: 'Sungai-Brantas-2026',
      }),
    );
    const again = await bearerOf(user.username, 'Sungai-Brantas-2026');
    await ok(call('POST', '/api/auth/logout', again));
    expect((await call('POST', '/api/auth/me', again)).statusCode).toBe(401);
  });

  it('GET need-approval gives the four flags in data (consultan and structural)', async () => {
    for (const role of ['consultan', 'structural'] as const) {
      dataRecord(
        await json(call('GET', '/api-web/need-approval', as[role])),
        Flags,
        `need-approval (${role})`,
      );
    }
  });
});

describe('Master CRUD', () => {
  const base = '/api-web/master';
  const listQuery = '?page=1&limit=10&search=&sort_by=id&order_by=desc';

  it('road, road-type, photo-category, asb-surveyor: data + meta.total, detail, create, update, switch-status', async () => {
    const entities = [
      { entity: 'road', shape: Road, body: { name: 'Jalan Kontrak Uji' } },
      { entity: 'road-type', shape: Road, body: { name: 'Jenis Kontrak Uji' } },
      { entity: 'photo-category', shape: Road, body: { name: 'Kategori Kontrak Uji' } },
      { entity: 'asb-surveyor', shape: Asb, body: { name: 'ASB Kontrak Uji', price: 125000 } },
    ] as const;
    for (const { entity, shape, body } of entities) {
      dataMetaTotal(
        await json(call('GET', `${base}/${entity}${listQuery}`, as.admin)),
        shape,
        `${entity} list`,
      );
      const created = dataRecord(
        await json(call('POST', `${base}/${entity}`, as.admin, body)),
        shape,
        `${entity} create`,
      );
      dataRecord(
        await json(call('GET', `${base}/${entity}/${created.id}`, as.admin)),
        shape,
        `${entity} detail`,
      );
      await ok(call('PUT', `${base}/${entity}/${created.id}`, as.admin, { ...body, name: `${body.name} 2` }));
      await ok(call('PUT', `${base}/${entity}/${created.id}/switch-status`, as.admin));
      const { rows, total } = dataMetaTotal(
        await json(
          call(
            'GET',
            `${base}/${entity}?page=1&limit=10&search=${encodeURIComponent(`${body.name} 2`)}`,
            as.admin,
          ),
        ),
        shape,
        `${entity} search`,
      );
      expect(total).toBe(1);
      expect(rows[0]!.isActive).toBe(false);
    }
  });

  it('subdistrict, village, consultant: data.data + data.total, detail, create, update, change-status', async () => {
    const [district] = dataList(
      await json(call('GET', '/api/select-list/district?search=&limit=15', as.admin)),
      idName,
      'select-list/district',
    );
    const subdistrict = dataRecord(
      await json(
        call('POST', `${base}/subdistrict`, as.admin, {
          name: 'Kecamatan Kontrak',
          districtId: district!.id,
        }),
      ),
      Subdistrict,
      'subdistrict create',
    );
    const village = dataRecord(
      await json(
        call('POST', `${base}/village`, as.admin, {
          name: 'Kelurahan Kontrak',
          subdistrictId: subdistrict.id,
        }),
      ),
      Village,
      'village create',
    );
    const consultant = dataRecord(
      await json(
        call('POST', `${base}/consultant`, as.admin, {
          name: 'Rayon Kontrak',
          code: 'RYN-KTR',
          consultantType: 'internal',
          districtId: district!.id,
        }),
      ),
      Consultant,
      'consultant create',
    );
    const cases = [
      {
        entity: 'subdistrict',
        shape: Subdistrict,
        id: subdistrict.id,
        body: { name: 'Kecamatan Kontrak 2', districtId: district!.id },
      },
      {
        entity: 'village',
        shape: Village,
        id: village.id,
        body: { name: 'Kelurahan Kontrak 2', subdistrictId: subdistrict.id },
      },
      {
        entity: 'consultant',
        shape: Consultant,
        id: consultant.id,
        body: {
          name: 'Rayon Kontrak 2',
          code: 'RYN-KTR',
          consultantType: 'internal',
          districtId: district!.id,
        },
      },
    ] as const;
    for (const { entity, shape, id, body } of cases) {
      dataDataTotal(
        await json(call('GET', `${base}/${entity}${listQuery}`, as.admin)),
        shape,
        `${entity} list`,
      );
      await ok(call('PUT', `${base}/${entity}/${id}`, as.admin, body));
      const detail = dataRecord(
        await json(call('GET', `${base}/${entity}/${id}`, as.admin)),
        shape,
        `${entity} detail`,
      );
      expect(detail.name).toBe(body.name);
      await ok(call('PUT', `${base}/${entity}/${id}/change-status`, as.admin));
    }
    // Consultant detail reads consultantType, code, name, district.
    const detail = dataRecord(
      await json(call('GET', `${base}/consultant/${consultant.id}`, as.admin)),
      Consultant.extend({ district: idName }),
      'consultant detail',
    );
    expect(detail.code).toBe('RYN-KTR');
  });

  it('user: page/perPage/search list, create, detail, update, change-status, reset-password', async () => {
    dataDataTotal(
      await json(call('GET', `${base}/user?page=1&perPage=10&search=`, as.admin)),
      User,
      'user list',
    );
    const roles = dataList(
      await json(call('GET', '/api/select-list/role?search=&limit=15', as.admin)),
      idName.extend({ slug: z.string() }),
      'select-list/role',
    );
    const umumRole = roles.find((role) => role.slug === 'umum')!;
    const created = dataRecord(
      await json(
        call('POST', `${base}/user`, as.admin, {
          roleId: umumRole.id,
          username: 'warga.kontrak',
          name: 'Warga Kontrak',
          password: 'Kali-Mas-Jernih-77',
          passwordConfirmation: 'Kali-Mas-Jernih-77',
        }),
      ),
      User,
      'user create',
    );
    await ok(
      call('PUT', `${base}/user/${created.id}`, as.admin, {
        roleId: umumRole.id,
        username: 'warga.kontrak',
        name: 'Warga Kontrak Dua',
      }),
    );
    // User detail reads role, userable, name, username.
    const detail = dataRecord(
      await json(call('GET', `${base}/user/${created.id}`, as.admin)),
      User.extend({ userable: z.unknown() }),
      'user detail',
    );
    expect(detail.name).toBe('Warga Kontrak Dua');
    await ok(call('PUT', `${base}/user/${created.id}/change-status`, as.admin));
    await ok(call('PUT', `${base}/user/${created.id}/reset-password`, as.admin));
  });

  it('type-work-color: data.data + data.total, create (color, type_work), detail, update, delete', async () => {
    dataDataTotal(
      await json(call('GET', `${base}/type-work-color${listQuery}`, as.admin)),
      TypeWorkColor,
      'type-work-color list',
    );
    const created = dataRecord(
      await json(
        call('POST', `${base}/type-work-color`, as.admin, { color: '#123abc', type_work: 'Jenis Kontrak' }),
      ),
      TypeWorkColor,
      'type-work-color create',
    );
    expect(created).toMatchObject({ typeWork: 'Jenis Kontrak', color: '#123abc' });
    dataRecord(
      await json(call('GET', `${base}/type-work-color/${created.id}`, as.admin)),
      TypeWorkColor,
      'type-work-color detail',
    );
    await ok(
      call('PUT', `${base}/type-work-color/${created.id}`, as.admin, {
        color: '#abc123',
        type_work: 'Jenis Kontrak 2',
      }),
    );
    await ok(call('DELETE', `${base}/type-work-color/${created.id}`, as.admin));
  });
});

describe('Select lists', () => {
  it('answer arrays with the fields spec §7 names', async () => {
    const lists: [string, z.ZodType][] = [
      ['district', idName],
      ['subdistrict', idName],
      ['role', idName.extend({ slug: z.string() })],
      ['consultant', idName.extend({ consultantTypeName: z.string(), consultantType: CONSULTANT_TYPES })],
      ['type-works', z.object({ id: z.number().int(), jenisPekerjaan: z.string() })],
      ['road', idName],
      ['village', idName.extend({ subdistrict: z.object({ name: z.string() }) })],
      ['year-completed-work', z.object({ year: z.number().int() })],
      ['year-proposal', z.object({ year: z.number().int() })],
      ['location', z.object({ lokasi: z.string() })],
      ['type-work-color', z.object({ idHash: z.string(), typeWork: z.string() })],
    ];
    for (const [name, item] of lists) {
      dataList(
        await json(call('GET', `/api/select-list/${name}?search=&limit=15`, as.admin)),
        item,
        `select-list/${name}`,
      );
    }
    // The maps' filters, as umum opens them.
    for (const name of ['year-proposal', 'year-completed-work', 'location', 'type-work-color']) {
      await ok(call('GET', `/api/select-list/${name}?search=&limit=15`, as.umum));
    }
    // The consultant select of the proposal form: by village, internal first.
    const [village] = dataList(
      await json(call('GET', '/api/select-list/village?search=&limit=15', as.admin)),
      idName,
      'village',
    );
    const offered = dataList(
      await json(
        call(
          'GET',
          `/api/select-list/consultant?search=&orderInternal=1&limit=15&villageId=${village!.id}`,
          as.admin,
        ),
      ),
      idName.extend({ consultantType: CONSULTANT_TYPES }),
      'select-list/consultant by village',
    );
    seen.villageId = village!.id;
    seen.offeredConsultantId = offered[0]!.id;
    dataList(
      await json(call('GET', '/api/select-list/consultant?search=&limit=15&hasUser=0', as.admin)),
      idName,
      'consultant hasUser=0',
      false,
    );
  });
});

describe('Proposals', () => {
  it('GET proposal: data.data + data.total of §3 rows on every tab; the place history', async () => {
    for (const proposalType of ['taruna', 'umum', 'pokir', 'musrenbang']) {
      const { rows, total } = dataDataTotal(
        await json(
          call(
            'GET',
            `/api-web/proposal?page=1&limit=10&search=&sort_by=id&order_by=desc&proposalType=${proposalType}&isHistory=0`,
            as.admin,
          ),
        ),
        Proposal,
        `proposal ${proposalType}`,
      );
      expect(total).toBeGreaterThanOrEqual(rows.length);
    }
    const { rows } = dataDataTotal(
      await json(
        call(
          'GET',
          '/api-web/proposal?page=1&limit=10&proposalType=taruna&isHistory=0&startYear=2000&endYear=2100',
          as.admin,
        ),
      ),
      Proposal,
      'proposal years',
    );
    const row = rows[0]!;
    const place = new URLSearchParams({
      villageId: String(row.village.id),
      isHistory: '1',
      page: '1',
      limit: '10',
      ...(row.road ? { roadId: String(row.road.id) } : {}),
      ...(row.rtNumber !== '-' ? { rtNumber: row.rtNumber } : {}),
      ...(row.rwNumber !== '-' ? { rwNumber: row.rwNumber } : {}),
    });
    dataDataTotal(
      await json(call('GET', `/api-web/proposal?${place}&excludeId=${row.id}`, as.admin)),
      Proposal,
      'place history',
      false,
    );
  });

  it('GET proposal/{id}: the detail with files, survey and survey histories (historyCount counts them)', async () => {
    // A surveyed proposal of the demo, as structural's process list shows it.
    const { rows } = dataDataTotal(
      await json(
        call(
          'GET',
          '/api-web/process?page=1&limit=10&proposalType=taruna&statusType=sudah_survey',
          as.structural,
        ),
      ),
      Proposal,
      'process sudah_survey',
    );
    const surveyed = rows[0]!;
    const detail = dataRecord(
      await json(call('GET', `/api-web/proposal/${surveyed.id}?exclude=0`, as.admin)),
      ProposalDetail,
      'proposal detail',
    );
    expect(detail.survey).not.toBeNull();
    expect(detail.historyCount).toBe(detail.surveyHistories.length);
    dataRecord(
      await json(call('GET', `/api-web/proposal/${surveyed.id}`, as.admin)),
      ProposalDetail,
      'proposal edit form',
    );
  });

  it('POST proposal and POST proposal/{id} (multipart), POST proposal/{id}/contact-person', async () => {
    const [road] = dataList(
      await json(call('GET', '/api/select-list/road?search=&limit=15', as.admin)),
      idName,
      'road',
    );
    const fields = {
      proposalType: 'umum',
      proposalDate: '2026-03-14',
      proposerName: 'Warga Kontrak',
      phoneNumber: '081234567890',
      roadId: road!.id,
      villageId: seen.villageId,
      rtNumber: '03',
      rwNumber: '07',
      address: 'Depan balai RW',
      consultantId: seen.offeredConsultantId,
    };
    const created = dataRecord(
      await json(
        sendForm('/api-web/proposal', as.admin, fields, { 'files[]': [fixture('surat-usulan.pdf')] }),
      ),
      ProposalDetail,
      'proposal create',
    );
    const kept = created.proposalFiles[0]!.id;
    await ok(
      sendForm(`/api-web/proposal/${created.id}`, as.admin, {
        ...fields,
        proposerName: 'Warga Kontrak Dua',
        'existingFileId[]': [kept],
      }),
    );
    await ok(
      sendForm(
        `/api-web/proposal/${created.id}/contact-person`,
        as.admin,
        {
          proposalDate: '2026-03-15',
          proposerName: 'Warga Kontrak Tiga',
          villageId: seen.villageId,
          phoneNumber: '081234567891',
          roadId: road!.id,
          rtNumber: '03',
          rwNumber: '07',
          address: 'Depan balai RW',
          'existingFileId[]': [kept],
        },
        { 'files[]': [fixture('road-photo.png')] },
      ),
    );
    const detail = dataRecord(
      await json(call('GET', `/api-web/proposal/${created.id}?exclude=0`, as.admin)),
      ProposalDetail,
      'detail',
    );
    expect(detail.proposerName).toBe('Warga Kontrak Tiga');
    expect(detail.proposalFiles).toHaveLength(2);
    // Spec §7: media links carry the stored token as a query parameter, no header.
    const token = as.admin.authorization!.replace(/^Bearer /, '');
    const link = detail.proposalFiles[0]!.link;
    const media = await ok(call('GET', `${link}${link.includes('?') ? '&' : '?'}token=${token}`, {}));
    expect(media.rawPayload.length).toBe(detail.proposalFiles[0]!.size);
  });

  it('GET proposal/export-template gives an xlsx; POST proposal/import-template a 400 with data.errorList', async () => {
    const template = await ok(call('GET', '/api-web/proposal/export-template?proposalType=pokir', as.admin));
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const workbook = await filledImportTemplate(t, as.admin, 'pokir', [
      ['bukan tanggal', '', '', '', '', '', '', '', ''],
    ]);
    const refused = await sendForm(
      '/api-web/proposal/import-template',
      as.admin,
      { proposalType: 'pokir' },
      {
        file: [{ name: 'usulan.xlsx', content: workbook }],
      },
    );
    expect(refused.statusCode, refused.body).toBe(400);
    const errorList = expectShape(
      z.object({
        data: z.object({
          errorList: z.array(
            z.object({ excelRow: z.number().int().nullable(), errors: z.array(z.string()) }),
          ),
        }),
      }),
      refused.json(),
      'import errorList',
    ).data.errorList;
    expect(errorList.length).toBeGreaterThan(0);
  });

  it('GET verification gives data.data proposals; POST verification takes proposalId (a list)', async () => {
    let verified = false;
    for (const proposalType of ['taruna', 'umum', 'pokir', 'musrenbang']) {
      const list = expectShape(
        z.object({ data: z.object({ data: z.array(z.unknown()) }) }),
        await json(
          call(
            'GET',
            `/api-web/verification?proposalType=${proposalType}&startYear=2000&endYear=2100`,
            as.consultan,
          ),
        ),
        'verification',
      ).data.data;
      const rows = expectItems(Proposal, list, `verification ${proposalType}`, false);
      if (!verified && rows.length > 0) {
        await ok(call('POST', '/api-web/verification', as.consultan, { proposalId: [rows[0]!.id] }));
        verified = true;
      }
    }
    expect(verified, 'the demo consultant has an unverified proposal').toBe(true);
  });

  it('GET process: data.data + data.total with each status filter; POST process/{id}/change-process', async () => {
    for (const statusType of ['semua', 'perlu_approval', 'belum_survey', 'sudah_survey']) {
      dataDataTotal(
        await json(
          call(
            'GET',
            `/api-web/process?page=1&limit=10&search=&sort_by=id&order_by=desc&proposalType=taruna&statusType=${statusType}`,
            as.structural,
          ),
        ),
        Proposal,
        `process ${statusType}`,
        false,
      );
    }
    let decided = false;
    for (const proposalType of ['taruna', 'umum', 'pokir', 'musrenbang']) {
      const { rows } = dataDataTotal(
        await json(
          call(
            'GET',
            `/api-web/process?page=1&limit=10&proposalType=${proposalType}&statusType=perlu_approval`,
            as.structural,
          ),
        ),
        Proposal,
        `process ${proposalType}`,
        false,
      );
      if (!rows[0]) continue;
      await ok(
        sendForm(
          `/api-web/process/${rows[0].id}/change-process`,
          as.structural,
          { processType: 'pending' },
          { 'files[]': [fixture('surat-usulan.pdf')] },
        ),
      );
      decided = true;
      break;
    }
    expect(decided, 'the demo has a surveyed proposal awaiting approval').toBe(true);
  });

  it('GET assigned-consultant: data.data + data.total; assigned-consultant/{id}/list-proposal: data + meta.total', async () => {
    const { rows } = dataDataTotal(
      await json(
        call(
          'GET',
          '/api-web/assigned-consultant?page=1&limit=10&search=&sort_by=total_proposals&order_by=asc',
          as.admin,
        ),
      ),
      z.object({
        name: z.string(),
        consultantType: CONSULTANT_TYPES,
        idHash: z.string(),
        verification: z.object({ statusVerified: z.number().int(), totalProposal: z.number().int() }),
        total_proposals: z.number().int(),
      }),
      'assigned-consultant',
    );
    dataDataTotal(
      await json(
        call('GET', '/api-web/assigned-consultant?page=1&limit=10&sort_by=name&order_by=desc', as.admin),
      ),
      z.object({ idHash: z.string() }),
      'by name',
    );
    const busiest = rows.reduce((a, b) =>
      b.verification.totalProposal > a.verification.totalProposal ? b : a,
    );
    dataMetaTotal(
      await json(
        call('GET', `/api-web/assigned-consultant/${busiest.idHash}/list-proposal?page=1&limit=10`, as.admin),
      ),
      Proposal,
      'list-proposal',
    );
  });
});

describe('Dashboard, completed works, export', () => {
  it('POST completed-work (multipart: year, type_work_id, file), then GET completed-work: data.data + data.total', async () => {
    const [type] = dataList(
      await json(call('GET', '/api/select-list/type-work-color?search=&limit=15', as.admin)),
      z.object({ idHash: z.string() }),
      'type-work-color',
    );
    await ok(
      sendForm(
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
