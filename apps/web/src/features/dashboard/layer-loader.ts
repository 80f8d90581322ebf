import type { ApiEnvelope } from '@eusulan/shared';
import { ApiError, buildHeaders, buildUrl, http } from '../../lib/http.ts';
import { layerLineData } from './layer-lines.ts';
import type { LineData, LineKind } from './line-store.ts';

export interface LayerRequest {
  url: string;
  headers: [string, string][];
  kind: LineKind;
}

export type LayerResult =
  | { ok: true; lines: LineData }
  | { ok: false; status: number | null; envelope: ApiEnvelope<unknown> | null; requestId: string | null };

/**
 * One map layer as drawable lines. In a Web Worker (layer-loader.worker.ts) where the browser has them:
 * at a city's size the body is tens of megabytes of JSON, and parsing and decoding it on the page held the
 * page for seconds; the worker hands the typed arrays over without a copy. Fails like http.get (ApiError).
 */
export function loadLayerLines(kind: LineKind, path: string, signal?: AbortSignal): Promise<LineData> {
  if (typeof Worker === 'undefined') return loadOnPage(kind, path, signal);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./layer-loader.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = ({ data: result }: MessageEvent<LayerResult>) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      if (result.ok) resolve(result.lines);
      else reject(new ApiError(result.status, result.envelope, result.requestId));
    };
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(`Peta: pemuat garis gagal (${event.message})`));
    };
    const request: LayerRequest = {
      url: new URL(buildUrl(path), location.href).href,
      headers: [...buildHeaders(undefined)],
      kind,
    };
    worker.postMessage(request);
  });
}

/** Without workers (unit tests): the same call and decoding on the page. */
async function loadOnPage(kind: LineKind, path: string, signal?: AbortSignal) {
  return layerLineData(kind, await http.get(path, undefined, { signal }));
}
