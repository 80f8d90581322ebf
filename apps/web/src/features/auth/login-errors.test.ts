import type { ApiEnvelope } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { describeLoginFailure } from './login-errors.ts';

const failure = (status: number, message: string, errors?: Record<string, string[]>) =>
  new ApiError(status, { status: { code: status, message }, data: null, errors } as ApiEnvelope<unknown>);

describe('describeLoginFailure', () => {
  it('answers wrong credentials and inactive accounts with the same text', () => {
    expect(describeLoginFailure(failure(401, 'x'))?.alert).toBe('Username dan password tidak cocok');
    expect(describeLoginFailure(failure(403, 'Akun tidak aktif'))?.alert).toBe(
      'Username dan password tidak cocok',
    );
  });

  it('reports a rejected bot check as an invalid captcha', () => {
    const result = describeLoginFailure(failure(422, 'invalid', { recaptcha: ['Captcha salah'] }));
    expect(result).toEqual({ alert: 'Captcha tidak valid!', fieldErrors: {} });
  });

  it('puts other 422 messages under their fields', () => {
    const result = describeLoginFailure(
      failure(422, 'invalid', { username: ['Username tidak boleh kosong!'] }),
    );
    expect(result).toEqual({ alert: null, fieldErrors: { username: ['Username tidak boleh kosong!'] } });
  });

  it("shows the server's message when sign-in is throttled", () => {
    const text = 'Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam 15 menit.';
    expect(describeLoginFailure(failure(429, text))?.alert).toBe(text);
  });

  it('leaves other failures to the common handler', () => {
    expect(describeLoginFailure(failure(500, 'x'))).toBeNull();
    expect(describeLoginFailure(new ApiError(null, null))).toBeNull();
  });
});
