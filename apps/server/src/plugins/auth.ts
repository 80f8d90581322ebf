import { AUTH_MESSAGES, type TRole } from '@eusulan/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthenticated } from '../lib/http-error.ts';
import { findLiveSession } from '../modules/auth/auth.queries.ts';

export interface AuthContext {
  userId: number;
  sessionId: string;
  role: TRole;
  consultantId: number | null;
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

interface RequireAuthOptions {
  /** Roles allowed; empty or missing means any signed-in user. */
  roles?: readonly TRole[];
  /** Routes a user with a pending forced password change may still use (me, change-password, logout). */
  allowPendingPasswordChange?: boolean;
  /** Media links carry the token as ?token= because an <img> or <video> cannot send a header. */
  allowQueryToken?: boolean;
}

function tokenOf(request: FastifyRequest, allowQueryToken: boolean): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (allowQueryToken) {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) return token;
  }
  return null;
}

/** A preHandler: 401 without a live session, 403 for a role not listed or a pending password change. */
export function requireAuth(options: RequireAuthOptions = {}): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = tokenOf(request, options.allowQueryToken ?? false);
    if (!token) throw unauthenticated();
    const { tokens, db } = request.server.ctx;
    const claims = tokens.read(token);
    if (!claims) throw unauthenticated();
    const session = await findLiveSession(db, claims.sid, claims.sub);
    if (!session) throw unauthenticated();
    request.auth = {
      userId: session.userId,
      sessionId: session.sessionId,
      role: session.role,
      consultantId: session.consultantId,
      mustChangePassword: session.mustChangePassword,
    };
    if (session.mustChangePassword && !options.allowPendingPasswordChange) {
      throw forbidden(AUTH_MESSAGES.mustChangePassword);
    }
    if (options.roles?.length && !options.roles.includes(session.role)) throw forbidden();
  };
}

/** The signed-in user of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
