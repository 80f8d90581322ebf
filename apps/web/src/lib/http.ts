import type { ApiEnvelope } from '@eusulan/shared';
import { getToken } from './session.ts';

/** Spec §7: 'global' calls live under /api/, every other call under /api-web/. */
export const API_PREFIX = { global: '/api', web: '/api-web' } as const;

const BASE_URL = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';

/**
 * A failed call: `status` is null when no response arrived (network fault, CORS, server down). `requestId`
 * names the request in the server's logs (status.requestId of the envelope, else the x-request-id header a
 * proxy's own error page still carries); the error dialogs show it for staff to quote.
 */
export class ApiError extends Error {
  readonly requestId: string | null;

  constructor(
    readonly status: number | null,
    readonly body: ApiEnvelope<unknown> | null,
    headerRequestId?: string | null,
  ) {
    super(body?.status?.message ?? 'Terjadi kesalahan koneksi');
    this.name = 'ApiError';
    this.requestId = body?.status?.requestId ?? headerRequestId ?? null;
  }
}

/** The x-request-id the server (or the proxy in front of it) answered with. */
export const requestIdOf = (response: Response) => response.headers.get('x-request-id');

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Builds `path?query`, leaving out empty values and repeating the key for lists (`year=2024&year=2025`). */
export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return `${BASE_URL}${path}${search ? `?${search}` : ''}`;
}

/** The marker header, the bearer token and the body's content type of every call (spec §7). */
export function buildHeaders(body: unknown, extra?: Record<string, string>): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

export async function readJson(response: Response): Promise<ApiEnvelope<unknown> | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as ApiEnvelope<unknown>;
  } catch {
    return null;
  }
}

/** One JSON call; resolves with the whole envelope so callers can read `data`, `meta` and `status`. */
export async function request<TData, TMeta = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<ApiEnvelope<TData, TMeta>> {
  const { body, query, signal, headers } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: buildHeaders(body, headers),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(null, null);
  }
  const envelope = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, envelope, requestIdOf(response));
  return envelope as ApiEnvelope<TData, TMeta>;
}

type BodyOptions = Omit<RequestOptions, 'body'>;

export const http = {
  get: <TData, TMeta = undefined>(path: string, query?: Query, options?: BodyOptions) =>
    request<TData, TMeta>('GET', path, { ...options, query }),
  post: <TData, TMeta = undefined>(path: string, body?: unknown, options?: BodyOptions) =>
    request<TData, TMeta>('POST', path, { ...options, body }),
  put: <TData, TMeta = undefined>(path: string, body?: unknown, options?: BodyOptions) =>
    request<TData, TMeta>('PUT', path, { ...options, body }),
  del: <TData, TMeta = undefined>(path: string, query?: Query, options?: BodyOptions) =>
    request<TData, TMeta>('DELETE', path, { ...options, query }),
};

/** Spec §7: media links (files, photos, videos) carry the stored token as a query parameter. */
export function mediaUrl(link: string): string {
  const token = getToken();
  if (!token) return link;
  return `${link}${link.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
