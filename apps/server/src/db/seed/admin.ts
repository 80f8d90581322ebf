import { eq } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import { roles, users } from '../schema/index.ts';

/**
 * On a database without an administrator, creates one. A password from the environment is used as it is;
 * without one a password is generated, returned so start-up can print it once, and must be changed at first login.
 */
export async function ensureAdmin(db: Db, options: { username: string; password?: string }) {
  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'admin'));
  if (!adminRole) throw new Error('role admin belum ada');
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, adminRole.id))
    .limit(1);
  if (existing) return { created: false as const };
  const password = options.password ?? generatePassword();
  await db.insert(users).values({
    name: 'Administrator',
    username: options.username,
    passwordHash: await hashPassword(password),
    roleId: adminRole.id,
    mustChangePassword: !options.password,
  });
  return { created: true as const, generatedPassword: options.password ? undefined : password };
}
