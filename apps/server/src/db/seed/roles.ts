import { ROLE_NAMES, ROLES } from '@eusulan/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { roles } from '../schema/index.ts';

/** The four roles of the product, by slug; names follow the spec. */
export async function ensureRoles(db: Db) {
  await db
    .insert(roles)
    .values(ROLES.map((slug) => ({ slug, name: ROLE_NAMES[slug] })))
    .onConflictDoUpdate({ target: roles.slug, set: { name: sql`excluded.name` } });
}
