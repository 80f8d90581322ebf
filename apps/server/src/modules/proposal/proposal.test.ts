import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PROPOSAL_MESSAGES, type TProposalDetail, type TProposalRow } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, buildSurvey } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fixture, multipart } from '../../../test/multipart.ts';
import { consultants, proposalFiles, proposals, roads } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;
let structural: Record<string, string>;
let umum: Record<string, string>;
let consultant: { headers: Record<string, string>; consultantId: number };
let otherConsultant: { headers: Record<string, string>; consultantId: number };
let place: {
  roadId: number;
  otherRoadId: number;
  villageId: number;
  otherVillageId: number;
  inactiveRoadId: number;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  structural = (await t.signIn('structural')).headers;
  umum = (await t.signIn('umum')).headers;
  const home = await buildPlace(t.db, {
    subdistrict: 'Genteng',
    village: 'Ketabang',
    road: 'Jalan Tunjungan',
  });
  // The internal consultant is the Rayon of the villages below (a consultant must serve its village).
  const first = await t.signIn('consultan', { districtId: home.districtId });
  const second = await t.signIn('consultan', { consultantType: 'external' });
  consultant = { headers: first.headers, consultantId: first.user.consultantId! };
  otherConsultant = { headers: second.headers, consultantId: second.user.consultantId! };
  const other = await buildPlace(t.db, {
    subdistrictId: home.subdistrictId,
    village: 'Kapasari',
    road: 'Jalan Pemuda',
  });
  const [inactiveRoad] = await t.db.insert(roads).values({ name: 'Jalan Lama', isActive: false }).returning();
  place = {
    roadId: home.roadId,
    otherRoadId: other.roadId,
    inactiveRoadId: inactiveRoad!.id,
    villageId: home.villageId,
    otherVillageId: other.villageId,
  };
});
afterAll(async () => {
  await t.close();
});

const validFields = (overrides: Record<string, string | number | undefined> = {}) => ({
  proposalType: 'taruna',
  proposalDate: '2026-03-14',
  proposerName: 'Siti Aminah',
  phoneNumber: '081234567890',
  roadId: place.roadId,
  villageId: place.villageId,
  rtNumber: '03',
  rwNumber: '07',
  address: 'Jl. Tunjungan No. 12',
  consultantId: consultant.consultantId,
  ...overrides,
});

async function send(
  url: string,
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: Parameters<typeof multipart>[1] = {},
  headers = admin,
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

async function createProposal(overrides: Record<string, string | number | undefined> = {}, files = {}) {
  const response = await send('/api-web/proposal', validFields(overrides), files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as TProposalDetail;
}

const stagedUploads = () => {
  const dir = path.join(t.config.DATA_DIR, 'tmp', 'uploads');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const storedFiles = (proposalId: number) => {
  try {
    return readdirSync(path.join(t.config.DATA_DIR, 'files', 'proposals', String(proposalId)));
  } catch {
    return [];
  }
};

describe('POST proposal (multipart, files[])', () => {
  it('registers a proposal with a png and a pdf judged by content, and answers the detail', async () => {
    const detail = await createProposal(
      {},
      { 'files[]': [fixture('road-photo.png', 'foto jalan.png'), fixture('surat-usulan.pdf')] },
    );
    expect(detail).toMatchObject({
      proposalType: 'taruna',
      proposalTypeName: 'Taruna',
      proposalDate: '2026-03-14',
      date: '14-03-2026',
      proposerName: 'Siti Aminah',
      phoneNumber: '081234567890',
      road: { id: place.roadId, name: 'Jalan Tunjungan' },
      village: { id: place.villageId, name: 'Ketabang', subdistrict: { name: 'Genteng' } },
      rtNumber: '03',
      rwNumber: '07',
      statusType: 'unverified',
      processType: null,
      historyCount: 0,
      hasSurvey: false,
      canEdit: true,
      canEditContactPerson: true,
      consultant: { id: consultant.consultantId, consultantType: 'internal', consultantTypeName: 'Internal' },
      proposalFilesStruktural: [],
    });
    expect(detail.proposalFiles.map((file) => [file.name, file.ext])).toEqual([
      ['foto jalan.png', 'png'],
      ['surat-usulan.pdf', 'pdf'],
    ]);
    expect(detail.proposalFiles[0]!.link).toBe(`/api-web/media/proposal-file/${detail.proposalFiles[0]!.id}`);
    expect(storedFiles(detail.id)).toHaveLength(2);
    expect(stagedUploads()).toEqual([]);
  });

  it('gives every §5 message at once for an empty form', async () => {
    const response = await send('/api-web/proposal', { proposalType: 'umum' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      proposalDate: [PROPOSAL_MESSAGES.date],
      proposerName: [PROPOSAL_MESSAGES.proposerName],
      phoneNumber: [PROPOSAL_MESSAGES.phone],
      villageId: [PROPOSAL_MESSAGES.village],
      address: [PROPOSAL_MESSAGES.address],
      consultantId: [PROPOSAL_MESSAGES.consultant],
    });
  });

  it('keeps RW only with RT, and takes a proposal without road or RT', async () => {
    const detail = await createProposal({ roadId: undefined, rtNumber: undefined, rwNumber: '05' });
    expect(detail.road).toBeNull();
    expect(detail.rtNumber).toBe('-');
    expect(detail.rwNumber).toBe('-');
  });

  it('refuses a bad RT, an impossible date, a bad phone and inactive or unknown references', async () => {
    const response = await send(
      '/api-web/proposal',
      validFields({ rtNumber: '100', proposalDate: '2026-02-30', phoneNumber: 'telepon' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      rtNumber: [PROPOSAL_MESSAGES.rtRw],
      proposalDate: [PROPOSAL_MESSAGES.dateFormat],
      phoneNumber: [PROPOSAL_MESSAGES.phoneFormat],
    });
    const references = await send(
      '/api-web/proposal',
      validFields({ roadId: place.inactiveRoadId, villageId: 999_999, consultantId: 999_999 }),
    );
    expect(references.statusCode).toBe(422);
    expect(Object.keys(references.json().errors).sort()).toEqual(['consultantId', 'roadId', 'villageId']);
  });

  it('takes only a consultant the form offers for the village: external, or the Rayon of its district', async () => {
    const elsewhere = await t.signIn('consultan');
    const before = await t.db.$count(proposals);
    const refused = await send(
      '/api-web/proposal',
      validFields({ consultantId: elsewhere.user.consultantId! }),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ consultantId: [PROPOSAL_MESSAGES.consultantOutsideVillage] });
    expect(await t.db.$count(proposals)).toBe(before);
    // An external consultant serves every village; the admin's edit keeps to the same rule.
    const detail = await createProposal({ consultantId: otherConsultant.consultantId });
    const edit = await send(
      `/api-web/proposal/${detail.id}`,
      validFields({ consultantId: elsewhere.user.consultantId! }),
    );
    expect(edit.statusCode, edit.body).toBe(422);
    expect(edit.json().errors).toEqual({ consultantId: [PROPOSAL_MESSAGES.consultantOutsideVillage] });
  });

  it('refuses a contact-person edit that moves a Rayon’s proposal out of its district', async () => {
    const elsewhere = await t.signIn('consultan');
    const [district] = await t.db
      .select({ id: consultants.districtId })
      .from(consultants)
      .where(eq(consultants.id, elsewhere.user.consultantId!));
    const far = await buildPlace(t.db, { districtId: district!.id!, roadId: place.roadId });
    const detail = await createProposal();
    const fields = {
      proposalDate: '2026-04-01',
      proposerName: 'Bambang',
      phoneNumber: '0311234567',
      roadId: place.roadId,
      villageId: far.villageId,
      address: 'Jl. Pemuda 3',
    };
    const moved = await send(`/api-web/proposal/${detail.id}/contact-person`, fields);
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors).toEqual({ villageId: [PROPOSAL_MESSAGES.villageOutsideConsultant] });
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, detail.id));
    expect(row!.villageId).toBe(place.villageId);
  });

  it('refuses an executable renamed .png and stores nothing', async () => {
    const [before] = await t.db.select({ n: proposals.id }).from(proposals).orderBy(proposals.id);
    const count = async () => (await t.db.select().from(proposals)).length;
    const rows = await count();
    const response = await send('/api-web/proposal', validFields(), {
      'files[]': [fixture('road-photo.png'), fixture('program.png', 'foto.png')],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.files[0]).toContain(PROPOSAL_MESSAGES.fileType);
    expect(await count()).toBe(rows);
    expect(before).toBeDefined();
    expect(stagedUploads()).toEqual([]);
  });

  it('refuses a file over 10 MB with the spec text, and 11 files', async () => {
    const big = {
      name: 'besar.png',
      content: Buffer.concat([fixture('road-photo.png').content, Buffer.alloc(10 * 1024 * 1024)]),
    };
    const tooBig = await send('/api-web/proposal', validFields(), { 'files[]': [big] });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.files).toEqual([PROPOSAL_MESSAGES.fileSize(10)]);
    const eleven = Array.from({ length: 11 }, (_, n) => fixture('road-photo.png', `foto-${n}.png`));
    const tooMany = await send('/api-web/proposal', validFields(), { 'files[]': eleven });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.files).toEqual([PROPOSAL_MESSAGES.fileCount(10)]);
    expect(stagedUploads()).toEqual([]);
  });

  it('sanitises a traversal file name and keeps the file inside storage', async () => {
    const detail = await createProposal(
      {},
      { 'files[]': [fixture('road-photo.png', '../../etc/pass<wd>.png')] },
    );
    expect(detail.proposalFiles[0]!.name).toBe('pass_wd_.png');
    const [row] = await t.db.select().from(proposalFiles).where(eq(proposalFiles.proposalId, detail.id));
    expect(row!.storageKey).toMatch(new RegExp(`^proposals/${detail.id}/[0-9a-f-]+\\.png$`));
  });

  it('is for admin only', async () => {
    for (const headers of [structural, umum, consultant.headers]) {
      expect((await send('/api-web/proposal', validFields(), {}, headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api-web/proposal' })).statusCode).toBe(401);
  });
});

describe('media: stored files', () => {
  it('serves a file to a token holder with its type, nosniff and no script execution', async () => {
    const detail = await createProposal({}, { 'files[]': [fixture('road-photo.png')] });
    const link = detail.proposalFiles[0]!.link;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(401);
    const token = admin.authorization!.slice(7);
    const response = await t.app.inject({ method: 'GET', url: `${link}?token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['content-disposition']).toContain('inline');
    expect(response.rawPayload.equals(fixture('road-photo.png').content)).toBe(true);
    const download = await get(`${link}?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it("hides another consultant's files, and every proposal file from umum", async () => {
    const detail = await createProposal({}, { 'files[]': [fixture('road-photo.png')] });
    const link = detail.proposalFiles[0]!.link;
    expect((await get(link, consultant.headers)).statusCode).toBe(200);
    expect((await get(link, otherConsultant.headers)).statusCode).toBe(404);
    expect((await get(link, umum)).statusCode).toBe(404);
  });
});

describe('POST proposal/{id} (edit with existingFileId[])', () => {
  it('keeps the files listed, deletes the rest and adds new ones, in one go', async () => {
    const detail = await createProposal(
      {},
      { 'files[]': [fixture('road-photo.png', 'satu.png'), fixture('surat-usulan.pdf', 'dua.pdf')] },
    );
    const keep = detail.proposalFiles[0]!;
    const response = await send(
      `/api-web/proposal/${detail.id}`,
      { ...validFields({ proposerName: 'Siti Aminah Baru', rtNumber: '04' }), 'existingFileId[]': [keep.id] },
      { 'files[]': [fixture('road-photo.png', 'tiga.png')] },
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().data as TProposalDetail;
    expect(response.json().status.message).toBe('Memperbarui data usulan');
    expect(updated.proposerName).toBe('Siti Aminah Baru');
    expect(updated.rtNumber).toBe('04');
    expect(updated.proposalFiles.map((file) => file.name)).toEqual(['satu.png', 'tiga.png']);
    expect(storedFiles(detail.id)).toHaveLength(2);
  });

  it('ignores ids of other proposals in existingFileId[] and rolls back files on a failed save', async () => {
    const mine = await createProposal({}, { 'files[]': [fixture('road-photo.png')] });
    const other = await createProposal({}, { 'files[]': [fixture('road-photo.png')] });
    const response = await send(`/api-web/proposal/${mine.id}`, {
      ...validFields(),
      'existingFileId[]': [other.proposalFiles[0]!.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.proposalFiles).toEqual([]);
    expect((await get(`/api-web/proposal/${other.id}`)).json().data.proposalFiles).toHaveLength(1);

    const before = storedFiles(mine.id).length;
    const failed = await send(`/api-web/proposal/${mine.id}`, validFields({ consultantId: 999_999 }), {
      'files[]': [fixture('road-photo.png')],
    });
    expect(failed.statusCode).toBe(422);
    expect(storedFiles(mine.id)).toHaveLength(before);
  });

  it('refuses to edit a verified proposal', async () => {
    const detail = await createProposal();
    await t.db.update(proposals).set({ statusType: 'verified' }).where(eq(proposals.id, detail.id));
    const response = await send(`/api-web/proposal/${detail.id}`, validFields({ proposerName: 'Ganti' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().status.message).toBe(PROPOSAL_MESSAGES.notEditable);
    expect((await get(`/api-web/proposal/${detail.id}`)).json().data).toMatchObject({
      proposerName: 'Siti Aminah',
      canEdit: false,
    });
  });
});

describe('POST proposal/{id}/contact-person', () => {
  it('needs a road here and uses its own texts', async () => {
    const detail = await createProposal();
    const response = await send(`/api-web/proposal/${detail.id}/contact-person`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      proposalDate: [PROPOSAL_MESSAGES.contactDate],
      proposerName: [PROPOSAL_MESSAGES.contactName],
      phoneNumber: [PROPOSAL_MESSAGES.contactPhone],
      roadId: [PROPOSAL_MESSAGES.contactRoad],
      villageId: [PROPOSAL_MESSAGES.contactVillage],
      address: [PROPOSAL_MESSAGES.contactAddress],
    });
  });

  it('updates the contact person of a verified proposal, keeping type and consultant', async () => {
    const detail = await createProposal();
    await t.db.update(proposals).set({ statusType: 'verified' }).where(eq(proposals.id, detail.id));
    const response = await send(
      `/api-web/proposal/${detail.id}/contact-person`,
      {
        proposalDate: '2026-04-01',
        proposerName: 'Bambang',
        phoneNumber: '0311234567',
        roadId: place.otherRoadId,
        villageId: place.otherVillageId,
        address: 'Jl. Pemuda 3',
        consultantId: otherConsultant.consultantId,
        proposalType: 'pokir',
      },
      {},
      structural,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status.message).toBe('Memperbarui data contact person');
    expect(response.json().data).toMatchObject({
      proposerName: 'Bambang',
      road: { name: 'Jalan Pemuda' },
      village: { name: 'Kapasari' },
      rtNumber: '-',
      proposalType: 'taruna',
      consultant: { id: consultant.consultantId },
      statusType: 'verified',
    });
  });

  it('takes files up to 20 MB and refuses umum and other consultants', async () => {
    const detail = await createProposal();
    const fields = {
      proposalDate: '2026-04-01',
      proposerName: 'Bambang',
      phoneNumber: '0311234567',
      roadId: place.roadId,
      villageId: place.villageId,
      address: 'Jl. Pemuda 3',
    };
    const fifteen = {
      name: 'lima-belas.png',
      content: Buffer.concat([fixture('road-photo.png').content, Buffer.alloc(15 * 1024 * 1024)]),
    };
    const ok = await send(
      `/api-web/proposal/${detail.id}/contact-person`,
      fields,
      { 'files[]': [fifteen] },
      consultant.headers,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.proposalFiles).toHaveLength(1);
    expect((await send(`/api-web/proposal/${detail.id}/contact-person`, fields, {}, umum)).statusCode).toBe(
      403,
    );
    expect(
      (await send(`/api-web/proposal/${detail.id}/contact-person`, fields, {}, otherConsultant.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET proposal (lists and place history)', () => {
  let ids: number[];
  beforeAll(async () => {
    await t.db.delete(proposals);
    const made = [];
    made.push(
      await createProposal({
        proposalType: 'pokir',
        proposalDate: '2024-05-01',
        proposerName: 'Ahmad Dahlan',
      }),
    );
    made.push(
      await createProposal({ proposalType: 'pokir', proposalDate: '2025-06-01', proposerName: 'Budi Utomo' }),
    );
    made.push(
      await createProposal({
        proposalType: 'pokir',
        proposalDate: '2026-01-10',
        proposerName: 'Citra Kirana',
        phoneNumber: '08999' + '12345',
      }),
    );
    made.push(
      await createProposal({
        proposalType: 'musrenbang',
        proposalDate: '2026-02-02',
        proposerName: 'Dewi Sartika',
        roadId: place.otherRoadId,
        consultantId: otherConsultant.consultantId,
      }),
    );
    ids = made.map((row) => row.id);
    // Ahmad Dahlan's proposal was surveyed twice; Budi Utomo's has only a draft, which is no history.
    await buildSurvey(t.db, { proposalId: ids[0]!, consultantId: consultant.consultantId });
    await buildSurvey(t.db, { proposalId: ids[0]!, consultantId: consultant.consultantId });
    await buildSurvey(t.db, { proposalId: ids[1]!, consultantId: consultant.consultantId, isDraft: true });
  });

  const list = async (query: string, headers = admin) => {
    const response = await get(`/api-web/proposal?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { data: TProposalRow[]; total: number; page: number; limit: number };
  };

  it('lists one type, newest first, in the data.data + total shape with history counts', async () => {
    const page = await list('proposalType=pokir&isHistory=0');
    expect(page.total).toBe(3);
    expect(page.data.map((row) => row.proposerName)).toEqual(['Citra Kirana', 'Budi Utomo', 'Ahmad Dahlan']);
    // Spec §2/§3: historyCount counts the proposal's survey histories (submitted surveys, drafts not).
    expect(page.data.map((row) => row.historyCount)).toEqual([0, 0, 2]);
    // The three pokir proposals share road, village, RT and RW: each has two others at its place.
    expect(page.data.map((row) => row.placeHistoryCount)).toEqual([2, 2, 2]);
    expect(page.data.find((row) => row.proposerName === 'Ahmad Dahlan')!.hasSurvey).toBe(true);
    expect(page.data.find((row) => row.proposerName === 'Budi Utomo')!.hasSurvey).toBe(false);
  });

  it('filters by year range, searches case-insensitively, sorts by a whitelist and pages', async () => {
    expect(
      (await list('proposalType=pokir&startYear=2025&endYear=2025')).data.map((r) => r.proposerName),
    ).toEqual(['Budi Utomo']);
    expect((await list('proposalType=pokir&startYear=2025')).total).toBe(2);
    expect((await list('proposalType=pokir&search=CITRA')).total).toBe(1);
    expect((await list('proposalType=pokir&search=0899912')).total).toBe(1);
    expect((await list('search=pemuda')).data.map((r) => r.proposerName)).toEqual(['Dewi Sartika']);
    expect((await list('search=100%25')).total).toBe(0);
    const sorted = await list('proposalType=pokir&sort_by=proposer_name&order_by=asc&limit=2&page=2');
    expect(sorted).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(sorted.data.map((r) => r.proposerName)).toEqual(['Citra Kirana']);
    // Sorting by road is the one sort that joins roads while choosing the page's ids.
    for (const order of ['asc', 'desc'] as const) {
      const byRoad = (await list(`sort_by=road&order_by=${order}&limit=50`)).data.map((r) => r.road?.name);
      const named = byRoad.filter((name) => name !== undefined);
      const expected = [...named].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
      expect(named).toEqual(order === 'asc' ? expected : expected.reverse());
      expect(new Set(named).size).toBeGreaterThan(1);
    }
    const bad = await get('/api-web/proposal?sort_by=password');
    expect(bad.statusCode).toBe(422);
    const badYears = await get('/api-web/proposal?startYear=2026&endYear=2020');
    expect(badYears.json().errors.startYear).toEqual([PROPOSAL_MESSAGES.yearRange]);
  });

  it('keeps list totals exact as proposals change year, type or go away (counts kept by triggers)', async () => {
    const total = async (query: string) => (await list(query)).total;
    expect(await total('proposalType=pokir&startYear=2025&endYear=2025')).toBe(1);
    await t.db.update(proposals).set({ proposalDate: '2025-12-31' }).where(eq(proposals.id, ids[0]!));
    expect(await total('proposalType=pokir&startYear=2025&endYear=2025')).toBe(2);
    await t.db.update(proposals).set({ proposalType: 'umum' }).where(eq(proposals.id, ids[1]!));
    expect(await total('proposalType=pokir')).toBe(2);
    expect(await total('proposalType=umum')).toBe(1);
    await t.db
      .update(proposals)
      .set({ proposalType: 'pokir', proposalDate: '2025-06-01' })
      .where(eq(proposals.id, ids[1]!));
    await t.db.update(proposals).set({ proposalDate: '2024-05-01' }).where(eq(proposals.id, ids[0]!));
    expect(await total('proposalType=pokir')).toBe(3);
    expect(await total('proposalType=pokir&startYear=2025')).toBe(2);
  });

  it('answers the place history without the excluded proposal, to umum only what the map draws', async () => {
    const query = `isHistory=1&roadId=${place.roadId}&villageId=${place.villageId}&rtNumber=03&rwNumber=07&excludeId=${ids[2]}`;
    const history = await list(query, structural);
    expect(history.data.map((row) => row.id).sort()).toEqual([ids[0], ids[1]].sort());
    // None of them is surveyed, so none is on the map (test/object-access.test.ts has one that is).
    expect((await list(query, umum)).total).toBe(0);
    const none = await list(`isHistory=1&villageId=${place.villageId}&rtNumber=03&rwNumber=07`);
    expect(none.total).toBe(0);
  });

  it('scopes a consultant to its own proposals and keeps the main list from structural and umum', async () => {
    expect((await list('isHistory=0', otherConsultant.headers)).data.map((r) => r.proposerName)).toEqual([
      'Dewi Sartika',
    ]);
    expect((await get('/api-web/proposal?isHistory=0', umum)).statusCode).toBe(403);
    expect((await get('/api-web/proposal', structural)).statusCode).toBe(403);
    expect((await get(`/api-web/proposal/${ids[0]}?exclude=0`, otherConsultant.headers)).statusCode).toBe(
      404,
    );
    expect((await get(`/api-web/proposal/${ids[0]}?exclude=0`, umum)).statusCode).toBe(404);
    expect(
      (await get(`/api-web/proposal/${ids[0]}?exclude=0`, structural)).json().data.canEditContactPerson,
    ).toBe(true);
    expect((await get('/api-web/proposal/999999', admin)).statusCode).toBe(404);
  });
});
