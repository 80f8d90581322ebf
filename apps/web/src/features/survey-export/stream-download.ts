import { ApiError, buildHeaders, buildUrl, readJson, requestIdOf } from '../../lib/http.ts';

/** Bytes received so far, and the whole size when the server announced it (Content-Length). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** How often progress is reported while bytes arrive: often enough to move, rarely enough not to re-render per chunk. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Reads a file answer chunk by chunk with fetch's reader, reporting the bytes received; the file is only
 * whole when the stream ends (a streamed export has no Content-Length). A connection lost mid-way is a
 * connection error (ApiError without status), never a partial file; an abort stays an AbortError.
 */
export async function readBodyWithProgress(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('Content-Type') ?? '';
  onProgress?.({ received: 0, total });
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.({ received: blob.size, total });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  let reportedAt = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      const now = Date.now();
      if (now - reportedAt >= PROGRESS_INTERVAL_MS) {
        reportedAt = now;
        onProgress?.({ received, total });
      }
    }
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(null, null);
  }
  onProgress?.({ received, total });
  return new Blob(chunks, { type });
}

export interface StreamedFile {
  blob: Blob;
  disposition: string | null;
}

/**
 * POST with a JSON body answered by a file, read with progress. A failure answers JSON (spec §8), which is
 * read into an ApiError for the caller's handling.
 */
export async function postForFile(
  path: string,
  body: unknown,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<StreamedFile> {
  const { signal, onProgress } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      method: 'POST',
      headers: buildHeaders(body, { Accept: '*/*' }),
      body: JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(null, null);
  }
  if (!response.ok) throw new ApiError(response.status, await readJson(response), requestIdOf(response));
  const blob = await readBodyWithProgress(response, onProgress, signal);
  return { blob, disposition: response.headers.get('Content-Disposition') };
}
