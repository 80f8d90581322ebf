import { AUTH_MESSAGES, USER_MESSAGES } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsultant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { roles } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
const roleIds: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({ DEFAULT_PASSWORD: 'Bawaan123' });
  admin = await t.signIn('admin');
  for (const role of await t.db.select().from(roles)) roleIds[role.slug] = role.id;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin.headers) =>
  t.app.inject({ method, url: `/api-web/master/${url}`, headers, ...(payload ? { payload } : {}) });

async function newConsultant(code: string) {
  return (await buildConsultant(t.db, { code, name: `CV ${code}` })).id;
}

describe('master user', () => {
  it('creates a structural user and a consultant user, answering the spec shape', async () => {
    const structural = await call('POST', 'user', {
      roleId: roleIds.structural,
      name: 'Ir. Sutrisno',
      username: 'sutrisno',
      password: 'Rahasia123',
      passwordConfirmation: 'Rahasia123',
    });
    expect(structural.statusCode).toBe(201);
    expect(structural.json().data).toEqual({
      id: expect.any(Number),
      name: 'Ir. Sutrisno',
      username: 'sutrisno',
      role: { id: roleIds.structural, name: 'Struktural', slug: 'structural' },
      userable: null,
      isActive: true,
    });
    const consultantId = await newConsultant('CV-01');
    const consultan = await call('POST', 'user', {
      roleId: roleIds.consultan,
      consultantId,
      username: 'cv01',
      password: 'Rahasia123',
      passwordConfirmation: 'Rahasia123',
    });
    expect(consultan.json().data).toMatchObject({
      name: 'CV CV-01',
      userable: { id: consultantId, code: 'CV-01', consultantTypeName: 'Eksternal' },
    });
    expect((await t.login('cv01', 'Rahasia123')).statusCode).toBe(200);

    const list = (await call('GET', 'user?page=1&perPage=1&search=cv-01')).json().data;
    expect(list).toMatchObject({
      total: 1,
      limit: 1,
      defaultPassword: 'Bawaan123',
      data: [{ username: 'cv01' }],
    });
  });

  it('answers the spec messages of the user form', async () => {
    expect((await call('POST', 'user', {})).json().errors).toMatchObject({
      roleId: [USER_MESSAGES.role],
      username: [USER_MESSAGES.username],
      password: [USER_MESSAGES.password],
    });
    const mismatch = await call('POST', 'user', {
      roleId: roleIds.umum,
      username: 'umumbaru',
      password: 'Rahasia123',
      passwordConfirmation: 'Lain12345',
    });
    expect(mismatch.json().errors.passwordConfirmation).toEqual([USER_MESSAGES.confirmation]);
    const noName = await call('POST', 'user', {
      roleId: roleIds.umum,
      username: 'umumbaru',
      password: 'Rahasia123',
      passwordConfirmation: 'Rahasia123',
    });
    expect(noName.json().errors).toEqual({ name: [USER_MESSAGES.name] });
    const noConsultant = await call('POST', 'user', {
      roleId: roleIds.consultan,
      username: 'konsbaru',
      password: 'Rahasia123',
      passwordConfirmation: 'Rahasia123',
    });
    expect(noConsultant.json().errors).toEqual({ consultantId: [USER_MESSAGES.consultant] });
  });

  it('keeps usernames unique and one user per consultant', async () => {
    const consultantId = await newConsultant('CV-02');
    const base = {
      roleId: roleIds.consultan,
      consultantId,
      password: 'Rahasia123',
      passwordConfirmation: 'Rahasia123',
    };
    const first = await call('POST', 'user', { ...base, username: 'cv02' });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', 'user', { ...base, username: 'CV02' });
    expect(second.json().errors).toEqual({
      username: [USER_MESSAGES.usernameTaken],
      consultantId: [USER_MESSAGES.consultantHasUser],
    });
    const edit = await call('PUT', `user/${first.json().data.id}`, {
      roleId: roleIds.consultan,
      consultantId,
      username: 'cv02',
    });
    expect(edit.statusCode).toBe(200);
  });

  it('deactivating a user ends their sessions and stops their login', async () => {
    const { user, headers } = await t.signIn('umum');
    const response = await call('PUT', `user/${user.id}/change-status`);
    expect(response.json().data.isActive).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/me', headers })).statusCode).toBe(401);
    expect((await t.login(user.username, user.password)).statusCode).toBe(401);
  });

  it('protects the admin themselves and the last active admin', async () => {
    const self = await call('PUT', `user/${admin.user.id}/change-status`);
    expect(self.statusCode).toBe(400);
    expect(self.json().status.message).toBe(USER_MESSAGES.selfDeactivate);
    const demote = await call('PUT', `user/${admin.user.id}`, {
      roleId: roleIds.umum,
      name: 'X',
      username: admin.user.username,
    });
    expect(demote.json().status.message).toBe(USER_MESSAGES.selfDemote);

    // Another admin can be deactivated and demoted while the acting admin stays active.
    const other = await t.signIn('admin');
    expect((await call('PUT', `user/${other.user.id}/change-status`)).json().data.isActive).toBe(false);
    expect((await call('PUT', `user/${other.user.id}/change-status`)).json().data.isActive).toBe(true);
    const demoted = await call('PUT', `user/${other.user.id}`, {
      roleId: roleIds.umum,
      name: 'Mantan Admin',
      username: other.user.username,
    });
    expect(demoted.json().data.role.slug).toBe('umum');
  });

  it('resets a password to DEFAULT_PASSWORD, ending sessions and forcing a change', async () => {
    const { user, headers } = await t.signIn('structural');
    const response = await call('PUT', `user/${user.id}/reset-password`);
    expect(response.json().status.message).toBe('Password berhasil di reset');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/me', headers })).statusCode).toBe(401);
    const login = await t.login(user.username, 'Bawaan123');
    expect(login.json().data.user.mustChangePassword).toBe(true);
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api-web/need-approval',
      headers: { authorization: `Bearer ${login.json().data.auth.accessToken}` },
    });
    expect(blocked.json().status.message).toBe(AUTH_MESSAGES.mustChangePassword);
  });

  it('is for admins only', async () => {
    const { headers } = await t.signIn('consultan');
    expect((await call('GET', 'user', undefined, headers)).statusCode).toBe(403);
    expect((await call('PUT', 'user/1/reset-password', undefined, headers)).statusCode).toBe(403);
  });
});
