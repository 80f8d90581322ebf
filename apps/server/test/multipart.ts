import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** A real file from test/fixtures, optionally sent under another name. */
export function fixture(name: string, sendAs = name) {
  return { name: sendAs, content: readFileSync(path.join(FIXTURES, name)) };
}

export interface UploadPart {
  name: string;
  content: Uint8Array | string;
  type?: string;
}

/**
 * A multipart/form-data body as a browser sends it, built by the platform's own FormData encoder: fields
 * (arrays repeat the key) and files per field name. Returns what app.inject needs.
 */
export async function multipart(
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: Record<string, UploadPart[]> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  for (const [key, parts] of Object.entries(files)) {
    for (const part of parts) {
      form.append(
        key,
        new Blob([part.content], { type: part.type ?? 'application/octet-stream' }),
        part.name,
      );
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/**
 * POSTs such a body through app.inject, the caller's headers (a bearer, an If-Match) beside the form's own
 * content-type: the one way the tests send a form, so none of them writes it out again.
 */
export async function sendForm(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  fields: Parameters<typeof multipart>[0],
  files: Parameters<typeof multipart>[1] = {},
) {
  const body = await multipart(fields, files);
  return app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
