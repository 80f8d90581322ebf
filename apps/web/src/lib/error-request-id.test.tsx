import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { failureText } from '../features/survey/failure-text.ts';
import { describeApiError, handleApiError } from './errors.ts';
import { http } from './http.ts';

/** fetch answers once with this status, body and x-request-id header. */
function answer(status: number, body: string, requestId?: string) {
  const headers = new Headers({ 'Content-Type': body.startsWith('{') ? 'application/json' : 'text/html' });
  if (requestId) headers.set('x-request-id', requestId);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  );
}

const failedCall = () => http.get('/api-web/proposal').catch((error: unknown) => error);

describe('the request id under an error', () => {
  it("shows the envelope's status.requestId small under the error dialog's message", async () => {
    answer(
      500,
      JSON.stringify({
        status: { code: 500, message: 'Terjadi kesalahan pada server.', requestId: '9f2c41d07ab35e18' },
        data: null,
      }),
      '9f2c41d07ab35e18',
    );
    render(<AppProviders>{null}</AppProviders>);
    handleApiError(await failedCall());

    const line = await screen.findByTestId('error-request-id');
    expect(line.textContent).toBe('Kode permintaan: 9f2c41d07ab35e18');
    // Under the spec's text of the common handler, inside the same dialog.
    expect(line.parentElement?.textContent).toBe(
      'Terjadi kesalahan koneksiKode permintaan: 9f2c41d07ab35e18',
    );
    expect(screen.getAllByText('Oopss...').length).toBeGreaterThan(0);
  });

  it("takes the header's id when a proxy answered with its own page", async () => {
    answer(502, '<html>Bad Gateway</html>', 'nginx-5b1e0c');
    const error = await failedCall();
    expect(describeApiError(error)).toEqual({
      kind: 'alert',
      title: 'Oopss...',
      content: 'Terjadi kesalahan koneksi',
      requestId: 'nginx-5b1e0c',
    });
  });

  it('adds the id to the one-line failures beside survey uploads', async () => {
    answer(
      403,
      JSON.stringify({
        status: { code: 403, message: 'Survey sudah dikirim.', requestId: 'abc123' },
        data: null,
      }),
    );
    expect(failureText(await failedCall())).toBe('Survey sudah dikirim. (Kode permintaan: abc123)');
  });

  it('leaves the validation list and a call that got no answer without an id', async () => {
    answer(
      422,
      JSON.stringify({
        status: { code: 422, message: 'Data tidak valid', requestId: 'abc123' },
        data: null,
        errors: { name: ['Nama Jalan tidak boleh kosong!'] },
      }),
    );
    expect(describeApiError(await failedCall())).toEqual({
      kind: 'validation',
      title: 'Peringatan..',
      messages: ['Nama Jalan tidak boleh kosong!'],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(describeApiError(await failedCall())).toEqual({
      kind: 'alert',
      title: 'Oopss...',
      content: 'Terjadi kesalahan koneksi',
    });
  });
});
