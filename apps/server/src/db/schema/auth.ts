import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { consultants } from './master.ts';

export const roles = pgTable('roles', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: varchar({ length: 32 }).notNull().unique(),
  name: varchar({ length: 64 }).notNull(),
});

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 150 }).notNull(),
    username: varchar({ length: 64 }).notNull(),
    passwordHash: text().notNull(),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    /** Set for consultan users only: the consultant (Rayon) the account acts for. */
    consultantId: integer().references(() => consultants.id),
    isActive: boolean().notNull().default(true),
    /** A generated or reset password must be replaced before anything else is allowed. */
    mustChangePassword: boolean().notNull().default(false),
    passwordChangedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_consultant_unique').on(t.consultantId),
    index('users_role_idx').on(t.roleId),
  ],
);

/** One row per issued token: logout and password changes revoke them. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Where the user signed in, as the login limits count addresses (an IPv6 client by its /64). */
    ipAddress: varchar({ length: 64 }),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins, counted per username and address for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: varchar({ length: 64 }).notNull(),
    ipAddress: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_lookup_idx').on(t.username, t.ipAddress, t.createdAt)],
);

/**
 * Solved altcha challenges already spent on a login, by their nonce, so a solution is accepted once across
 * every server on the database. Kept until the challenge would have expired anyway.
 */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    challengeId: varchar({ length: 128 }).primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_uses_expires_idx').on(t.expiresAt)],
);
