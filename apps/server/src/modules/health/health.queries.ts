import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Readiness: the database answers a statement. */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
