import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { type DownloadProgress, postForFile, readBodyWithProgress } from './stream-download.ts';

const streamOf = (chunks: Uint8Array[], failAfter?: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      chunks.forEach((chunk, index) => {
        if (index === failAfter) controller.error(new TypeError('network error'));
        else controller.enqueue(chunk);
      });
      if (failAfter === undefined) controller.close();
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readBodyWithProgress', () => {
  it('reports the bytes received and the announced size, and answers the whole file', async () => {
    const seen: DownloadProgress[] = [];
    const response = new Response(streamOf([new Uint8Array(3), new Uint8Array(5)]), {
      headers: { 'Content-Length': '8', 'Content-Type': 'application/zip' },
    });
    const blob = await readBodyWithProgress(response, (progress) => seen.push(progress));
    expect(blob.size).toBe(8);
    expect(blob.type).toBe('application/zip');
    expect(seen[0]).toEqual({ received: 0, total: 8 });
    expect(seen.at(-1)).toEqual({ received: 8, total: 8 });
  });

  it('knows no total without Content-Length (a streamed export)', async () => {
    const seen: DownloadProgress[] = [];
    await readBodyWithProgress(new Response(streamOf([new Uint8Array(4)])), (progress) =>
      seen.push(progress),
    );
    expect(seen.at(-1)).toEqual({ received: 4, total: null });
  });

  it('turns a connection lost mid-way into a connection error, never a partial file', async () => {
    const response = new Response(streamOf([new Uint8Array(4), new Uint8Array(4)], 1));
    const failure = await readBodyWithProgress(response).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBeNull();
  });
});

describe('postForFile', () => {
  it('sends JSON with the marker header and reads a failure as an ApiError with its envelope', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ status: { code: 400, message: 'Data tidak ditemukan!' }, data: null }),
          {
            status: 400,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const failure = await postForFile('/api-web/export', { option: '.xlsx' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).message).toBe('Data tidak ditemukan!');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api-web/export');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"option":".xlsx"}');
    const headers = init.headers as Headers;
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });
});
