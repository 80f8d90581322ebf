import type { TRole } from '@eusulan/shared';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
  const [row] = await db
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
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ? { ...row, role: row.role as TRole } : null;
}

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

/** What a password change checks against: the current hash, and the username a new password must not hold. */
export async function findPasswordAccount(db: Db, userId: number) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
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

/** One key's failures within the window and the time of the last of them. */
export interface KeyFailures {
  failures: number;
  last: Date | null;
}

/** Failures per key, with the database's clock, which stamped them. */
export interface RecentFailures {
  now: Date;
  account: KeyFailures;
  address: KeyFailures;
  pair: KeyFailures;
}

/**
 * Failed logins within the last `windowMs` for the username, for the address and for both together, leaving
 * out the attempt being judged (`exceptId`), so parallel attempts still in flight count against each other.
 * The account and address counts leave out failures of a username at an address it has signed in from: a
 * user mistyping at their own office slows neither their account elsewhere nor newcomers there.
 */
export async function countRecentFailures(
  db: Db,
  key: { username: string; ipAddress: string; exceptId: number },
  windowMs: number,
): Promise<RecentFailures> {
  const isAccount = sql`${loginFailures.username} = ${key.username}`;
  const isAddress = sql`${loginFailures.ipAddress} = ${key.ipAddress}`;
  const isPair = sql`${isAccount} and ${isAddress}`;
  const isFromKnownAddress = sql`exists (
    select 1 from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId}
    where lower(${users.username}) = ${loginFailures.username} and ${sessions.ipAddress} = ${loginFailures.ipAddress}
  )`;
  const countsForAccount = sql`${isAccount} and not ${isFromKnownAddress}`;
  const countsForAddress = sql`${isAddress} and not ${isFromKnownAddress}`;
  const [row] = await db
    .select({
      now: sql<string>`now()`,
      accountFailures: sql<number>`(count(*) filter (where ${countsForAccount}))::int`,
      accountLast: sql<string | null>`max(${loginFailures.createdAt}) filter (where ${countsForAccount})`,
      addressFailures: sql<number>`(count(*) filter (where ${countsForAddress}))::int`,
      addressLast: sql<string | null>`max(${loginFailures.createdAt}) filter (where ${countsForAddress})`,
      pairFailures: sql<number>`(count(*) filter (where ${isPair}))::int`,
      pairLast: sql<string | null>`max(${loginFailures.createdAt}) filter (where ${isPair})`,
    })
    .from(loginFailures)
    .where(
      and(
        sql`(${isAccount} or ${isAddress})`,
        sql`${loginFailures.id} <> ${key.exceptId}`,
        sql`${loginFailures.createdAt} > now() - make_interval(secs => ${windowMs / 1000})`,
      ),
    );
  const at = (value: string | null | undefined) => (value ? new Date(value) : null);
  return {
    now: at(row?.now) ?? new Date(),
    account: { failures: row?.accountFailures ?? 0, last: at(row?.accountLast) },
    address: { failures: row?.addressFailures ?? 0, last: at(row?.addressLast) },
    pair: { failures: row?.pairFailures ?? 0, last: at(row?.pairLast) },
  };
}

/** True when the user has signed in from this address before: its sessions remember the address. */
export async function hasSignedInFrom(db: Db, userId: number, ipAddress: string) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ipAddress, ipAddress)))
    .limit(1);
  return Boolean(row);
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

/**
 * A success forgets the failures of that username and address; rows of anyone older than the window are
 * pruned too, by the database's clock, the one that stamped them and that countRecentFailures reads.
 */
export async function clearFailures(db: Db, username: string, ipAddress: string, windowMs: number) {
  await db
    .delete(loginFailures)
    .where(
      sql`(${loginFailures.username} = ${username} and ${loginFailures.ipAddress} = ${ipAddress}) or ${loginFailures.createdAt} < now() - make_interval(secs => ${windowMs / 1000})`,
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
