import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or client sent is kept when it is short and plain (nginx's $request_id, a UUID), so one id
 * follows the call through every log; anything else could forge log lines or bloat them.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Fastify's genReqId: the incoming x-request-id when sane, else 16 random hex characters (short enough to
 * read out over the phone, unique enough within an office's logs).
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomBytes(8).toString('hex');
}

interface Envelope {
  status: { code: number; message: string; requestId?: string };
}

const isEnvelope = (payload: unknown): payload is Envelope =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as Envelope).status === 'object' &&
  (payload as Envelope).status !== null &&
  typeof (payload as Envelope).status.code === 'number';

/**
 * Every answer names its request id in x-request-id, and every error envelope (4xx, 5xx, from the error
 * handler, the 404 handler or a route) carries it as status.requestId, which the web shows under its error
 * messages (lib/errors.ts) so staff can quote it and IT can find the request's log lines.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isEnvelope(payload) || payload.status.requestId) return payload;
    // A copy: an envelope may be a shared constant, and another request's id must never stick to it.
    return { ...payload, status: { ...payload.status, requestId: request.id } };
  });
});
