// The master list budget: a call (search + sort + page) over 100,000 rows, p50 under 30 ms on
// PostgreSQL, with the plan using an index. Needs TEST_DATABASE_URL (a server it may create databases on).
import { sql } from 'drizzle-orm';
import { createTestApp } from '../test/helpers.ts';

const ROWS = 100_000;
const SAMPLES = 50;

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'master list bench skipped: set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(0);
}

const t = await createTestApp();
try {
  const { headers } = await t.signIn('admin');
  await t.db.execute(
    sql`insert into roads (name) select 'Jalan ' || (array['Raya','Kembang','Mawar','Melati','Kenanga'])[1 + i % 5] || ' ' || i from generate_series(1, ${ROWS}) as i`,
  );
  await t.db.execute(sql`analyze roads`);

  const url = '/api-web/master/road?search=mawar 4242&sort_by=name&order_by=asc&page=1&limit=10';
  const timings: number[] = [];
  let total = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const startedAt = performance.now();
    const response = await t.app.inject({ method: 'GET', url, headers });
    timings.push(performance.now() - startedAt);
    total = response.json().meta.total;
  }
  timings.sort((a, b) => a - b);
  const plan = await t.db.execute(
    sql`explain select * from roads where name ilike '%mawar 4242%' order by name asc, id limit 10`,
  );
  const planText = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map(
    (row) => row['QUERY PLAN'],
  );
  console.log('| measure | result | budget |\n|---|---|---|');
  console.log(
    `| master road list over ${ROWS} rows, search+sort+page, p50 (p95), ${total} matches | ${timings[Math.floor(SAMPLES / 2)]?.toFixed(1)} ms (${timings[Math.floor(SAMPLES * 0.95)]?.toFixed(1)} ms) | 30 ms |`,
  );
  console.log(`plan:\n  ${planText.join('\n  ')}`);
} finally {
  await t.close();
}
