import { ApiError, buildHeaders, buildUrl, type RequestOptions, readJson, requestIdOf } from './http.ts';

/** A file answer (a template, an export): its bytes and its Content-Disposition header. */
export interface FileAnswer {
  blob: Blob;
  disposition: string | null;
}

/** One call answered with a file; a failure still carries the JSON envelope for the error handler. */
export async function requestFile(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<FileAnswer> {
  const { body, query, signal, headers } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: buildHeaders(body, { Accept: '*/*', ...headers }),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(null, null);
  }
  if (!response.ok) throw new ApiError(response.status, await readJson(response), requestIdOf(response));
  return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') };
}

/**
 * The file name of a Content-Disposition header: the UTF-8 form (filename*=UTF-8''…) when present, else
 * the plain filename="…"; null when the header names none.
 */
export function fileNameFromDisposition(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** Hands a downloaded file to the browser under the server's name, or the fallback. */
export function saveFile({ blob, disposition }: FileAnswer, fallbackName: string): string {
  const name = fileNameFromDisposition(disposition) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  saveLink(url, name);
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Lets the browser save what a link points to under this name. For a server file it streams to disk
 * itself, so a large export is never held in the page's memory.
 */
export function saveLink(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
