import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../messages/auth.ts';
import { ZChangePassword, ZLogin } from './auth.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('ZLogin', () => {
  it('treats a whitespace-only username as empty', () => {
    const result = ZLogin.safeParse({ username: '   ', password: '' });
    expect(messagesOf(result)).toEqual([AUTH_MESSAGES.usernameRequired, AUTH_MESSAGES.passwordRequired]);
  });
});

describe('ZChangePassword', () => {
  const valid = {
    currentPassword: 'lama1234',
    newPassword: 'baru12345',
    newPasswordConfirmation: 'baru12345',
  };
  it('accepts a strong, confirmed new password', () => {
    expect(ZChangePassword.safeParse(valid).success).toBe(true);
  });
  it.each([
    [{ newPassword: 'ab1', newPasswordConfirmation: 'ab1' }, AUTH_MESSAGES.newPasswordTooShort],
    [{ newPassword: 'abcdefghij', newPasswordConfirmation: 'abcdefghij' }, AUTH_MESSAGES.newPasswordWeak],
    [{ newPasswordConfirmation: 'lain12345' }, AUTH_MESSAGES.confirmationMismatch],
    [{ newPassword: 'lama1234', newPasswordConfirmation: 'lama1234' }, AUTH_MESSAGES.newPasswordSameAsOld],
  ])('rejects %o with its message', (change, message) => {
    expect(messagesOf(ZChangePassword.safeParse({ ...valid, ...change }))).toContain(message);
  });
});
