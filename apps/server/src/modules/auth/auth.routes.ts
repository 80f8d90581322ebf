import { isIP } from 'node:net';
import { AUTH_MESSAGES, ZChangePassword, ZLogin } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import * as auth from './auth.service.ts';
import { CAPTCHA_CHALLENGE_PATH } from './captcha.ts';

const signedIn = requireAuth({ allowPendingPasswordChange: true });

/** The caller's address as an IP; anything else (a forged forwarding header) falls back to the socket. */
function clientAddress(request: import('fastify').FastifyRequest): string {
  if (isIP(request.ip)) return request.ip;
  return request.socket.remoteAddress ?? 'unknown';
}

export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/auth/captcha-config', async () => envelope(ctx.captcha.publicConfig));

  app.get(CAPTCHA_CHALLENGE_PATH, async (_request, reply) => {
    const challenge = await ctx.captcha.createChallenge();
    if (!challenge)
      return reply.status(404).send(envelope(null, { code: 404, message: 'Captcha tidak digunakan.' }));
    return reply.header('Cache-Control', 'no-store').send(challenge);
  });

  app.post('/api/auth/login', async (request) => {
    const input = parseInput(ZLogin, request.body);
    const result = await auth.login(ctx, input, {
      ipAddress: clientAddress(request),
      userAgent: request.headers['user-agent'] ?? null,
    });
    return envelope(result, { message: 'Login berhasil' });
  });

  const me = async (request: import('fastify').FastifyRequest) =>
    envelope(await auth.currentUser(ctx, authOf(request).userId));
  app.post('/api/auth/me', { preHandler: signedIn }, me);
  app.get('/api/auth/me', { preHandler: signedIn }, me);

  app.put('/api/auth/change-password', { preHandler: signedIn }, async (request) => {
    const input = parseInput(ZChangePassword, request.body);
    await auth.changePassword(ctx, authOf(request).userId, input);
    return envelope(null, { message: AUTH_MESSAGES.changePasswordSuccess });
  });

  app.post('/api/auth/logout', { preHandler: signedIn }, async (request) => {
    await auth.logout(ctx, authOf(request).sessionId);
    return envelope(null, { message: 'Logout berhasil' });
  });
}
