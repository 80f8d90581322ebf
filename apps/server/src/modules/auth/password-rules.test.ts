import { AUTH_MESSAGES, USER_MESSAGES } from '@eusulan/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { roles, users } from '../../db/schema/index.ts';

/** Wherever a password is set: refused when common or breached, or when it holds the username. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEFAULT_PASSWORD: 'Bawaan123' });
});
afterAll(async () => {
  await t?.close();
});

// Entries of the package's list that the shared rule lets through (8+ characters, letters and digits), so
// only the list can refuse them; taken from the list itself, in upper and mixed case to show case is ignored.
const listed = dictionary['passwords-common'].filter(
  (entry) => entry.length >= 8 && /[a-z]/i.test(entry) && /\d/.test(entry),
);
const commonPasswords = [listed[0]!, listed[Math.floor(listed.length / 2)]!.toUpperCase(), 'Password123'];

const changePassword = (headers: Record<string, string>, newPassword: string, currentPassword: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/change-password',
    headers,
    payload: { currentPassword, newPassword, newPasswordConfirmation: newPassword },
  });

async function storedHash(userId: number) {
  const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash;
}

describe('PUT /api/auth/change-password', () => {
  it('refuses common and breached passwords from the list, whatever their case', async () => {
    const { user, headers } = await t.signIn('umum');
    for (const password of commonPasswords) {
      const response = await changePassword(headers, password, user.password);
      expect(response.statusCode, password).toBe(422);
      expect(response.json().errors).toEqual({ newPassword: [AUTH_MESSAGES.newPasswordCommon] });
    }
    expect(await storedHash(user.id)).toBe(user.passwordHash);
  });

  it('refuses a password holding the username, in any case, and says so with a wrong current one', async () => {
    const { user, headers } = await t.signIn('structural');
    const holdingName = `X${user.username.toUpperCase()}9`;
    const response = await changePassword(headers, holdingName, user.password);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ newPassword: [AUTH_MESSAGES.newPasswordContainsUsername] });

    const both = await changePassword(headers, holdingName, 'BukanYangIni7');
    expect(both.json().errors).toEqual({
      currentPassword: [AUTH_MESSAGES.currentPasswordWrong],
      newPassword: [AUTH_MESSAGES.newPasswordContainsUsername],
    });
    expect(await storedHash(user.id)).toBe(user.passwordHash);
    expect((await changePassword(headers, 'JalanBerlubang42', user.password)).statusCode).toBe(200);
  });

  it('answers an empty form with what is missing, one message a field, not every rule', async () => {
    const { headers } = await t.signIn('umum');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers,
      payload: { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      currentPassword: [AUTH_MESSAGES.currentPasswordRequired],
      newPassword: [AUTH_MESSAGES.newPasswordRequired],
      newPasswordConfirmation: [AUTH_MESSAGES.confirmationRequired],
    });
  });

  it('makes a reset password one to replace, and its replacement follows the rules', async () => {
    const admin = await t.signIn('admin');
    const { user } = await t.signIn('consultan');
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api-web/master/user/${user.id}/reset-password`,
      headers: admin.headers,
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.login(user.username, 'Bawaan123');
    const resetHeaders = { authorization: `Bearer ${login.json().data.auth.accessToken}` };
    expect(login.json().data.user.mustChangePassword).toBe(true);
    const common = await changePassword(resetHeaders, commonPasswords[2]!, 'Bawaan123');
    expect(common.json().errors).toEqual({ newPassword: [AUTH_MESSAGES.newPasswordCommon] });
    expect((await changePassword(resetHeaders, 'TrotoarBaru88', 'Bawaan123')).statusCode).toBe(200);
  });
});

describe('POST /api-web/master/user', () => {
  it('refuses a common password and one holding the username, together with the other field errors', async () => {
    const admin = await t.signIn('admin');
    const [umum] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'umum'));
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api-web/master/user', headers: admin.headers, payload });

    const common = await create({
      roleId: umum!.id,
      name: 'Warga',
      username: 'wargabaru',
      password: commonPasswords[0],
      passwordConfirmation: commonPasswords[0],
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: [USER_MESSAGES.passwordCommon] });

    const holdingName = await create({
      roleId: umum!.id,
      username: 'wargabaru',
      password: 'WargaBaru2026',
      passwordConfirmation: 'WargaBaru2026',
    });
    expect(holdingName.json().errors).toEqual({
      name: [USER_MESSAGES.name],
      password: [USER_MESSAGES.passwordContainsUsername],
    });
    const empty = await create({
      roleId: umum!.id,
      name: 'Warga',
      username: 'wargabaru',
      password: '',
      passwordConfirmation: '',
    });
    expect(empty.json().errors).toEqual({ password: [USER_MESSAGES.password] });

    const [before] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'wargabaru'));
    expect(before).toBeUndefined();
    const created = await create({
      roleId: umum!.id,
      name: 'Warga',
      username: 'wargabaru',
      password: 'Gorong2Kota',
      passwordConfirmation: 'Gorong2Kota',
    });
    expect(created.statusCode).toBe(201);
  });
});
