import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  LOGIN_FAILURE_WINDOW_MS,
  type TAuthUser,
  type TChangePassword,
  type TLoginResult,
} from '@eusulan/shared';
import { HttpError, invalid, notFound, unauthenticated } from '../../lib/http-error.ts';
import { type PasswordProblem, passwordProblems } from '../../lib/password-policy.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import type { AppContext } from '../../plugins/context.ts';
import { presentAuthUser } from './auth.presenter.ts';
import * as queries from './auth.queries.ts';
import { limitAddressOf, loginWait } from './login-limits.ts';

interface LoginInput {
  username: string;
  password: string;
  recaptcha: string;
}
interface ClientInfo {
  ipAddress: string;
  userAgent: string | null;
}

/** Signs a user in: limits, bot check, credentials, then a new session and its token. */
export async function login(ctx: AppContext, input: LoginInput, client: ClientInfo): Promise<TLoginResult> {
  const username = input.username.trim().toLowerCase();
  const address = limitAddressOf(client.ipAddress);
  // The attempt is written before anything is checked, so parallel requests all count (no race past a limit).
  const attemptId = await queries.recordFailure(ctx.db, username, address);
  const user = await queries.findUserForLogin(ctx.db, username);
  // Asked for an unknown username too (no user has id 0), so both take the same time.
  const isKnownAddress = await queries.hasSignedInFrom(ctx.db, user?.id ?? 0, address);
  const recent = await queries.countRecentFailures(
    ctx.db,
    { username, ipAddress: address, exceptId: attemptId },
    LOGIN_FAILURE_WINDOW_MS,
  );
  const waitMs = loginWait(recent, isKnownAddress);
  if (waitMs > 0) {
    // Refused before the password is looked at, so it is not a failure and does not lengthen the wait.
    await queries.forgetAttempt(ctx.db, attemptId);
    const seconds = Math.ceil(waitMs / 1000);
    throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts(seconds), undefined, {
      'retry-after': String(seconds),
    });
  }

  if (!(await ctx.captcha.verify(input.recaptcha, client.ipAddress))) {
    // A failed bot check is not a password failure.
    await queries.forgetAttempt(ctx.db, attemptId);
    throw invalid({ recaptcha: [AUTH_MESSAGES.captchaInvalid] }, AUTH_MESSAGES.captchaInvalid);
  }

  const passwordMatches = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  // A deactivated account answers like a wrong password, so its password cannot be tested.
  if (!user || !passwordMatches || !user.isActive) throw new HttpError(401, AUTH_MESSAGES.badCredentials);

  await queries.clearFailures(ctx.db, username, address, LOGIN_FAILURE_WINDOW_MS);
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.config.TOKEN_TTL * 1000);
  await queries.insertSession(ctx.db, {
    id: sessionId,
    userId: user.id,
    expiresAt,
    ipAddress: address,
    userAgent: client.userAgent,
  });
  const accessToken = ctx.tokens.issue({
    sid: sessionId,
    sub: user.id,
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  return {
    auth: { accessToken, tokenType: 'Bearer', expiresAt: expiresAt.toISOString() },
    user: await currentUser(ctx, user.id),
  };
}

export async function currentUser(ctx: AppContext, userId: number): Promise<TAuthUser> {
  const row = await queries.findUserProfile(ctx.db, userId);
  if (!row) throw notFound();
  return presentAuthUser(row);
}

/** Replaces the password after checking the current one; every session of the user ends. */
export async function changePassword(ctx: AppContext, userId: number, input: TChangePassword) {
  const account = await queries.findPasswordAccount(ctx.db, userId);
  if (!account) throw unauthenticated();
  const errors: Record<string, string[]> = {};
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    errors.currentPassword = [AUTH_MESSAGES.currentPasswordWrong];
  }
  const problems = passwordProblems(input.newPassword, account.username);
  if (problems.length) errors.newPassword = problems.map((problem) => NEW_PASSWORD_MESSAGES[problem]);
  if (Object.keys(errors).length) throw invalid(errors);

  const newHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await queries.updatePassword(tx, userId, newHash);
    await queries.revokeUserSessions(tx, userId);
  });
}

const NEW_PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  common: AUTH_MESSAGES.newPasswordCommon,
  containsUsername: AUTH_MESSAGES.newPasswordContainsUsername,
};

export const logout = (ctx: AppContext, sessionId: string) => queries.revokeSession(ctx.db, sessionId);
