import { SURVEY_MESSAGES, type TProposalDetail, type TSurvey } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, buildProposal } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fixture, multipart } from '../../../test/multipart.ts';
import { asbSurveyors, photoCategories, proposals, roadTypes } from '../../db/schema/index.ts';

let t: TestApp;
let consultant: { headers: Record<string, string>; consultantId: number };
let other: { headers: Record<string, string> };
let admin: Record<string, string>;
let umum: Record<string, string>;
let villageId: number;
const ids = { aspal: 0, paving: 0, inactiveAsb: 0, pengaspalan: 0, saluran: 0, eksisting: 0 };

/** Jalan Tunjungan, Surabaya, drawn as two segments. */
const TUNJUNGAN = [
  { startLat: -7.2575, startLon: 112.7381, endLat: -7.2601, endLon: 112.7389 },
  { startLat: -7.2601, startLon: 112.7389, endLat: -7.2628, endLon: 112.7395 },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  umum = (await t.signIn('umum')).headers;
  const mine = await t.signIn('consultan');
  consultant = { headers: mine.headers, consultantId: mine.user.consultantId! };
  other = { headers: (await t.signIn('consultan', { consultantType: 'external' })).headers };
  villageId = (await buildPlace(t.db)).villageId;
  const asb = await t.db
    .insert(asbSurveyors)
    .values([
      { name: 'Aspal Hotmix AC-WC (m2)', price: 185_000 },
      { name: 'Paving K-300 (m2)', price: 165_000 },
      { name: 'Item Lama', price: 1, isActive: false },
    ])
    .returning();
  ids.aspal = asb[0]!.id;
  ids.paving = asb[1]!.id;
  ids.inactiveAsb = asb[2]!.id;
  const types = await t.db
    .insert(roadTypes)
    .values([{ name: 'Pengaspalan' }, { name: 'Perbaikan Saluran' }])
    .returning();
  ids.pengaspalan = types[0]!.id;
  ids.saluran = types[1]!.id;
  const [category] = await t.db.insert(photoCategories).values({ name: 'Kondisi Eksisting' }).returning();
  ids.eksisting = category!.id;
});
afterAll(async () => {
  await t.close();
});

async function makeProposal(status: 'unverified' | 'verified' | 'surveyed' | 'finished' = 'verified') {
  const proposal = await buildProposal(t.db, {
    proposalDate: '2026-09-01',
    villageId,
    consultantId: consultant.consultantId,
    statusType: status,
  });
  return proposal.id;
}

const draftBody = (overrides: Record<string, unknown> = {}) => ({
  roadTypes: [ids.pengaspalan, ids.saluran],
  roadCondition: 'Aspal retak dan berlubang',
  canalExisting: 'Ada, sisi timur',
  canalCondition: 'Tersumbat sampah',
  damageIdentification:
    '<p>Lubang <strong>30 cm</strong></p><script>alert(1)</script><img src=x onerror=alert(2)>',
  suggestion:
    '<p onclick="x()">Tambal <a href="javascript:alert(3)">di sini</a> dan <a href="https://pu.go.id">standar</a></p>',
  surveyRoad: [
    {
      drawLine: { lokasi: TUNJUNGAN },
      asbSurveyors: [
        { asbSurveyorId: ids.aspal, long: 120.5, wide: 6 },
        { asbSurveyorId: ids.paving, long: 10, wide: 1.25 },
      ],
    },
  ],
  ...overrides,
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers = consultant.headers,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function upload(
  proposalId: number,
  kind: 'photo' | 'video',
  part: { name: string; content: Buffer },
  fields = {},
) {
  const body = await multipart(fields, { file: [part] });
  return t.app.inject({
    method: 'POST',
    url: `/api/survey/${proposalId}/${kind}`,
    headers: { ...consultant.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('survey draft', () => {
  it('starts empty, saves the whole draft with prices copied from ASB, and sanitises rich text', async () => {
    const proposalId = await makeProposal();
    const empty = await call('GET', `/api/survey/${proposalId}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ id: null, isDraft: true, surveyRoad: [], total: 0 });

    const saved = await call('POST', `/api/survey/${proposalId}`, draftBody());
    expect(saved.statusCode, saved.body).toBe(200);
    const survey = saved.json().data as TSurvey;
    expect(survey).toMatchObject({
      isDraft: true,
      roadCondition: 'Aspal retak dan berlubang',
      canalExisting: 'Ada, sisi timur',
      canalCondition: 'Tersumbat sampah',
      roadTypes: [
        { id: ids.pengaspalan, name: 'Pengaspalan' },
        { id: ids.saluran, name: 'Perbaikan Saluran' },
      ],
    });
    expect(survey.surveyRoad[0]!.drawLine.lokasi).toEqual(TUNJUNGAN);
    // 120.5 × 6 × 185,000 = 133,755,000 and 10 × 1.25 × 165,000 = 2,062,500.
    expect(survey.surveyRoad[0]!.asbSurveyors).toEqual([
      {
        id: ids.aspal,
        name: 'Aspal Hotmix AC-WC (m2)',
        price: 185_000,
        surveyRoadAsbSurveyor: { long: 120.5, wide: 6 },
        cost: 133_755_000,
      },
      {
        id: ids.paving,
        name: 'Paving K-300 (m2)',
        price: 165_000,
        surveyRoadAsbSurveyor: { long: 10, wide: 1.25 },
        cost: 2_062_500,
      },
    ]);
    expect(survey.surveyRoad[0]!.total).toBe(135_817_500);
    expect(survey.total).toBe(135_817_500);
    expect(survey.damageIdentification).toBe('<p>Lubang <strong>30 cm</strong></p>');
    expect(survey.suggestion).not.toMatch(/onclick|javascript/);
    expect(survey.suggestion).toContain('href="https://pu.go.id"');

    // Saving again replaces the content and keeps one draft; a draft never changes the status.
    const again = await call(
      'POST',
      `/api/survey/${proposalId}`,
      draftBody({ roadTypes: [ids.saluran], surveyRoad: [] }),
    );
    expect(again.json().data).toMatchObject({
      id: survey.id,
      roadTypes: [{ name: 'Perbaikan Saluran' }],
      surveyRoad: [],
    });
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(row!.statusType).toBe('verified');
  });

  it('refuses coordinates out of range, unknown or inactive references and bad sizes', async () => {
    const proposalId = await makeProposal();
    const response = await call(
      'POST',
      `/api/survey/${proposalId}`,
      draftBody({
        roadTypes: [999_999],
        surveyRoad: [
          {
            drawLine: { lokasi: [{ startLat: -95, startLon: 112.7, endLat: -7.2, endLon: 181 }] },
            asbSurveyors: [{ asbSurveyorId: ids.aspal, long: -1, wide: 'lebar' }],
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      'surveyRoad.0.drawLine.lokasi.0.startLat': [SURVEY_MESSAGES.latitude],
      'surveyRoad.0.drawLine.lokasi.0.endLon': [SURVEY_MESSAGES.longitude],
      'surveyRoad.0.asbSurveyors.0.long': [SURVEY_MESSAGES.long],
      'surveyRoad.0.asbSurveyors.0.wide': [SURVEY_MESSAGES.wide],
    });
    const references = await call(
      'POST',
      `/api/survey/${proposalId}`,
      draftBody({
        roadTypes: [999_999],
        surveyRoad: [
          {
            drawLine: { lokasi: TUNJUNGAN },
            asbSurveyors: [{ asbSurveyorId: ids.inactiveAsb, long: 1, wide: 1 }],
          },
        ],
      }),
    );
    expect(references.statusCode).toBe(422);
    expect(references.json().errors).toEqual({
      'roadTypes.0': [SURVEY_MESSAGES.unknownRoadType],
      'surveyRoad.0.asbSurveyors.0.asbSurveyorId': [SURVEY_MESSAGES.unknownAsb],
    });
  });

  it('is only for the own consultant and only on verified or surveyed proposals', async () => {
    const proposalId = await makeProposal();
    expect((await call('GET', `/api/survey/${proposalId}`, undefined, other.headers)).statusCode).toBe(404);
    expect((await call('POST', `/api/survey/${proposalId}`, draftBody(), other.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/survey/${proposalId}`, undefined, admin)).statusCode).toBe(403);
    for (const status of ['unverified', 'finished'] as const) {
      const closed = await makeProposal(status);
      const response = await call('POST', `/api/survey/${closed}`, draftBody());
      expect(response.statusCode).toBe(400);
      expect(response.json().status.message).toBe(SURVEY_MESSAGES.notSurveyable);
    }
  });
});

describe('survey photos, videos and submit', () => {
  it('takes a png photo with a category and a description, refuses a pdf as photo, deletes while draft', async () => {
    const proposalId = await makeProposal();
    const photo = await upload(proposalId, 'photo', fixture('road-photo.png'), {
      photoCategoryId: ids.eksisting,
      description: '  Lubang di depan gang 3  ',
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const survey = photo.json().data as TSurvey;
    expect(survey.surveyPhotos).toEqual([
      expect.objectContaining({
        name: 'road-photo.png',
        ext: 'png',
        photoCategory: { id: ids.eksisting, name: 'Kondisi Eksisting' },
        description: 'Lubang di depan gang 3',
      }),
    ]);
    const tooLong = await upload(proposalId, 'photo', fixture('road-photo.png'), {
      photoCategoryId: ids.eksisting,
      description: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.description).toEqual(['Keterangan maksimal 1000 karakter.']);
    const pdf = await upload(proposalId, 'photo', fixture('surat-usulan.pdf'), {
      photoCategoryId: ids.eksisting,
    });
    expect(pdf.statusCode).toBe(422);
    const noCategory = await upload(proposalId, 'photo', fixture('road-photo.png'));
    expect(noCategory.json().errors.photoCategoryId).toEqual([SURVEY_MESSAGES.photoCategory]);
    const media = await t.app.inject({ method: 'GET', url: survey.surveyPhotos[0]!.link, headers: admin });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    const removed = await call('DELETE', `/api/survey/${proposalId}/photo/${survey.surveyPhotos[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.surveyPhotos).toEqual([]);
  });

  it('takes an mp4 video with a description and serves it in byte ranges for seeking', async () => {
    const proposalId = await makeProposal();
    const video = await upload(proposalId, 'video', fixture('survey-clip.mp4', 'rekaman jalan.mp4'), {
      description: 'Kondisi sepanjang 100 m',
    });
    expect(video.statusCode, video.body).toBe(201);
    const [clip] = (video.json().data as TSurvey).surveyVideos;
    expect(clip).toMatchObject({
      name: 'rekaman jalan.mp4',
      ext: 'mp4',
      description: 'Kondisi sepanjang 100 m',
    });
    const whole = fixture('survey-clip.mp4').content;
    const part = await t.app.inject({
      method: 'GET',
      url: clip!.link,
      headers: { ...admin, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(0, 100))).toBe(true);
    expect(part.headers['content-disposition']).toMatch(/^inline/);
    const tail = await t.app.inject({
      method: 'GET',
      url: clip!.link,
      headers: { ...admin, range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: clip!.link,
      headers: { ...admin, range: `bytes=${whole.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    const program = await upload(proposalId, 'video', fixture('program.png', 'video.mp4'));
    expect(program.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: clip!.link, headers: other.headers })).statusCode).toBe(
      404,
    );
  });

  it('submits only a complete survey, sets surveyed, and keeps every submitted survey as history', async () => {
    const proposalId = await makeProposal();
    const incomplete = await call('POST', `/api/survey/${proposalId}/submit`);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().status.message).toBe(SURVEY_MESSAGES.noDraft);
    await call(
      'POST',
      `/api/survey/${proposalId}`,
      draftBody({ surveyRoad: [{ drawLine: { lokasi: TUNJUNGAN }, asbSurveyors: [] }] }),
    );
    const missing = await call('POST', `/api/survey/${proposalId}/submit`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.survey).toEqual([SURVEY_MESSAGES.needAsb, SURVEY_MESSAGES.needPhoto]);

    await call('POST', `/api/survey/${proposalId}`, draftBody());
    await upload(proposalId, 'photo', fixture('road-photo.png'), { photoCategoryId: ids.eksisting });
    const submitted = await call('POST', `/api/survey/${proposalId}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ isDraft: false, total: 135_817_500 });
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(row!.statusType).toBe('surveyed');

    // A submitted survey's media cannot be deleted, and GET now offers a fresh draft.
    const photoId = submitted.json().data.surveyPhotos[0].id;
    expect((await call('DELETE', `/api/survey/${proposalId}/photo/${photoId}`)).statusCode).toBe(400);
    expect((await call('GET', `/api/survey/${proposalId}`)).json().data.id).toBeNull();

    // A second survey of the surveyed proposal: a new history entry, the status stays surveyed.
    await call(
      'POST',
      `/api/survey/${proposalId}`,
      draftBody({
        surveyRoad: [
          {
            drawLine: { lokasi: TUNJUNGAN.slice(0, 1) },
            asbSurveyors: [{ asbSurveyorId: ids.aspal, long: 2, wide: 3 }],
          },
        ],
      }),
    );
    await upload(proposalId, 'photo', fixture('road-photo.png'), { photoCategoryId: ids.eksisting });
    expect((await call('POST', `/api/survey/${proposalId}/submit`)).statusCode).toBe(200);

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api-web/proposal/${proposalId}?exclude=0`, headers: admin })
    ).json().data as TProposalDetail;
    expect(detail.hasSurvey).toBe(true);
    expect(detail.statusType).toBe('surveyed');
    expect(detail.survey?.total).toBe(1_110_000);
    expect(detail.surveyHistories.map((item) => item.surveyRoad[0]!.total)).toEqual([1_110_000, 135_817_500]);

    // umum sees the survey without any nominal value.
    const forUmum = (
      await t.app.inject({ method: 'GET', url: `/api-web/proposal/${proposalId}?exclude=0`, headers: umum })
    ).json().data as TProposalDetail;
    expect(forUmum.survey?.total).toBeNull();
    expect(JSON.stringify(forUmum)).not.toMatch(/"(price|cost|total)":\d/);
  });
});
