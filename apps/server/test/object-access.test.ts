import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asbSurveyors,
  backgroundJobs,
  photoCategories,
  proposals,
  roadTypes,
} from '../src/db/schema/index.ts';
import { MATRIX } from './access-table.ts';
import { buildCompletedWork, buildPlace } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { fixture, multipart, sendForm, type UploadPart } from './multipart.ts';

/**
 * Object-level access: the role table lets a consultant call these routes, but only for its own
 * proposals. For each {id} route a consultant may call, what another consultant gets for the owner's object:
 * 404 (the object does not exist for it, so nothing about it leaks). A new {id} route open to consultants
 * without a row here fails the test.
 */
const OTHER_CONSULTANT: Record<string, { call(ids: Ids): Call; expected: number }> = {
  'GET /api-web/proposal/:id': {
    call: (ids) => ['GET', `/api-web/proposal/${ids.draftProposal}`],
    expected: 404,
  },
  'POST /api-web/proposal/:id/contact-person': {
    call: (ids) => ['POST', `/api-web/proposal/${ids.draftProposal}/contact-person`, 'multipart'],
    expected: 404,
  },
  // The owner's sent survey has no report letter for another consultant, and gets no number from it.
  'POST /api-web/survey-report/:id/letter': {
    call: (ids) => ['POST', `/api-web/survey-report/${ids.submittedSurvey}/letter`],
    expected: 404,
  },
  // Background jobs: another user's job, and its file, do not exist for it.
  'GET /api-web/jobs/:id': { call: (ids) => ['GET', `/api-web/jobs/${ids.job}`], expected: 404 },
  'GET /api-web/jobs/:id/file': { call: (ids) => ['GET', `/api-web/jobs/${ids.job}/file`], expected: 404 },
  'GET /api-web/media/proposal-file/:id': {
    call: (ids) => ['GET', `/api-web/media/proposal-file/${ids.proposalFile}`],
    expected: 404,
  },
  'GET /api-web/media/survey-photo/:id': {
    call: (ids) => ['GET', `/api-web/media/survey-photo/${ids.photo}`],
    expected: 404,
  },
  'GET /api-web/media/survey-video/:id': {
    call: (ids) => ['GET', `/api-web/media/survey-video/${ids.video}`],
    expected: 404,
  },
  'GET /api/survey/:id': { call: (ids) => ['GET', `/api/survey/${ids.draftProposal}`], expected: 404 },
  'POST /api/survey/:id': {
    call: (ids) => ['POST', `/api/survey/${ids.draftProposal}`, 'json'],
    expected: 404,
  },
  'POST /api/survey/:id/submit': {
    call: (ids) => ['POST', `/api/survey/${ids.draftProposal}/submit`],
    expected: 404,
  },
  'POST /api/survey/:id/photo': {
    call: (ids) => ['POST', `/api/survey/${ids.draftProposal}/photo`, 'photo'],
    expected: 404,
  },
  'POST /api/survey/:id/video': {
    call: (ids) => ['POST', `/api/survey/${ids.draftProposal}/video`, 'video'],
    expected: 404,
  },
  'DELETE /api/survey/:id/photo/:mediaId': {
    call: (ids) => ['DELETE', `/api/survey/${ids.draftProposal}/photo/${ids.photo}`],
    expected: 404,
  },
  'DELETE /api/survey/:id/video/:mediaId': {
    call: (ids) => ['DELETE', `/api/survey/${ids.draftProposal}/video/${ids.video}`],
    expected: 404,
  },
};

type Call = [method: 'GET' | 'POST' | 'DELETE', url: string, body?: 'json' | 'multipart' | 'photo' | 'video'];
interface Ids {
  draftProposal: number;
  surveyedProposal: number;
  proposalFile: number;
  /** Of the surveyed proposal, on the map: the proposer's letter and the structural decision's document. */
  mapProposalFile: number;
  structuralDocument: number;
  /** The surveyed proposal's sent survey. */
  submittedSurvey: number;
  mapPhoto: number;
  mapVideo: number;
  photo: number;
  video: number;
  completedWorkImport: number;
  completedWork: number;
  job: string;
}

/** Keys whose values are money; umum must never receive one (spec §6). */
const NOMINAL_KEYS = new Set(['price', 'cost', 'total', 'nilaiLokasi', 'nilaiPaket', 'unitPrice']);

let t: TestApp;
let admin: Record<string, string>;
let owner: Record<string, string>;
let other: Record<string, string>;
let umum: Record<string, string>;
let structural: Record<string, string>;
const ids = {} as Ids;
let villageId: number;
let asbId: number;
let roadTypeId: number;
let categoryId: number;

async function inject(headers: Record<string, string>, [method, url, body]: Call) {
  if (body === 'multipart' || body === 'photo' || body === 'video') {
    const files: Record<string, UploadPart[]> =
      body === 'photo'
        ? { file: [fixture('road-photo.png')] }
        : body === 'video'
          ? { file: [fixture('survey-clip.mp4')] }
          : {};
    const form = await multipart(body === 'photo' ? { photoCategoryId: categoryId } : {}, files);
    return t.app.inject({ method, url, headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  return t.app.inject({ method, url, headers, ...(body === 'json' ? { payload: draft() } : {}) });
}

const draft = () => ({
  roadTypes: [roadTypeId],
  roadCondition: 'Retak',
  canalExisting: 'Ada',
  canalCondition: 'Baik',
  damageIdentification: '<p>Lubang</p>',
  suggestion: '<p>Tambal</p>',
  surveyRoad: [
    {
      drawLine: { lokasi: [{ startLat: -7.2575, startLon: 112.7381, endLat: -7.2601, endLon: 112.7389 }] },
      asbSurveyors: [{ asbSurveyorId: asbId, long: 10, wide: 2 }],
    },
  ],
});

async function ok(headers: Record<string, string>, call: Call) {
  const response = await inject(headers, call);
  expect(response.statusCode, `${call[0]} ${call[1]}: ${response.body}`).toBeLessThan(300);
  return response.json().data;
}

/** A verified proposal of the owner with a stored file (registered by the admin, verified by its consultant). */
async function ownersProposal(consultantId: number) {
  const created = await sendForm(
    t.app,
    '/api-web/proposal',
    admin,
    {
      proposalType: 'umum',
      proposalDate: '2026-05-01',
      proposerName: 'Warga',
      phoneNumber: '081300000',
      villageId,
      address: 'Jl. Airlangga',
      consultantId,
    },
    { 'files[]': [fixture('surat-usulan.pdf')] },
  );
  expect(created.statusCode, created.body).toBe(201);
  const detail = created.json().data;
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api-web/verification',
    headers: owner,
    payload: { proposalId: [detail.id] },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return detail as { id: number; proposalFiles: { id: number }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  const place = await buildPlace(t.db);
  villageId = place.villageId;
  const ownerUser = await t.signIn('consultan', { districtId: place.districtId });
  owner = ownerUser.headers;
  other = (await t.signIn('consultan', { consultantType: 'external' })).headers;
  umum = (await t.signIn('umum')).headers;
  structural = (await t.signIn('structural')).headers;
  asbId = (await t.db.insert(asbSurveyors).values({ name: 'Aspal (m2)', price: 150_000 }).returning())[0]!.id;
  roadTypeId = (await t.db.insert(roadTypes).values({ name: 'Pengaspalan' }).returning())[0]!.id;
  categoryId = (await t.db.insert(photoCategories).values({ name: 'Eksisting' }).returning())[0]!.id;

  const consultantId = ownerUser.user.consultantId!;
  const withDraft = await ownersProposal(consultantId);
  ids.draftProposal = withDraft.id;
  ids.proposalFile = withDraft.proposalFiles[0]!.id;
  await ok(owner, ['POST', `/api/survey/${ids.draftProposal}`, 'json']);
  ids.photo = (
    await ok(owner, ['POST', `/api/survey/${ids.draftProposal}/photo`, 'photo'])
  ).surveyPhotos[0].id;
  ids.video = (
    await ok(owner, ['POST', `/api/survey/${ids.draftProposal}/video`, 'video'])
  ).surveyVideos[0].id;

  // A finished export of the owner's, its file in storage.
  ids.job = randomUUID();
  const exported = path.join(t.config.DATA_DIR, 'exported.xlsx');
  writeFileSync(exported, 'isi berkas');
  const outputKey = `jobs/${ids.job}/Hasil Survey.xlsx`;
  await t.app.ctx.storage.putFile(outputKey, exported);
  await t.db.insert(backgroundJobs).values({
    id: ids.job,
    kind: 'survey-export',
    status: 'done',
    createdById: ownerUser.user.id,
    input: {},
    step: 'Selesai',
    result: { fileName: 'Hasil Survey.xlsx', size: 10 },
    outputKey,
    finishedAt: new Date(),
  });

  const surveyed = await ownersProposal(consultantId);
  ids.surveyedProposal = surveyed.id;
  ids.mapProposalFile = surveyed.proposalFiles[0]!.id;
  await ok(owner, ['POST', `/api/survey/${surveyed.id}`, 'json']);
  ids.mapPhoto = (await ok(owner, ['POST', `/api/survey/${surveyed.id}/photo`, 'photo'])).surveyPhotos[0].id;
  ids.mapVideo = (await ok(owner, ['POST', `/api/survey/${surveyed.id}/video`, 'video'])).surveyVideos[0].id;
  ids.submittedSurvey = (await ok(owner, ['POST', `/api/survey/${surveyed.id}/submit`])).id;
  const decided = await sendForm(
    t.app,
    `/api-web/process/${surveyed.id}/change-process`,
    structural,
    { processType: 'pending' },
    { 'files[]': [fixture('surat-usulan.pdf')] },
  );
  expect(decided.statusCode, decided.body).toBe(200);
  ids.structuralDocument = decided.json().data.proposalFilesStruktural[0].id;

  const work = await buildCompletedWork(t.db, {
    packageName: 'Paket 1',
    location: 'Jalan Airlangga',
    locationLength: '120',
    packageLength: '120',
    locationValue: 250_000_000,
    packageValue: 250_000_000,
  });
  ids.completedWorkImport = work.importId;
  ids.completedWork = work.id;
});
afterAll(async () => {
  await t.close();
});

describe('a consultant and another consultant’s objects', () => {
  it('every {id} route a consultant may call has a rule here', () => {
    const consultantIdRoutes = Object.entries(MATRIX)
      .filter(
        ([route, access]) =>
          route.includes('/:') &&
          (access === 'signed-in' || (Array.isArray(access) && access.includes('consultan'))),
      )
      .map(([route]) => route);
    expect(consultantIdRoutes.filter((route) => !(route in OTHER_CONSULTANT))).toEqual([]);
  });

  it('answers 404 for the owner’s proposal, survey and media, and changes nothing', async () => {
    const before = await t.db.select().from(proposals).where(eq(proposals.id, ids.draftProposal));
    for (const [route, rule] of Object.entries(OTHER_CONSULTANT)) {
      const response = await inject(other, rule.call(ids));
      expect(response.statusCode, `${route}: ${response.body}`).toBe(rule.expected);
    }
    // The owner still reaches every one of them: the 404s above are about ownership, not bad ids.
    for (const [route, rule] of Object.entries(OTHER_CONSULTANT)) {
      const [method, url] = rule.call(ids);
      if (method !== 'GET') continue;
      const response = await inject(owner, [method, url]);
      expect(response.statusCode, `${route} as the owner`).toBe(200);
    }
    expect(await t.db.select().from(proposals).where(eq(proposals.id, ids.draftProposal))).toEqual(before);
  });
});

/**
 * Personal data (UU 27/2022): umum opens only what its screens show, a proposal the map draws, with the
 * proposer's phone masked and no files; a proposal not yet surveyed does not exist for it. For each {id}
 * route umum may call, what it gets for an object off the map and for one on it. Staff (admin, structural)
 * reach both. A new {id} route open to umum without a row here fails the test.
 */
const UMUM: Record<string, { offMap?: (ids: Ids) => Call; onMap: (ids: Ids) => Call; onMapStatus: number }> =
  {
    'GET /api-web/proposal/:id': {
      offMap: (ids) => ['GET', `/api-web/proposal/${ids.draftProposal}`],
      onMap: (ids) => ['GET', `/api-web/proposal/${ids.surveyedProposal}`],
      onMapStatus: 200,
    },
    'GET /api-web/media/proposal-file/:id': {
      offMap: (ids) => ['GET', `/api-web/media/proposal-file/${ids.proposalFile}`],
      onMap: (ids) => ['GET', `/api-web/media/proposal-file/${ids.mapProposalFile}`],
      onMapStatus: 404,
    },
    'GET /api-web/media/survey-photo/:id': {
      offMap: (ids) => ['GET', `/api-web/media/survey-photo/${ids.photo}`],
      onMap: (ids) => ['GET', `/api-web/media/survey-photo/${ids.mapPhoto}`],
      onMapStatus: 200,
    },
    'GET /api-web/media/survey-video/:id': {
      offMap: (ids) => ['GET', `/api-web/media/survey-video/${ids.video}`],
      onMap: (ids) => ['GET', `/api-web/media/survey-video/${ids.mapVideo}`],
      onMapStatus: 200,
    },
    // Another user's job and its file.
    'GET /api-web/jobs/:id': { onMap: (ids) => ['GET', `/api-web/jobs/${ids.job}`], onMapStatus: 404 },
    'GET /api-web/jobs/:id/file': {
      onMap: (ids) => ['GET', `/api-web/jobs/${ids.job}/file`],
      onMapStatus: 404,
    },
    // Completed works are public works, with money hidden (below).
    'GET /api-web/completed-work-detail/:id': {
      onMap: (ids) => ['GET', `/api-web/completed-work-detail/${ids.completedWorkImport}?page=1&limit=10`],
      onMapStatus: 200,
    },
    'GET /api-web/completed-work-detail/:id/detail': {
      onMap: (ids) => ['GET', `/api-web/completed-work-detail/${ids.completedWork}/detail`],
      onMapStatus: 200,
    },
  };

describe('umum and personal data', () => {
  it('every {id} route umum may call has a rule here', () => {
    const umumIdRoutes = Object.entries(MATRIX)
      .filter(
        ([route, access]) =>
          route.includes('/:') &&
          (access === 'signed-in' || (Array.isArray(access) && access.includes('umum'))),
      )
      .map(([route]) => route);
    expect(umumIdRoutes.filter((route) => !(route in UMUM))).toEqual([]);
  });

  it('umum reaches a proposal on the map and its survey photos, nothing off it and no file', async () => {
    for (const [route, rule] of Object.entries(UMUM)) {
      if (rule.offMap) {
        const response = await inject(umum, rule.offMap(ids));
        expect(response.statusCode, `${route} off the map: ${response.body}`).toBe(404);
      }
      const response = await inject(umum, rule.onMap(ids));
      expect(response.statusCode, `${route} on the map: ${response.body.slice(0, 200)}`).toBe(
        rule.onMapStatus,
      );
    }
  });

  it('staff reach every one of these proposal objects', async () => {
    for (const headers of [admin, structural]) {
      for (const [route, rule] of Object.entries(UMUM)) {
        if (route.startsWith('GET /api-web/jobs') || route.includes('completed-work')) continue;
        for (const call of [rule.offMap?.(ids), rule.onMap(ids)]) {
          if (!call) continue;
          const response = await inject(headers, call);
          expect(response.statusCode, `${call[1]} as staff`).toBe(200);
        }
      }
      const structuralDocument = await inject(headers, [
        'GET',
        `/api-web/media/proposal-file/${ids.structuralDocument}`,
      ]);
      expect(structuralDocument.statusCode).toBe(200);
    }
    const forUmum = await inject(umum, ['GET', `/api-web/media/proposal-file/${ids.structuralDocument}`]);
    expect(forUmum.statusCode).toBe(404);
  });

  it('umum’s proposal detail masks the phone and carries no files', async () => {
    const forAdmin = await ok(admin, ['GET', `/api-web/proposal/${ids.surveyedProposal}`]);
    expect(forAdmin.phoneNumber).toBe('081300000');
    expect(forAdmin.proposalFiles).toHaveLength(1);
    expect(forAdmin.proposalFilesStruktural).toHaveLength(1);
    const forUmum = await ok(umum, ['GET', `/api-web/proposal/${ids.surveyedProposal}`]);
    expect(forUmum.phoneNumber).toBe('0813****0');
    expect(forUmum.proposalFiles).toEqual([]);
    expect(forUmum.proposalFilesStruktural).toEqual([]);
    expect(forUmum.proposerName).toBe(forAdmin.proposerName);
    expect(JSON.stringify(forUmum)).not.toContain('081300000');
  });

  it('umum’s place history lists only proposals on the map, phones masked', async () => {
    const place = `/api-web/proposal?isHistory=1&villageId=${villageId}&page=1&limit=10`;
    const forAdmin = await ok(admin, ['GET', place]);
    expect(forAdmin.data.map((row: { id: number }) => row.id).sort()).toEqual(
      [ids.draftProposal, ids.surveyedProposal].sort(),
    );
    const forUmum = await ok(umum, ['GET', place]);
    expect(forUmum.total).toBe(1);
    expect(forUmum.data).toHaveLength(1);
    expect(forUmum.data[0]).toMatchObject({
      id: ids.surveyedProposal,
      phoneNumber: '0813****0',
      placeHistoryCount: 0,
    });
    // The detail's 'Histori lokasi' counts the same: the other proposals at the place, on the map.
    const fromDraft = await ok(admin, ['GET', `/api-web/proposal/${ids.surveyedProposal}`]);
    expect(fromDraft.placeHistoryCount).toBe(1);
    const forUmumDetail = await ok(umum, ['GET', `/api-web/proposal/${ids.surveyedProposal}`]);
    expect(forUmumDetail.placeHistoryCount).toBe(0);
  });
});

describe('umum and searches by phone number', () => {
  // Digits of the surveyed proposal's phone (081300000), which umum sees masked.
  const digits = '130000';

  it('finds nothing by phone in umum’s place history, what staff find', async () => {
    const place = `/api-web/proposal?isHistory=1&villageId=${villageId}&page=1&limit=10&search=${digits}`;
    const forAdmin = await ok(admin, ['GET', place]);
    expect(forAdmin.data.map((row: { id: number }) => row.id)).toContain(ids.surveyedProposal);
    expect((await ok(umum, ['GET', place])).total).toBe(0);
    const byName = await ok(umum, ['GET', place.replace(digits, 'warga')]);
    expect(byName.data.map((row: { id: number }) => row.id)).toEqual([ids.surveyedProposal]);
  });

  it('finds no proposal by phone in umum’s Cari Jalan, what staff find', async () => {
    const proposalsFound = async (headers: Record<string, string>, search: string) =>
      (
        (await ok(headers, ['GET', `/api-web/dashboard/search?search=${search}&limit=15`])) as {
          kind: string;
        }[]
      ).filter((place) => place.kind === 'proposal').length;
    expect(await proposalsFound(admin, digits)).toBe(1);
    expect(await proposalsFound(structural, digits)).toBe(1);
    expect(await proposalsFound(umum, digits)).toBe(0);
    expect(await proposalsFound(umum, 'warga')).toBe(1);
  });
});

/** Every money value in an answer, by key path. */
function nominalValues(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => nominalValues(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    // A list's top-level total counts rows; every other total is money.
    ...(NOMINAL_KEYS.has(key) && !(key === 'total' && path === '') && inner !== null && inner !== undefined
      ? [`${path}.${key}=${inner}`]
      : []),
    ...nominalValues(inner, `${path}.${key}`),
  ]);
}

describe('umum and nominal values', () => {
  const answers: Call[] = [];
  beforeAll(() => {
    answers.push(
      ['GET', `/api-web/proposal/${ids.surveyedProposal}`],
      ['GET', '/api-web/completed-work?page=1&limit=10'],
      ['GET', `/api-web/completed-work-detail/${ids.completedWorkImport}?page=1&limit=10`],
      ['GET', `/api-web/completed-work-detail/${ids.completedWork}/detail`],
      ['GET', '/api/select-list/asb-surveyor?limit=10'],
    );
  });

  it('an admin gets money in these answers, umum gets none of it', async () => {
    const adminMoney = [];
    for (const call of answers) {
      adminMoney.push(...nominalValues(await ok(admin, call)));
      expect(nominalValues(await ok(umum, call)), `${call[1]} as umum`).toEqual([]);
    }
    // The check can see money where it is sent: survey totals, item prices, work values, unit prices.
    expect(adminMoney.some((entry) => entry.includes('.total='))).toBe(true);
    expect(adminMoney.some((entry) => entry.includes('nilaiPaket='))).toBe(true);
    expect(adminMoney.some((entry) => entry.includes('price='))).toBe(true);
  });
});
