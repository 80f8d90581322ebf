import {
  PROCESS_MESSAGES,
  STALE_COPY_MESSAGE,
  SURVEY_MESSAGES,
  type TRole,
  VERIFICATION_MESSAGES,
} from '@eusulan/shared';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asbSurveyors,
  auditEvents,
  photoCategories,
  proposals,
  roles,
  users,
} from '../src/db/schema/index.ts';
import { buildPlace, buildProposal, type Place } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { fixture, sendForm } from './multipart.ts';

/**
 * Simultaneous and repeated requests: a state change is made once, its repeats answer 409
 * and leave no audit record; a save of a stale copy (If-Match) answers 409 instead of overwriting.
 */
let t: TestApp;
let admin: Record<string, string>;
let structural: Record<string, string>;
let consultant: { headers: Record<string, string>; consultantId: number };
let place: Place;
let ids: { asb: number; photoCategory: number };

/** How many requests arrive at once: the probe. */
const AT_ONCE = 20;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  structural = (await t.signIn('structural')).headers;
  const mine = await t.signIn('consultan');
  consultant = { headers: mine.headers, consultantId: mine.user.consultantId! };
  place = await buildPlace(t.db, { subdistrict: 'Genteng', village: 'Ketabang', road: 'Jalan Tunjungan' });
  const [asb] = await t.db.insert(asbSurveyors).values({ name: 'Aspal (m2)', price: 185_000 }).returning();
  const [category] = await t.db.insert(photoCategories).values({ name: 'Kondisi Eksisting' }).returning();
  ids = { asb: asb!.id, photoCategory: category!.id };
});
afterAll(async () => {
  await t.close();
});

async function makeProposal(statusType: 'unverified' | 'verified' | 'surveyed' = 'unverified') {
  const proposal = await buildProposal(t.db, {
    proposalDate: '2026-09-01',
    proposerName: 'Pak RT',
    roadId: place.roadId,
    villageId: place.villageId,
    address: 'Jl. Tunjungan',
    consultantId: consultant.consultantId,
    statusType,
  });
  return proposal.id;
}

const auditCount = async (entity: string, entityId: number, action: string) => {
  const [row] = await t.db
    .select({ total: count() })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId), eq(auditEvents.action, action)),
    );
  return row!.total;
};

const statusOf = async (id: number) =>
  (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0]!.statusType;

/** The same request AT_ONCE times, all in flight together. */
const simultaneously = (send: () => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: AT_ONCE }, send));

/** Exactly one success; every other answer the given 409. */
function expectOneWinner(responses: LightMyRequestResponse[], message: string) {
  const codes = responses.map((response) => response.statusCode);
  expect(
    codes.filter((code) => code === 200),
    codes.join(','),
  ).toHaveLength(1);
  const refused = responses.filter((response) => response.statusCode !== 200);
  expect(refused.map((response) => response.statusCode)).toEqual(refused.map(() => 409));
  expect(new Set(refused.map((response) => response.json().status.message))).toEqual(new Set([message]));
}

describe('a state change made at once by many requests', () => {
  it('submits a survey once: one 200, the rest 409 "Survey sudah dikirim.", one audit record', async () => {
    const proposalId = await makeProposal('verified');
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/survey/${proposalId}`,
      headers: consultant.headers,
      payload: {
        roadTypes: [],
        surveyRoad: [
          {
            drawLine: {
              lokasi: [{ startLat: -7.2575, startLon: 112.7381, endLat: -7.2601, endLon: 112.7389 }],
            },
            asbSurveyors: [{ asbSurveyorId: ids.asb, long: 100, wide: 6 }],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const photo = await sendForm(
      t.app,
      `/api/survey/${proposalId}/photo`,
      consultant.headers,
      { photoCategoryId: ids.photoCategory },
      { file: [fixture('road-photo.png')] },
    );
    expect(photo.statusCode, photo.body).toBe(201);

    const responses = await simultaneously(() =>
      t.app.inject({ method: 'POST', url: `/api/survey/${proposalId}/submit`, headers: consultant.headers }),
    );
    expectOneWinner(responses, SURVEY_MESSAGES.alreadySubmitted);
    expect(await statusOf(proposalId)).toBe('surveyed');
    expect(await auditCount('proposal', proposalId, 'survey-submit')).toBe(1);
  });

  it('verifies once: one 200, the rest 409 "Usulan sudah diverifikasi", one audit record', async () => {
    const proposalId = await makeProposal('unverified');
    const responses = await simultaneously(() =>
      t.app.inject({
        method: 'POST',
        url: '/api-web/verification',
        headers: consultant.headers,
        payload: { proposalId: [proposalId] },
      }),
    );
    expectOneWinner(responses, VERIFICATION_MESSAGES.alreadyVerified([proposalId]));
    expect(await statusOf(proposalId)).toBe('verified');
    expect(await auditCount('proposal', proposalId, 'verify')).toBe(1);
  });

  it('approves once: one 200, the rest 409, one audit record', async () => {
    const proposalId = await makeProposal('surveyed');
    const responses = await simultaneously(() =>
      sendForm(t.app, `/api-web/process/${proposalId}/change-process`, structural, { processType: 'proyek' }),
    );
    expectOneWinner(responses, PROCESS_MESSAGES.alreadyApproved);
    expect(await statusOf(proposalId)).toBe('finished');
    expect(await auditCount('proposal', proposalId, 'approve')).toBe(1);
  });
});

describe('a survey draft saved while the proposal is approved', () => {
  it('refuses every save that comes after the approval: no draft change is recorded after it', async () => {
    const proposalId = await makeProposal('surveyed');
    // Each save a different length, so each one that goes through changes the draft and is recorded.
    const draft = (long: number) => ({
      roadTypes: [],
      surveyRoad: [
        {
          drawLine: {
            lokasi: [{ startLat: -7.2575, startLon: 112.7381, endLat: -7.2601, endLon: 112.7389 }],
          },
          asbSurveyors: [{ asbSurveyorId: ids.asb, long, wide: 2 }],
        },
      ],
    });
    const save = (_: unknown, index: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/survey/${proposalId}`,
        headers: consultant.headers,
        payload: draft(10 + index),
      });
    const [approval, ...saves] = await Promise.all([
      sendForm(t.app, `/api-web/process/${proposalId}/change-process`, structural, { processType: 'proyek' }),
      ...Array.from({ length: 10 }, save),
    ]);
    expect(approval!.statusCode, approval!.body).toBe(200);
    expect(saves.map((response) => response.statusCode).every((code) => code === 200 || code === 400)).toBe(
      true,
    );
    // Audit records are numbered in commit order here: each is written under the proposal's lock.
    const events = await t.db
      .select({ id: auditEvents.id, action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'proposal'), eq(auditEvents.entityId, proposalId)))
      .orderBy(auditEvents.id);
    const approvedAt = events.findIndex((event) => event.action === 'approve');
    expect(events.slice(approvedAt + 1).map((event) => event.action)).toEqual([]);
    expect(saves.filter((response) => response.statusCode === 200)).toHaveLength(approvedAt);
  });
});

describe('a proposal edited from a stale copy', () => {
  const editFields = (proposerName: string) => ({
    proposalType: 'taruna',
    proposalDate: '2026-09-01',
    proposerName,
    phoneNumber: '081234567890',
    roadId: place.roadId,
    villageId: place.villageId,
    address: 'Jl. Tunjungan',
    consultantId: consultant.consultantId,
  });
  const versionOf = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api-web/proposal/${id}`, headers: admin })).json().data
      .version as string;

  it('saves a copy at the current version, refuses the older copy with 409, writes nothing', async () => {
    const id = await makeProposal();
    const loaded = await versionOf(id);
    expect(loaded).toEqual(expect.any(String));
    const first = await sendForm(
      t.app,
      `/api-web/proposal/${id}`,
      { ...admin, 'if-match': `"${loaded}"` },
      editFields('Bu Lurah'),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).not.toBe(loaded);
    const audits = await auditCount('proposal', id, 'update');

    const stale = await sendForm(
      t.app,
      `/api-web/proposal/${id}`,
      { ...admin, 'if-match': `"${loaded}"` },
      editFields('Pak Camat'),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.message).toBe(STALE_COPY_MESSAGE);
    expect((await t.db.select().from(proposals).where(eq(proposals.id, id)))[0]!.proposerName).toBe(
      'Bu Lurah',
    );
    expect(await auditCount('proposal', id, 'update')).toBe(audits);

    // A client written from the spec sends no version: its save goes through as before.
    const unversioned = await sendForm(t.app, `/api-web/proposal/${id}`, admin, editFields('Pak Camat'));
    expect(unversioned.statusCode).toBe(200);
  });

  it('lets one of many simultaneous saves of the same copy through', async () => {
    const id = await makeProposal();
    const loaded = await versionOf(id);
    let turn = 0;
    const responses = await simultaneously(() => {
      turn += 1;
      return sendForm(
        t.app,
        `/api-web/proposal/${id}`,
        { ...admin, 'if-match': `"${loaded}"` },
        editFields(`Pengusul ${turn}`),
      );
    });
    expectOneWinner(responses, STALE_COPY_MESSAGE);
    expect(await auditCount('proposal', id, 'update')).toBe(1);
  });

  it('refuses a stale contact-person save the same way', async () => {
    const id = await makeProposal('verified');
    const loaded = await versionOf(id);
    const fields = { ...editFields('Bu RT'), proposalType: undefined, consultantId: undefined };
    const first = await sendForm(
      t.app,
      `/api-web/proposal/${id}/contact-person`,
      { ...consultant.headers, 'if-match': `"${loaded}"` },
      fields,
    );
    expect(first.statusCode, first.body).toBe(200);
    const stale = await sendForm(
      t.app,
      `/api-web/proposal/${id}/contact-person`,
      { ...consultant.headers, 'if-match': `W/"${loaded}"` },
      fields,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.message).toBe(STALE_COPY_MESSAGE);
    expect(await auditCount('proposal', id, 'contact-person')).toBe(1);
  });
});

const master = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra = {}) =>
  t.app.inject({
    method,
    url: `/api-web/master/${url}`,
    headers: { ...admin, ...extra },
    ...(payload ? { payload } : {}),
  });

const roleId = async (slug: TRole) =>
  (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, slug)))[0]!.id;

let userSequence = 0;
/** Every master with an edit form: how to make one record, and two different saves of it. */
const EDITABLE_MASTERS: {
  entity: string;
  statusAction: 'switch-status' | 'change-status' | null;
  create(): Promise<object>;
  edit(round: number): Promise<object>;
}[] = [
  ...['road', 'road-type', 'photo-category', 'asb-surveyor', 'work-note'].map((entity) => ({
    entity,
    statusAction: 'switch-status' as const,
    create: async () => ({ name: `${entity} asal`, ...(entity === 'asb-surveyor' ? { price: 1000 } : {}) }),
    edit: async (round: number) => ({
      name: `${entity} ${round}`,
      ...(entity === 'asb-surveyor' ? { price: 1000 + round } : {}),
    }),
  })),
  {
    entity: 'subdistrict',
    statusAction: 'change-status',
    create: async () => ({ name: 'Kecamatan Asal', districtId: place.districtId }),
    edit: async (round) => ({ name: `Kecamatan ${round}`, districtId: place.districtId }),
  },
  {
    entity: 'village',
    statusAction: 'change-status',
    create: async () => ({ name: 'Kelurahan Asal', subdistrictId: place.subdistrictId }),
    edit: async (round) => ({ name: `Kelurahan ${round}`, subdistrictId: place.subdistrictId }),
  },
  {
    entity: 'consultant',
    statusAction: 'change-status',
    create: async () => ({ name: 'CV Asal', code: 'ASAL', consultantType: 'external' }),
    edit: async (round) => ({ name: `CV ${round}`, code: `ASAL-${round}`, consultantType: 'external' }),
  },
  {
    entity: 'user',
    statusAction: 'change-status',
    create: async () => {
      userSequence += 1;
      return {
        roleId: await roleId('structural'),
        name: 'Ir. Asal',
        username: `asal-${userSequence}`,
        password: 'Rahasia123',
        passwordConfirmation: 'Rahasia123',
      };
    },
    edit: async (round) => ({
      roleId: await roleId('structural'),
      name: `Ir. ${round}`,
      username: `asal-${userSequence}`,
    }),
  },
  {
    entity: 'type-work-color',
    statusAction: null,
    create: async () => ({ type_work: 'Pengaspalan', color: '#e53935' }),
    edit: async (round) => ({ type_work: `Pengaspalan ${round}`, color: '#e53935' }),
  },
];

describe.each(EDITABLE_MASTERS)('master $entity edited from a stale copy', (definition) => {
  it('saves at the current version, refuses an older copy (409, no audit record), saves without one', async () => {
    const created = await master('POST', definition.entity, await definition.create());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const loaded = (await master('GET', `${definition.entity}/${id}`)).json().data.version as string;
    expect(loaded).toEqual(expect.any(String));

    const first = await master('PUT', `${definition.entity}/${id}`, await definition.edit(1), {
      'if-match': `"${loaded}"`,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).not.toBe(loaded);
    const audits = await auditCount(definition.entity, id, 'update');
    expect(audits).toBe(1);

    const stale = await master('PUT', `${definition.entity}/${id}`, await definition.edit(2), {
      'if-match': `"${loaded}"`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.message).toBe(STALE_COPY_MESSAGE);
    expect(await auditCount(definition.entity, id, 'update')).toBe(audits);

    const unversioned = await master('PUT', `${definition.entity}/${id}`, await definition.edit(3));
    expect(unversioned.statusCode, unversioned.body).toBe(200);
  });
});

describe.each(EDITABLE_MASTERS.filter((definition) => definition.statusAction))(
  'master $entity toggled at once by many requests',
  (definition) => {
    it('toggles once from the status the client saw; a toggle without it still toggles', async () => {
      const created = await master('POST', definition.entity, await definition.create());
      const id = created.json().data.id as number;
      const url = `${definition.entity}/${id}/${definition.statusAction}`;
      const responses = await simultaneously(() => master('PUT', `${url}?fromActive=true`));
      expectOneWinner(responses, STALE_COPY_MESSAGE);
      expect(await auditCount(definition.entity, id, 'status')).toBe(1);
      expect((await master('GET', `${definition.entity}/${id}`)).json().data.isActive).toBe(false);

      expect((await master('PUT', url)).json().data.isActive).toBe(true);
      expect((await master('PUT', url)).json().data.isActive).toBe(false);
      const wrong = await master('PUT', `${url}?fromActive=ya`);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.fromActive).toEqual(['fromActive harus true atau false.']);
    });
  },
);

describe('two admins taking each other away at once', () => {
  it('lets one deactivation through and refuses the other as the last admin', async () => {
    const first = await t.signIn('admin');
    const second = await t.signIn('admin');
    const [adminRole] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'admin'));
    // Only these two stay active admins.
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.roleId, adminRole!.id), notInArray(users.id, [first.user.id, second.user.id])));
    const answers = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: `/api-web/master/user/${second.user.id}/change-status`,
        headers: first.headers,
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api-web/master/user/${first.user.id}/change-status`,
        headers: second.headers,
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const active = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, adminRole!.id), eq(users.isActive, true)));
    expect(active).toHaveLength(1);
  });
});
