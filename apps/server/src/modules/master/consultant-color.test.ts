import { MASTER_MESSAGES } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompletedWorkImport } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { districts } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;
let barat: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  barat = (await t.db.insert(districts).values({ name: 'Surabaya Barat' }).returning())[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/api-web/master/${url}`, headers, ...(payload ? { payload } : {}) });

describe('master consultant', () => {
  it('keeps a district for internal consultants only and answers the spec shape', async () => {
    const internal = await call('POST', 'consultant', {
      name: 'Rayon Barat',
      code: 'RB-01',
      consultantType: 'internal',
      districtId: barat,
    });
    expect(internal.statusCode).toBe(201);
    expect(internal.json().data).toEqual({
      id: expect.any(Number),
      code: 'RB-01',
      name: 'Rayon Barat',
      consultantType: 'internal',
      consultantTypeName: 'Internal',
      isActive: true,
      district: { id: barat, name: 'Surabaya Barat' },
    });
    const id = internal.json().data.id;
    const external = await call('PUT', `consultant/${id}`, {
      name: 'Rayon Barat',
      code: 'RB-01',
      consultantType: 'external',
      districtId: barat,
    });
    expect(external.json().data).toMatchObject({
      consultantType: 'external',
      consultantTypeName: 'Eksternal',
      district: null,
    });
    expect((await call('PUT', `consultant/${id}/change-status`)).json().data.isActive).toBe(false);
    const list = (await call('GET', 'consultant?search=rb-0&sort_by=code')).json().data;
    expect(list).toMatchObject({ total: 1, data: [{ code: 'RB-01' }] });
  });

  it('answers the spec messages, needs a district for internal ones, and refuses duplicate codes and names', async () => {
    expect((await call('POST', 'consultant', {})).json().errors).toEqual({
      name: [MASTER_MESSAGES.consultantName],
      code: [MASTER_MESSAGES.consultantCode],
      consultantType: [MASTER_MESSAGES.consultantType],
    });
    expect(
      (await call('POST', 'consultant', { name: 'CV A', code: 'A', consultantType: 'internal' })).json()
        .errors,
    ).toEqual({ districtId: [MASTER_MESSAGES.consultantDistrict] });
    await call('POST', 'consultant', { name: 'CV Sama', code: 'SAMA', consultantType: 'external' });
    const duplicate = await call('POST', 'consultant', {
      name: 'cv sama',
      code: 'sama',
      consultantType: 'external',
    });
    expect(duplicate.json().errors).toEqual({
      code: ['Kode Konsultan sudah terdaftar!'],
      name: ['Nama Konsultan sudah terdaftar!'],
    });
  });
});

describe('master type-work-color', () => {
  it('creates, edits, lists and deletes a colour', async () => {
    const created = await call('POST', 'type-work-color', { type_work: 'Pengaspalan', color: '#E53935' });
    expect(created.json().data).toEqual({
      id: expect.any(Number),
      typeWork: 'Pengaspalan',
      color: '#e53935',
    });
    const id = created.json().data.id;
    expect(
      (await call('PUT', `type-work-color/${id}`, { type_work: 'Pengaspalan Jalan', color: '#123' })).json()
        .data,
    ).toMatchObject({
      typeWork: 'Pengaspalan Jalan',
    });
    expect((await call('GET', 'type-work-color?search=aspal')).json().data).toMatchObject({ total: 1 });
    const deleted = await call('DELETE', `type-work-color/${id}`);
    expect(deleted.json().status.message).toBe('Data berhasil dihapus');
    expect((await call('GET', `type-work-color/${id}`)).statusCode).toBe(404);
  });

  it('answers the spec messages and refuses a bad colour or a duplicate type', async () => {
    expect((await call('POST', 'type-work-color', {})).json().errors).toEqual({
      type_work: [MASTER_MESSAGES.colorTypeWork],
      color: [MASTER_MESSAGES.color],
    });
    expect(
      (await call('POST', 'type-work-color', { type_work: 'X', color: 'merah' })).json().errors.color,
    ).toEqual([MASTER_MESSAGES.colorFormat]);
    await call('POST', 'type-work-color', { type_work: 'Paving', color: '#fb8c00' });
    expect(
      (await call('POST', 'type-work-color', { type_work: 'paving', color: '#000000' })).statusCode,
    ).toBe(422);
  });

  it('refuses to delete a colour that completed works use, and keeps it', async () => {
    const { id } = (
      await call('POST', 'type-work-color', { type_work: 'Betonisasi', color: '#1e88e5' })
    ).json().data;
    await buildCompletedWorkImport(t.db, { typeWorkColorId: id });
    const response = await call('DELETE', `type-work-color/${id}`);
    expect(response.statusCode).toBe(400);
    expect((await call('GET', `type-work-color/${id}`)).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const { headers } = await t.signIn('structural');
    expect((await call('DELETE', 'type-work-color/1', undefined, headers)).statusCode).toBe(403);
    expect((await call('GET', 'consultant', undefined, headers)).statusCode).toBe(403);
  });
});
