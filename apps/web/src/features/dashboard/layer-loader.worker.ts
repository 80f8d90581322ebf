/// <reference lib="webworker" />
// Loads one map layer off the page's thread: the call, JSON.parse of a body of tens of megabytes and the
// decoding of every line (layer-loader.ts). Both layers load at once, one worker each, on two cores.

import { layerLineData } from './layer-lines.ts';
import type { LayerRequest, LayerResult } from './layer-loader.ts';
import { transferablesOf } from './line-store.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async ({ data: request }: MessageEvent<LayerRequest>) => {
  const reply = (result: LayerResult, transfer: Transferable[] = []) => scope.postMessage(result, transfer);
  let response: Response;
  try {
    response = await fetch(request.url, { headers: request.headers });
  } catch {
    reply({ ok: false, status: null, envelope: null, requestId: null });
    return;
  }
  const text = await response.text();
  let envelope = null;
  try {
    envelope = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    reply({ ok: false, status: response.status, envelope, requestId: response.headers.get('x-request-id') });
    return;
  }
  const lines = layerLineData(request.kind, envelope);
  reply({ ok: true, lines }, transferablesOf(lines));
};
