import type { ApiEnvelope } from '@eusulan/shared';
import { describe, expect, it, vi } from 'vitest';
import { describeApiError, handleApiError, setUnauthenticatedHandler, validationMessages } from './errors.ts';
import { ApiError } from './http.ts';

const failure = (status: number, body: Partial<ApiEnvelope<unknown>> = {}) =>
  new ApiError(status, {
    status: { code: status, message: '' },
    data: null,
    ...body,
  } as ApiEnvelope<unknown>);

describe('describeApiError', () => {
  it.each([400, 403])("shows %i as 'Oopss...' with the server's message", (status) => {
    const error = failure(status, { status: { code: status, message: 'Data sudah diverifikasi.' } });
    expect(describeApiError(error)).toEqual({
      kind: 'alert',
      title: 'Oopss...',
      content: 'Data sudah diverifikasi.',
    });
  });

  it("shows a busy server's 503 with its message", () => {
    const error = failure(503, {
      status: { code: 503, message: 'Server sedang sibuk, coba lagi sebentar.' },
    });
    expect(describeApiError(error)).toEqual({
      kind: 'alert',
      title: 'Oopss...',
      content: 'Server sedang sibuk, coba lagi sebentar.',
    });
  });

  it("shows a 409's message (a repeated submit, a stale copy) instead of a connection fault", () => {
    const error = failure(409, { status: { code: 409, message: 'Survey sudah dikirim.' } });
    expect(describeApiError(error)).toMatchObject({
      kind: 'alert',
      title: 'Oopss...',
      content: 'Survey sudah dikirim.',
    });
  });

  it('signs the user out on 401', () => {
    expect(describeApiError(failure(401))).toEqual({ kind: 'sign-out' });
  });

  it('lists the 422 field messages under Peringatan..', () => {
    const error = failure(422, {
      errors: { name: ['Nama Jalan tidak boleh kosong!'], code: ['Kode tidak boleh kosong!'] },
    });
    expect(describeApiError(error)).toEqual({
      kind: 'validation',
      title: 'Peringatan..',
      messages: ['Nama Jalan tidak boleh kosong!', 'Kode tidak boleh kosong!'],
    });
  });

  it('reads 422 messages from data when the body has no errors map', () => {
    const error = failure(422, { data: { price: 'Harga tidak valid' } });
    expect(describeApiError(error)).toMatchObject({ kind: 'validation', messages: ['Harga tidak valid'] });
  });

  it('reports 404 as a missing resource', () => {
    expect(describeApiError(failure(404))).toMatchObject({
      kind: 'alert',
      content: 'Request/Resource not found!',
    });
  });

  it.each([
    ['a server error', failure(500)],
    ['a rate limit outside login', failure(429)],
    ['no response at all', new ApiError(null, null)],
    ['a non-API failure', new TypeError('boom')],
  ])('reports %s as a connection fault', (_name, error) => {
    expect(describeApiError(error)).toMatchObject({ kind: 'alert', content: 'Terjadi kesalahan koneksi' });
  });

  it('ignores an aborted request', () => {
    expect(describeApiError(new DOMException('aborted', 'AbortError'))).toEqual({ kind: 'ignore' });
  });
});

describe('validationMessages', () => {
  it('flattens and de-duplicates messages', () => {
    expect(validationMessages({ errors: { a: ['x', 'y'], b: ['x'] } })).toEqual(['x', 'y']);
  });
});

describe('handleApiError', () => {
  it('runs the registered sign-out on 401', () => {
    const signOut = vi.fn();
    setUnauthenticatedHandler(signOut);
    handleApiError(failure(401));
    expect(signOut).toHaveBeenCalledOnce();
  });
});
