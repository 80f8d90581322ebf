import type { TRole } from '@eusulan/shared';
import { and, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultants, roles, users } from '../../db/schema/index.ts';
import { containsPattern, type ListRequest, lowerEquals } from '../../lib/pagination.ts';

export const USER_SORTABLE = {
  id: users.id,
  name: users.name,
  username: users.username,
  role: roles.name,
  isActive: users.isActive,
};

const columns = {
  id: users.id,
  name: users.name,
  username: users.username,
  isActive: users.isActive,
  role: { id: roles.id, name: roles.name, slug: roles.slug },
  consultant: {
    id: consultants.id,
    code: consultants.code,
    name: consultants.name,
    consultantType: consultants.consultantType,
  },
};

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(consultants, eq(consultants.id, users.consultantId));
}

export async function listUsers(db: Db, list: ListRequest) {
  const pattern = containsPattern(list.search);
  const where: SQL | undefined = list.search
    ? or(
        ilike(users.name, pattern),
        ilike(users.username, pattern),
        ilike(roles.name, pattern),
        ilike(consultants.code, pattern),
        ilike(consultants.name, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    baseQuery(db).where(where).orderBy(list.orderBy, users.id).limit(list.limit).offset(list.offset),
    db
      .select({ total: count() })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(consultants, eq(consultants.id, users.consultantId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findUser(db: Db, id: number) {
  const [row] = await baseQuery(db).where(eq(users.id, id));
  return row ?? null;
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

export async function findRole(db: Db, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ? { ...row, slug: row.slug as TRole } : null;
}

export async function findConsultantWithUser(db: Db, consultantId: number) {
  const [row] = await db
    .select({ id: consultants.id, name: consultants.name, userId: users.id })
    .from(consultants)
    .leftJoin(users, eq(users.consultantId, consultants.id))
    .where(eq(consultants.id, consultantId));
  return row ?? null;
}

export async function usernameTaken(db: Db, username: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lowerEquals(users.username, username), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Changes that may take away an admin hold a transaction advisory lock, so the count below is true. */
const ADMIN_CHANGE_LOCK = '4410279036271935811';
export async function holdAdminChangeLock(tx: Db) {
  await tx.execute(sql.raw(`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK})`));
}

/** Active admins other than the given user: zero means that user is the last one. */
export async function countOtherActiveAdmins(db: Db, exceptUserId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.slug, 'admin'), eq(users.isActive, true), ne(users.id, exceptUserId)));
  return row?.total ?? 0;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row?.id ?? null;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
