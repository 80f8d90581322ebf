import { MASTER_MESSAGES } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { districts } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;
let pusat: number;
let utara: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  const rows = await t.db
    .insert(districts)
    .values([{ name: 'Surabaya Pusat' }, { name: 'Surabaya Utara' }])
    .returning();
  pusat = rows[0]!.id;
  utara = rows[1]!.id;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/api-web/master/${url}`, headers, ...(payload ? { payload } : {}) });

describe('master subdistrict (kecamatan)', () => {
  it('creates, edits and toggles a kecamatan with its district, in the data.data shape', async () => {
    const created = await call('POST', 'subdistrict', { name: 'Genteng', districtId: pusat });
    expect(created.statusCode).toBe(201);
    const record = created.json().data;
    expect(record).toEqual({
      id: expect.any(Number),
      name: 'Genteng',
      isActive: true,
      district: { id: pusat, name: 'Surabaya Pusat' },
    });
    const updated = await call('PUT', `subdistrict/${record.id}`, {
      name: 'Genteng Baru',
      districtId: String(utara),
    });
    expect(updated.json().data.district).toEqual({ id: utara, name: 'Surabaya Utara' });
    const toggled = await call('PUT', `subdistrict/${record.id}/change-status`);
    expect(toggled.json().data.isActive).toBe(false);

    const list = (await call('GET', 'subdistrict?search=utara&sort_by=name&order_by=asc')).json().data;
    expect(list).toMatchObject({ total: 1, page: 1, limit: 10, data: [{ name: 'Genteng Baru' }] });
  });

  it('answers 422 with the spec messages and refuses a duplicate or an unknown district', async () => {
    const empty = await call('POST', 'subdistrict', { name: ' ', districtId: '' });
    expect(empty.json().errors).toEqual({
      name: [MASTER_MESSAGES.subdistrictName],
      districtId: [MASTER_MESSAGES.subdistrictDistrict],
    });
    await call('POST', 'subdistrict', { name: 'Tegalsari', districtId: pusat });
    expect(
      (await call('POST', 'subdistrict', { name: 'TEGALSARI', districtId: utara })).json().errors.name,
    ).toEqual(['Nama Kecamatan sudah terdaftar!']);
    expect(
      (await call('POST', 'subdistrict', { name: 'Baru', districtId: 99999 })).json().errors.districtId,
    ).toEqual(['Wilayah tidak ditemukan.']);
  });
});

describe('master village (kelurahan)', () => {
  it('creates a kelurahan under its kecamatan; the same name may stand in another kecamatan', async () => {
    const a = (await call('POST', 'subdistrict', { name: 'Kec A', districtId: pusat })).json().data.id;
    const b = (await call('POST', 'subdistrict', { name: 'Kec B', districtId: pusat })).json().data.id;
    const created = await call('POST', 'village', { name: 'Kapasan', subdistrictId: a });
    expect(created.json().data).toEqual({
      id: expect.any(Number),
      name: 'Kapasan',
      isActive: true,
      subdistrict: { id: a, name: 'Kec A' },
    });
    expect((await call('POST', 'village', { name: 'kapasan', subdistrictId: a })).statusCode).toBe(422);
    expect((await call('POST', 'village', { name: 'Kapasan', subdistrictId: b })).statusCode).toBe(201);
    const list = (await call('GET', 'village?search=kapasan&sort_by=subdistrict&order_by=desc')).json().data;
    expect(list.total).toBe(2);
    expect(list.data.map((row: { subdistrict: { name: string } }) => row.subdistrict.name)).toEqual([
      'Kec B',
      'Kec A',
    ]);
    const toggled = await call('PUT', `village/${created.json().data.id}/change-status`);
    expect(toggled.json().data.isActive).toBe(false);
  });

  it('answers 422 with the spec messages', async () => {
    const response = await call('POST', 'village', {});
    expect(response.json().errors).toEqual({
      name: [MASTER_MESSAGES.villageName],
      subdistrictId: [MASTER_MESSAGES.villageSubdistrict],
    });
  });

  it('is for admins only', async () => {
    const { headers } = await t.signIn('umum');
    expect((await call('GET', 'village', undefined, headers)).statusCode).toBe(403);
    expect((await call('PUT', 'subdistrict/1/change-status', undefined, headers)).statusCode).toBe(403);
  });
});
