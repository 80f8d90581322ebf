import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

export const ROUTE_NOT_FOUND_MESSAGE = 'Request/Resource not found!';
export const SERVER_ERROR_MESSAGE = 'Terjadi kesalahan pada server. Silakan coba lagi.';
export const BAD_URL_MESSAGE = 'Alamat permintaan tidak valid.';

/** Fastify's own client errors, reworded for the office's staff. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Format data tidak valid.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Data tidak boleh kosong.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Jenis konten tidak didukung.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Ukuran data melebihi batas.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Panjang data tidak sesuai.',
};

/** Every error answers with the envelope of DESIGN §3; a 5xx never shows its cause. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((caught: FastifyError | HttpError, request, reply) => {
    // Drizzle wraps what the driver throws (the embedded database's "busy" refusal) as a query error's cause.
    const cause = (caught as { cause?: unknown }).cause;
    const error = cause instanceof HttpError ? cause : caught;
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ status: error.statusCode }, error.message);
      const body: Record<string, unknown> = {
        status: { code: error.statusCode, message: error.message },
        data: null,
      };
      if (error.errors) body.errors = error.errors;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = FASTIFY_CLIENT_ERRORS[error.code] ?? 'Permintaan tidak valid.';
      return reply.status(statusCode).send({ status: { code: statusCode, message }, data: null });
    }
    request.log.error({ err: describeForLog(error) }, 'unhandled error');
    return reply.status(500).send({ status: { code: 500, message: SERVER_ERROR_MESSAGE }, data: null });
  });
});

export function apiNotFound(reply: import('fastify').FastifyReply) {
  return reply.status(404).send({ status: { code: 404, message: ROUTE_NOT_FOUND_MESSAGE }, data: null });
}

const UNROUTABLE_ANSWERS: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, BAD_URL_MESSAGE],
  FST_ERR_MAX_PARAM_LENGTH: [404, ROUTE_NOT_FOUND_MESSAGE],
};

/**
 * Fastify's `frameworkErrors`: a URL it cannot route, refused before any hook or the error handler runs.
 * Without this Fastify answers in English, echoing the URL, outside the envelope and without the request id
 * or no-store, which the hooks would have added. A path parameter over Fastify's length limit cannot name a
 * record, so it is the 404 of any unknown path; a broken %-escape is a 400.
 */
export function refuseUnroutableUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = UNROUTABLE_ANSWERS[error.code];
  if (!known) request.log.error({ err: describeForLog(error) }, 'unhandled framework error');
  const [code, message] = known ?? [500, SERVER_ERROR_MESSAGE];
  return reply
    .status(code)
    .header(REQUEST_ID_HEADER, request.id)
    .header('Cache-Control', 'no-store')
    .send({ status: { code, message, requestId: request.id }, data: null });
}

/**
 * What a 500 leaves in the log: error kind, database code and message, and the stack — never a failed
 * query's parameters, which can hold passwords hashes, session ids or what a user typed.
 */
function describeForLog(error: Error) {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const isQueryError = error.name === 'DrizzleQueryError' || error.message.startsWith('Failed query');
  return {
    type: error.name,
    code: cause?.code ?? (error as { code?: string }).code,
    message: isQueryError ? (cause?.message ?? 'query failed') : error.message,
    stack: isQueryError ? undefined : error.stack,
  };
}
