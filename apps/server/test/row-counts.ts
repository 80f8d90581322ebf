import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** Tables a refused call may still touch: a failed login is counted, a session is used, a bot check spent. */
export const BOOKKEEPING_TABLES = new Set(['login_failures', 'sessions', 'captcha_uses']);

/** Rows per table of the public schema (drizzle's own and the bookkeeping ones left out). */
export async function tableRowCounts(db: Db, except = BOOKKEEPING_TABLES): Promise<Record<string, number>> {
  const rowsOf = async <T>(query: ReturnType<typeof sql.raw>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = (
    await rowsOf<{ name: string }>(
      sql.raw(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
      ),
    )
  )
    .map((row) => row.name)
    .filter((name) => !except.has(name) && !name.startsWith('__'));
  const counted = await rowsOf<{ name: string; rows: number }>(
    sql.raw(
      tables
        .map((name) => `select '${name}' as name, count(*)::int as rows from "${name}"`)
        .join(' union all '),
    ),
  );
  return Object.fromEntries(counted.map((row) => [row.name, row.rows]));
}
