import { type TProposalRow, VERIFICATION_MESSAGES } from '@eusulan/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, buildProposal } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { proposals, villages } from '../../db/schema/index.ts';

let t: TestApp;
let mine: { headers: Record<string, string>; consultantId: number; userId: number };
let other: { headers: Record<string, string>; consultantId: number };
let villageId: number;

beforeAll(async () => {
  t = await createTestApp();
  const first = await t.signIn('consultan');
  const second = await t.signIn('consultan', { consultantType: 'external' });
  mine = { headers: first.headers, consultantId: first.user.consultantId!, userId: first.user.id };
  other = { headers: second.headers, consultantId: second.user.consultantId! };
  villageId = (await buildPlace(t.db)).villageId;
});
afterAll(async () => {
  await t.close();
});

async function makeProposals(
  rows: {
    consultantId: number;
    type?: 'taruna' | 'pokir';
    date?: string;
    status?: 'unverified' | 'verified';
  }[],
) {
  const ids: number[] = [];
  for (const row of rows) {
    const proposal = await buildProposal(t.db, {
      proposalType: row.type ?? 'taruna',
      proposalDate: row.date ?? '2026-06-01',
      villageId,
      consultantId: row.consultantId,
      statusType: row.status ?? 'unverified',
    });
    ids.push(proposal.id);
  }
  return ids;
}

const verify = (proposalId: unknown, headers = mine.headers) =>
  t.app.inject({ method: 'POST', url: '/api-web/verification', headers, payload: { proposalId } });
const statuses = async (ids: number[]) =>
  (
    await t.db
      .select({ id: proposals.id, status: proposals.statusType })
      .from(proposals)
      .where(inArray(proposals.id, ids))
  )
    .sort((a, b) => a.id - b.id)
    .map((row) => row.status);

describe('GET verification', () => {
  it("lists only the consultant's own unverified proposals of one type and year range, with createdAt", async () => {
    const ids = await makeProposals([
      { consultantId: mine.consultantId, date: '2025-03-01' },
      { consultantId: mine.consultantId, date: '2026-03-01' },
      { consultantId: mine.consultantId, type: 'pokir' },
      { consultantId: mine.consultantId, status: 'verified' },
      { consultantId: other.consultantId },
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api-web/verification?proposalType=taruna',
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.data as TProposalRow[];
    expect(rows.map((row) => row.id).sort()).toEqual([ids[0], ids[1]].sort());
    // The instant as stored, in the spec's ISO form (the database formats it; nothing parses it on the way).
    const [stored] = await t.db
      .select({ createdAt: proposals.createdAt })
      .from(proposals)
      .where(eq(proposals.id, rows[0]!.id));
    expect(rows[0]!.createdAt).toBe(stored!.createdAt.toISOString());
    expect(rows[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const year = await t.app.inject({
      method: 'GET',
      url: '/api-web/verification?proposalType=taruna&startYear=2026&endYear=2026',
      headers: mine.headers,
    });
    expect(year.json().data.data.map((row: TProposalRow) => row.id)).toEqual([ids[1]]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api-web/verification', headers: mine.headers })).statusCode,
    ).toBe(422);
  });

  it('answers the rows as they are now: a new proposal, one verified elsewhere, a renamed kelurahan', async () => {
    const url = '/api-web/verification?proposalType=pokir&startYear=2027&endYear=2027';
    const [first] = await makeProposals([
      { consultantId: mine.consultantId, type: 'pokir', date: '2027-01-05' },
    ]);
    const list = async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: mine.headers });
      expect(response.statusCode).toBe(200);
      return { response, rows: response.json().data.data as TProposalRow[] };
    };
    const before = await list();
    expect(before.rows.map((row) => row.id)).toEqual([first]);
    // Proposers' names and phones never land in the browser's cache.
    expect(before.response.headers['cache-control']).toBe('no-store');
    expect(before.response.headers.etag).toBeUndefined();

    // A new proposal in the list: the newest first.
    const [second] = await makeProposals([
      { consultantId: mine.consultantId, type: 'pokir', date: '2027-02-05' },
    ]);
    expect((await list()).rows.map((row) => row.id)).toEqual([second, first]);

    // Verified elsewhere (a second tab): gone from the next answer.
    expect((await verify([first])).statusCode).toBe(200);
    expect((await list()).rows.map((row) => row.id)).toEqual([second]);

    // A renamed kelurahan shows in the next answer's rows at once.
    await t.db.update(villages).set({ name: 'Darmo Baru' }).where(eq(villages.id, villageId));
    expect((await list()).rows[0]!.village.name).toBe('Darmo Baru');
  });
});

describe('POST verification', () => {
  it('verifies the chosen own proposals and records who did it', async () => {
    const ids = await makeProposals([
      { consultantId: mine.consultantId },
      { consultantId: mine.consultantId },
      { consultantId: mine.consultantId },
    ]);
    const response = await verify([ids[0], ids[1]]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: { message: 'Verifikasi data usulan' },
      data: { verified: 2 },
    });
    expect(await statuses(ids)).toEqual(['verified', 'verified', 'unverified']);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, ids[0]!));
    expect(row!.verifiedById).toBe(mine.userId);
    expect(row!.verifiedAt).toBeInstanceOf(Date);
  });

  it("changes nothing when any chosen proposal is another consultant's or already verified", async () => {
    const ids = await makeProposals([
      { consultantId: mine.consultantId },
      { consultantId: other.consultantId },
      { consultantId: mine.consultantId, status: 'verified' },
    ]);
    const response = await verify(ids);
    expect(response.statusCode).toBe(400);
    expect(response.json().status.message).toBe(VERIFICATION_MESSAGES.notVerifiable([ids[1]!, ids[2]!]));
    expect(await statuses(ids)).toEqual(['unverified', 'unverified', 'verified']);
  });

  it('needs at least one id, and only consultants may verify', async () => {
    for (const body of [[], undefined, 'x', ['abc']]) {
      const response = await verify(body);
      expect(response.statusCode).toBe(422);
    }
    expect((await verify([])).json().errors.proposalId).toEqual([VERIFICATION_MESSAGES.noneChosen]);
    for (const role of ['admin', 'structural', 'umum'] as const) {
      const { headers } = await t.signIn(role);
      expect((await verify([1], headers)).statusCode).toBe(403);
    }
  });

  it('turns the red dot of need-approval off once nothing is left', async () => {
    const fresh = await t.signIn('consultan');
    const ids = await makeProposals([{ consultantId: fresh.user.consultantId!, type: 'pokir' }]);
    const flags = async () =>
      (await t.app.inject({ method: 'GET', url: '/api-web/need-approval', headers: fresh.headers })).json()
        .data;
    expect((await flags()).pokir).toBe(true);
    expect((await verify(ids, fresh.headers)).statusCode).toBe(200);
    expect((await flags()).pokir).toBe(false);
  });
});
