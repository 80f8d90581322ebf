import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { consultants, roads, villages } from '../../db/schema/index.ts';

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
    expect(await options('year-completed-work')).toEqual([]);
    expect(await options('location')).toEqual([]);
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
    const [spare] = await t.db
      .insert(consultants)
      .values({ code: 'CV-X', name: 'CV Xenon', consultantType: 'external' })
      .returning();
    expect(await options('consultant', `?hasUser=0&userId=${userId}`)).toEqual([
      { id: spare!.id, name: 'CV Xenon', consultantType: 'external', consultantTypeName: 'Eksternal' },
    ]);
    const ordered = await options('consultant', '?orderInternal=1');
    expect(ordered[0].consultantType).toBe('internal');
    const [utara] = await t.db.select().from(villages).where(eq(villages.code, '35.78.12.1001'));
    const forNorth = await options('consultant', `?villageId=${utara!.id}&orderInternal=1`);
    expect(forNorth.every((row: { consultantType: string }) => row.consultantType === 'external')).toBe(true);
  });

  it('answer 401 without a token and 422 for a bad limit', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/select-list/road' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/select-list/road?limit=0', headers });
    expect(bad.statusCode).toBe(422);
  });
});
