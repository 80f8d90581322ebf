import { MASTER_MESSAGES } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/api-web/master/${url}`, headers, ...(payload ? { payload } : {}) });

const SIMPLE_MASTERS = [
  { entity: 'road', label: 'jalan', empty: MASTER_MESSAGES.roadName },
  { entity: 'road-type', label: 'jenis jalan', empty: MASTER_MESSAGES.roadTypeName },
  { entity: 'photo-category', label: 'kategori foto', empty: MASTER_MESSAGES.photoCategoryName },
  { entity: 'asb-surveyor', label: 'ASB Surveyor', empty: MASTER_MESSAGES.asbName },
  { entity: 'work-note', label: 'catatan pekerjaan', empty: MASTER_MESSAGES.workNoteName },
] as const;

describe.each(SIMPLE_MASTERS)('master $entity', ({ entity, label, empty }) => {
  it('creates, reads, updates and toggles a record in the spec shape', async () => {
    const created = await call('POST', entity, { name: `  ${entity} Satu  ` });
    expect(created.statusCode).toBe(201);
    expect(created.json().status.message).toBe(`Menambahkan data ${label}`);
    const record = created.json().data;
    expect(record).toMatchObject({ id: expect.any(Number), name: `${entity} Satu`, isActive: true });

    // The detail adds the version an edit sends back as If-Match.
    expect((await call('GET', `${entity}/${record.id}`)).json().data).toEqual({
      ...record,
      version: expect.any(String),
    });

    const updated = await call('PUT', `${entity}/${record.id}`, { name: `${entity} Satu Baru` });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().status.message).toBe(`Memperbarui data ${label}`);
    expect(updated.json().data.name).toBe(`${entity} Satu Baru`);

    const switched = await call('PUT', `${entity}/${record.id}/switch-status`);
    expect(switched.json()).toMatchObject({
      status: { message: 'Status berhasil diubah!' },
      data: { isActive: false },
    });
    expect((await call('PUT', `${entity}/${record.id}/switch-status`)).json().data.isActive).toBe(true);
  });

  it('answers 422 with the spec message for an empty or whitespace name, and for a duplicate name', async () => {
    for (const name of [undefined, '', '   ']) {
      const response = await call('POST', entity, { name });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.name).toEqual([empty]);
    }
    await call('POST', entity, { name: `${entity} Kembar` });
    const duplicate = await call('POST', entity, { name: `${entity.toUpperCase()} KEMBAR` });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name[0]).toMatch(/sudah terdaftar!$/);
  });

  it('lists with search, whitelisted sort and paging; data[] plus meta.total', async () => {
    for (const name of ['Alfa', 'Bravo', 'Charlie'])
      await call('POST', entity, { name: `Cari ${entity} ${name}` });
    const page = await call(
      'GET',
      `${entity}?search=cari ${entity}&sort_by=name&order_by=desc&limit=2&page=1`,
    );
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.meta).toEqual({ total: 3, page: 1, limit: 2 });
    expect(body.data.map((row: { name: string }) => row.name)).toEqual([
      `Cari ${entity} Charlie`,
      `Cari ${entity} Bravo`,
    ]);
    const defaultOrder = (await call('GET', entity)).json().data.map((row: { id: number }) => row.id);
    expect(defaultOrder).toEqual([...defaultOrder].sort((a, b) => b - a));

    expect((await call('GET', `${entity}?sort_by=password_hash`)).statusCode).toBe(422);
    expect((await call('GET', `${entity}?page=0`)).statusCode).toBe(422);
    expect((await call('GET', `${entity}?limit=1000`)).statusCode).toBe(422);
    expect((await call('GET', `${entity}?search=${encodeURIComponent('%_')}`)).json().meta.total).toBe(0);
    expect((await call('GET', `${entity}?search=%00`)).statusCode).toBe(422);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call('GET', `${entity}/999999`)).statusCode).toBe(404);
    expect((await call('GET', `${entity}/abc`)).statusCode).toBe(404);
    expect((await call('PUT', `${entity}/999999`, { name: 'X' })).statusCode).toBe(404);
    expect((await call('PUT', `${entity}/999999/switch-status`)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await call('GET', entity, undefined, {})).statusCode).toBe(401);
    for (const role of ['consultan', 'structural', 'umum'] as const) {
      const { headers } = await t.signIn(role);
      expect((await call('GET', entity, undefined, headers)).statusCode).toBe(403);
      expect((await call('POST', entity, { name: 'Tidak Boleh' }, headers)).statusCode).toBe(403);
    }
  });
});

describe('ASB price', () => {
  it('is whole Rupiah: empty becomes 0, negatives and fractions are refused', async () => {
    const empty = await call('POST', 'asb-surveyor', { name: 'Galian Tanah', price: '' });
    expect(empty.json().data.price).toBe(0);
    const priced = await call('POST', 'asb-surveyor', { name: 'Aspal Hotmix', price: 185000 });
    expect(priced.json().data.price).toBe(185000);
    for (const price of [-1, 12.5, 'seratus']) {
      const response = await call('POST', 'asb-surveyor', { name: `Harga ${price}`, price });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.price).toEqual([MASTER_MESSAGES.asbPrice]);
    }
    const sorted = (await call('GET', 'asb-surveyor?sort_by=price&order_by=desc')).json().data;
    expect(sorted[0].price).toBeGreaterThanOrEqual(sorted.at(-1).price);
  });
});
