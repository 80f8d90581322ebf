import type { TAssignedConsultantRow, TProposalRow } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsultant, buildPlace, buildProposal } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { consultants, proposals } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  const { districtId, villageId } = await buildPlace(t.db);
  for (const consultant of [
    { code: 'A', name: 'Alfa Konsultan' },
    { code: 'B', name: 'Bravo Rayon', districtId },
    { code: 'C', name: 'Charlie Teknik' },
    { code: 'D', name: 'Delta Nonaktif', isActive: false },
  ]) {
    ids[consultant.code] = (await buildConsultant(t.db, consultant)).id;
  }
  const proposal = (
    consultantId: number,
    statusType: 'unverified' | 'verified' | 'surveyed',
    proposerName: string,
    proposalDate: string,
  ) =>
    buildProposal(t.db, {
      proposalType: 'umum',
      proposalDate,
      proposerName,
      villageId,
      consultantId,
      statusType,
    });
  // Alfa: 3 active (2 unverified, 1 verified) of 4; Bravo: 1 active of 2; Charlie: none.
  await proposal(ids.A!, 'unverified', 'Wati', '2026-01-03');
  await proposal(ids.A!, 'unverified', 'Agus', '2026-01-01');
  await proposal(ids.A!, 'verified', 'Mira', '2026-01-02');
  await proposal(ids.A!, 'surveyed', 'Zainal', '2026-01-04');
  await proposal(ids.B!, 'verified', 'Rudi', '2026-02-01');
  await proposal(ids.B!, 'surveyed', 'Sari', '2026-02-02');
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api-web/assigned-consultant?${query}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: TAssignedConsultantRow[]; total: number };
};

describe('GET assigned-consultant', () => {
  it('lists active consultants, fewest active tasks first, with the verification summary', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.data.map((row) => [row.name, row.total_proposals])).toEqual([
      ['Charlie Teknik', 0],
      ['Bravo Rayon', 1],
      ['Alfa Konsultan', 3],
    ]);
    expect(page.data[2]).toEqual({
      id: ids.A,
      idHash: String(ids.A),
      name: 'Alfa Konsultan',
      consultantType: 'external',
      consultantTypeName: 'Eksternal',
      verification: { statusVerified: 1, totalProposal: 4 },
      total_proposals: 3,
    });
  });

  it('answers the counts and names as they are now, after a change', async () => {
    const url = '/api-web/assigned-consultant?sort_by=total_proposals&order_by=desc';
    const first = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(first.statusCode).toBe(200);
    const [moved] = await t.db
      .update(proposals)
      .set({ consultantId: ids.C! })
      .where(eq(proposals.proposerName, 'Wati'))
      .returning();
    await t.db.update(consultants).set({ name: 'Charlie Teknik Baru' }).where(eq(consultants.id, ids.C!));
    const changed = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(changed.statusCode).toBe(200);
    const rows = (changed.json().data as { data: TAssignedConsultantRow[] }).data;
    expect(rows.map((row) => [row.name, row.total_proposals])).toEqual([
      ['Alfa Konsultan', 2],
      ['Bravo Rayon', 1],
      ['Charlie Teknik Baru', 1],
    ]);
    await t.db.update(proposals).set({ consultantId: ids.A! }).where(eq(proposals.id, moved!.id));
    await t.db.update(consultants).set({ name: 'Charlie Teknik' }).where(eq(consultants.id, ids.C!));
  });

  it('sorts by the four options of the screen, searches and refuses unknown sorts', async () => {
    const names = async (query: string) => (await list(query)).data.map((row) => row.name);
    expect(await names('sort_by=total_proposals&order_by=desc')).toEqual([
      'Alfa Konsultan',
      'Bravo Rayon',
      'Charlie Teknik',
    ]);
    expect(await names('sort_by=name&order_by=asc')).toEqual([
      'Alfa Konsultan',
      'Bravo Rayon',
      'Charlie Teknik',
    ]);
    expect(await names('sort_by=name&order_by=desc')).toEqual([
      'Charlie Teknik',
      'Bravo Rayon',
      'Alfa Konsultan',
    ]);
    expect(await names('search=RAYON')).toEqual(['Bravo Rayon']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api-web/assigned-consultant?sort_by=id',
      headers: admin,
    });
    expect(bad.statusCode).toBe(422);
  });

  it("lists one consultant's proposals as data + meta.total, sortable by the task columns", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api-web/assigned-consultant/${ids.A}/list-proposal?sort_by=proposal_date&order_by=asc&limit=3`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: TProposalRow[]; meta: { total: number } };
    expect(body.meta).toEqual({ total: 4, page: 1, limit: 3 });
    expect(body.data.map((row) => row.proposerName)).toEqual(['Agus', 'Mira', 'Wati']);
    const byStatus = await t.app.inject({
      method: 'GET',
      url: `/api-web/assigned-consultant/${ids.A}/list-proposal?sort_by=status_type&order_by=desc`,
      headers: admin,
    });
    expect(byStatus.json().data[0].statusType).toBe('surveyed');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api-web/assigned-consultant/99999/list-proposal',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the counts exact through status changes, reassignments and deletions', async () => {
    const counts = async () =>
      Object.fromEntries(
        (await list('sort_by=name')).data.map((row) => [
          row.name,
          [row.total_proposals, row.verification.totalProposal],
        ]),
      );
    // Alfa's 'Wati' moves to Charlie, 'Agus' is verified, 'Mira' surveyed, and Bravo's 'Sari' deleted.
    await t.db.update(proposals).set({ consultantId: ids.C! }).where(eq(proposals.proposerName, 'Wati'));
    await t.db.update(proposals).set({ statusType: 'verified' }).where(eq(proposals.proposerName, 'Agus'));
    await t.db.update(proposals).set({ statusType: 'surveyed' }).where(eq(proposals.proposerName, 'Mira'));
    await t.db.delete(proposals).where(eq(proposals.proposerName, 'Sari'));
    expect(await counts()).toEqual({
      'Alfa Konsultan': [1, 3],
      'Bravo Rayon': [1, 1],
      'Charlie Teknik': [1, 1],
    });
    const [alfa] = (await list('search=Alfa')).data;
    expect(alfa!.verification).toEqual({ statusVerified: 1, totalProposal: 3 });
  });

  it('is for admin only', async () => {
    for (const role of ['consultan', 'structural', 'umum'] as const) {
      const { headers } = await t.signIn(role);
      const response = await t.app.inject({ method: 'GET', url: '/api-web/assigned-consultant', headers });
      expect(response.statusCode).toBe(403);
    }
  });
});
