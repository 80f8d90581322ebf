import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsultant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  asbSurveyors,
  photoCategories,
  proposals,
  roads,
  villages,
  workNotes,
} from '../../db/schema/index.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  headers = (await t.signIn('umum')).headers;
});
afterAll(async () => {
  await t.close();
});

const options = async (name: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/select-list/${name}${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe('select lists', () => {
  it('answer the spec shapes with search and the default limit of 15', async () => {
    expect(await options('district', '?search=pusat')).toEqual([
      { id: expect.any(Number), name: 'Surabaya Pusat' },
    ]);
    expect(await options('role')).toEqual([
      { id: expect.any(Number), name: 'Administrator', slug: 'admin' },
      { id: expect.any(Number), name: 'Rayon', slug: 'consultan' },
      { id: expect.any(Number), name: 'Struktural', slug: 'structural' },
      { id: expect.any(Number), name: 'Umum', slug: 'umum' },
    ]);
    expect(await options('village')).toHaveLength(15);
    expect(await options('village', '?search=kedungdoro')).toEqual([
      { id: expect.any(Number), name: 'Kedungdoro', subdistrict: { name: 'Tegalsari' } },
    ]);
    expect(await options('road', '?search=tunjungan&limit=5')).toEqual([
      { id: expect.any(Number), name: 'Jalan Tunjungan' },
    ]);
    expect((await options('type-works', '?search=paving'))[0]).toMatchObject({
      name: 'Paving',
      jenisPekerjaan: 'Paving',
    });
    expect((await options('type-work-color', '?search=paving'))[0]).toMatchObject({
      typeWork: 'Paving',
      idHash: expect.any(String),
    });
    expect(await options('year-proposal')).toEqual([{ year: 2026 }]);
    // The demo's completed works (db/seed/demo-completed-works.ts): this year and the two before.
    const thisYear = new Date().getFullYear();
    expect(await options('year-completed-work')).toEqual([
      { year: thisYear },
      { year: thisYear - 1 },
      { year: thisYear - 2 },
    ]);
    expect(await options('location', '?search=darmo')).toEqual([{ lokasi: 'Jalan Raya Darmo' }]);
    // Sixteen distinct locations, one page of the default limit.
    expect(await options('location')).toHaveLength(15);
  });

  it('follow the proposals in the years they offer (counted by triggers)', async () => {
    const [proposal] = await t.db.select({ id: proposals.id }).from(proposals).limit(1);
    const [moved] = await t.db
      .update(proposals)
      .set({ proposalDate: '2019-08-17' })
      .where(eq(proposals.id, proposal!.id))
      .returning({ id: proposals.id, proposalDate: proposals.proposalDate });
    expect(await options('year-proposal')).toEqual([{ year: 2026 }, { year: 2019 }]);
    await t.db.delete(proposals).where(eq(proposals.id, moved!.id));
    expect(await options('year-proposal')).toEqual([{ year: 2026 }]);
  });

  it('leave out inactive records', async () => {
    await t.db.update(roads).set({ isActive: false }).where(eq(roads.name, 'Jalan Kenjeran'));
    expect(await options('road', '?search=kenjeran')).toEqual([]);
    await t.db.update(villages).set({ isActive: false }).where(eq(villages.name, 'Kedungdoro'));
    expect(await options('village', '?search=kedungdoro')).toEqual([]);
  });

  it('filter consultants: without a user, internal first, and by the village district', async () => {
    expect(await options('consultant', '?hasUser=0')).toEqual([]);
    const userId = (await t.signIn('admin')).user.id;
    const spare = await buildConsultant(t.db, { code: 'CV-X', name: 'CV Xenon' });
    expect(await options('consultant', `?hasUser=0&userId=${userId}`)).toEqual([
      { id: spare.id, name: 'CV Xenon', consultantType: 'external', consultantTypeName: 'Eksternal' },
    ]);
    const ordered = await options('consultant', '?orderInternal=1');
    expect(ordered[0].consultantType).toBe('internal');
    const [utara] = await t.db.select().from(villages).where(eq(villages.code, '35.78.12.1001'));
    const forNorth = await options('consultant', `?villageId=${utara!.id}&orderInternal=1`);
    expect(forNorth.every((row: { consultantType: string }) => row.consultantType === 'external')).toBe(true);
  });

  it('give the survey form its ASB items with prices, photo categories and work notes', async () => {
    const consultant = (await t.signIn('consultan')).headers;
    const asbFor = async (who: Record<string, string>, query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/select-list/asb-surveyor${query}`,
        headers: who,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    expect(await asbFor(consultant, '?search=paving')).toEqual([
      { id: expect.any(Number), name: 'Paving Stone K-300 tebal 8 cm (m2)', price: 165_000 },
    ]);
    // Spec §6: umum never sees a nominal value.
    expect(await asbFor(headers, '?search=paving')).toEqual([
      { id: expect.any(Number), name: 'Paving Stone K-300 tebal 8 cm (m2)', price: null },
    ]);
    expect(await options('photo-category')).toEqual([
      { id: expect.any(Number), name: 'Dokumentasi Lainnya' },
      { id: expect.any(Number), name: 'Kondisi Eksisting' },
      { id: expect.any(Number), name: 'Perkerasan Jalan' },
      { id: expect.any(Number), name: 'Saluran' },
    ]);
    // A work note is found by its name or by its text.
    expect(await options('work-note', '?search=pipa')).toEqual([
      {
        id: expect.any(Number),
        name: 'Koordinasi dengan PDAM',
        description: 'Terdapat jaringan pipa air bersih di bawah badan jalan.',
      },
    ]);

    await t.db
      .update(asbSurveyors)
      .set({ isActive: false })
      .where(eq(asbSurveyors.name, 'Pembersihan Saluran (m2)'));
    expect(await asbFor(consultant, '?search=saluran')).toEqual([]);
    await t.db.update(photoCategories).set({ isActive: false }).where(eq(photoCategories.name, 'Saluran'));
    expect(await options('photo-category', '?search=saluran')).toEqual([]);
    await t.db.update(workNotes).set({ isActive: false }).where(eq(workNotes.name, 'Koordinasi dengan PDAM'));
    expect(await options('work-note', '?search=pdam')).toEqual([]);
  });

  it('answer 401 without a token and 422 for a bad limit', async () => {
    for (const name of ['road', 'asb-surveyor', 'photo-category', 'work-note']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/select-list/${name}` })).statusCode).toBe(401);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/select-list/road?limit=0', headers });
    expect(bad.statusCode).toBe(422);
  });

  it('refuse an id beyond PostgreSQL integer with 422, not a database error', async () => {
    // Found by the bad-input fuzz on PostgreSQL: 2147483648 reached the query and failed there (500).
    for (const query of ['?villageId=2147483648', '?userId=99999999999']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/select-list/consultant${query}`,
        headers,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().status.message).toMatch(/id/);
    }
    // The largest integer is still a valid (unknown) village: answered, not refused.
    expect(Array.isArray(await options('consultant', '?villageId=2147483647'))).toBe(true);
  });
});
