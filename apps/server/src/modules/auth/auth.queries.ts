import type { TRole } from '@eusulan/shared';
import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  captchaUses,
  consultants,
  districts,
  loginFailures,
  roles,
  sessions,
  users,
} from '../../db/schema/index.ts';

/** The session behind a token, if it is unrevoked, unexpired and its user still active. */
export async function findLiveSession(db: Db, sessionId: string, userId: number) {
  const [row] = await liveSession(db).execute({ sessionId, userId });
  return row ? { ...row, role: row.role as TRole } : null;
}

/** Every signed-in request asks it, so it is built and planned once (db/prepared.ts). */
const liveSession = preparedOnce((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: roles.slug,
      consultantId: users.consultantId,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

export async function findUserForLogin(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The user with role and consultant (userable), shaped by the presenter. */
export async function findUserProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      mustChangePassword: users.mustChangePassword,
      role: { id: roles.id, slug: roles.slug, name: roles.name },
      consultant: {
        id: consultants.id,
        code: consultants.code,
        name: consultants.name,
        consultantType: consultants.consultantType,
      },
      district: { id: districts.id, name: districts.name },
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(consultants, eq(consultants.id, users.consultantId))
    .leftJoin(districts, eq(districts.id, consultants.districtId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
export type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;

export async function findPasswordHash(db: Db, userId: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function insertSession(
  db: Db,
  session: { id: string; userId: number; expiresAt: Date; ipAddress: string; userAgent: string | null },
) {
  await db.insert(sessions).values(session);
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function updatePassword(db: Db, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function countRecentFailures(db: Db, username: string, ipAddress: string, since: Date) {
  const [row] = await db
    .select({ failures: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, username),
        eq(loginFailures.ipAddress, ipAddress),
        gt(loginFailures.createdAt, since),
      ),
    );
  return { failures: row?.failures ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Records a login attempt; it stays a failure unless the login succeeds or is refused before the password check. */
export async function recordFailure(db: Db, username: string, ipAddress: string) {
  const [row] = await db
    .insert(loginFailures)
    .values({ username, ipAddress })
    .returning({ id: loginFailures.id });
  return row?.id ?? 0;
}

export async function forgetAttempt(db: Db, attemptId: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
}

/** A success forgets the failures of that username and address; old rows of anyone are pruned too. */
export async function clearFailures(db: Db, username: string, ipAddress: string, olderThan: Date) {
  await db
    .delete(loginFailures)
    .where(
      sql`(${loginFailures.username} = ${username} and ${loginFailures.ipAddress} = ${ipAddress}) or ${loginFailures.createdAt} < ${olderThan.toISOString()}`,
    );
}

/** How many spent challenges past their expiry one recordCaptchaUse clears, so no call pays for a backlog. */
const EXPIRED_CAPTCHA_USES_PER_CALL = 100;

/**
 * Records a solved bot-check challenge as spent: true when this is its first use, false for a replay (on
 * this server or any other on the database). Clears a few spent challenges that have expired meanwhile.
 */
export async function recordCaptchaUse(db: Db, challengeId: string, expiresAt: Date) {
  const inserted = await db
    .insert(captchaUses)
    .values({ challengeId, expiresAt })
    .onConflictDoNothing()
    .returning({ challengeId: captchaUses.challengeId });
  const expired = db
    .select({ challengeId: captchaUses.challengeId })
    .from(captchaUses)
    .where(lt(captchaUses.expiresAt, sql`now()`))
    .limit(EXPIRED_CAPTCHA_USES_PER_CALL);
  await db.delete(captchaUses).where(inArray(captchaUses.challengeId, expired));
  return inserted.length > 0;
}
