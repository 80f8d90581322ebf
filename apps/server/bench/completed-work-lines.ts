// Completed-work lines for the benches and the load run: lines of 10 to 40 points around Surabaya in a few
// imports (years x work types; the last three years unless told), file names starting with 'Bench
// Dashboard', made on the database server in one INSERT ... SELECT. A set that already has the asked number
// of them over the same years is reused.
import { SURABAYA_ROADS } from './bench-data.ts';
import type { DataTarget } from './bench-database.ts';

const BENCH_IMPORT_PREFIX = 'Bench Dashboard';
const WORK_TYPES: [string, string][] = [
  ['Pengaspalan Hotmix', '#e53935'],
  ['Paving Stone', '#1e88e5'],
  ['Saluran U-Ditch', '#43a047'],
  ['Pemeliharaan Rutin', '#fb8c00'],
];

const lastYears = (count: number) => {
  const thisYear = new Date().getFullYear();
  return Array.from({ length: count }, (_, n) => thisYear - count + n);
};

/**
 * Makes `count` completed-work lines in an import per year and work type, unless exactly that many bench
 * lines exist over the same years.
 */
export async function ensureCompletedWorks(
  bench: DataTarget,
  count: number,
  log: (line: string) => void = console.log,
  options: { years?: number[] } = {},
) {
  const pattern = `${BENCH_IMPORT_PREFIX}%`;
  const years = options.years ?? lastYears(3);
  const {
    rows: [existing],
  } = await bench.pool.query<{ works: number; points: number; years: number[] }>(
    `select count(*)::int as works, coalesce(sum(jsonb_array_length(w.coordinates -> 0)), 0)::int as points,
       coalesce(array_agg(distinct i.year order by i.year), '{}') as years
     from completed_works w join completed_work_imports i on i.id = w.import_id
     where i.file_name like $1`,
    [pattern],
  );
  const sameYears = [...years].sort((a, b) => a - b).join() === existing?.years.join();
  if (existing?.works === count && (count === 0 || sameYears)) {
    log(`completed works already in ${bench.name}: ${count.toLocaleString('en')} lines`);
    return { generated: false, seconds: 0, points: existing.points };
  }
  const startedAt = performance.now();
  const client = await bench.pool.connect();
  try {
    await client.query('begin');
    await client.query('delete from completed_work_imports where file_name like $1', [pattern]);
    const typeIds: number[] = [];
    for (const [typeWork, color] of WORK_TYPES) {
      const found = await client.query<{ id: number }>(
        'select id from type_work_colors where type_work = $1 order by id limit 1',
        [typeWork],
      );
      const id =
        found.rows[0]?.id ??
        (
          await client.query<{ id: number }>(
            'insert into type_work_colors (type_work, color) values ($1, $2) returning id',
            [typeWork, color],
          )
        ).rows[0]?.id;
      if (id) typeIds.push(id);
    }
    const { rows: imports } = await client.query<{ id: number; year: number }>(
      `insert into completed_work_imports (year, type_work_color_id, file_name, storage_key)
       select y, t, $3 || ' ' || y || ' ' || t || '.zip', 'bench/dashboard-' || y || '-' || t || '.zip'
       from unnest($1::int[]) as y cross join unnest($2::int[]) as t
       order by y, t
       returning id, year`,
      [years, typeIds, BENCH_IMPORT_PREFIX],
    );
    const locations = SURABAYA_ROADS.map((road) => road.replace(/^Jalan /, 'Jl. '));
    // Roughly straight lines of 10 to 40 points, 25 to 30 m apart, with a little jitter; coordinates at
    // full double precision as a shapefile import stores them.
    await client.query(
      `insert into completed_works (import_id, year, package_name, location, location_length, package_length,
         location_value, package_value, coordinates, min_lat, min_lon, max_lat, max_lon)
       select ($2::int[])[1 + s.n % cardinality($2::int[])], ($3::int[])[1 + s.n % cardinality($3::int[])],
         'Paket Pekerjaan Jalan ' || (s.n / 8), ($4::text[])[1 + (s.n / 8) % cardinality($4::text[])],
         round((s.points * 27.5)::numeric, 2), round((s.points * 27.5 * 8)::numeric, 2),
         s.points::bigint * 27 * 450000, s.points::bigint * 27 * 8 * 450000,
         jsonb_build_array(g.line), g.min_lat, g.min_lon, g.max_lat, g.max_lon
       from (
         select n, 10 + floor(random() * 31)::int as points, -7.2 - random() * 0.15 as lat0,
           112.6 + random() * 0.2 as lon0, random() * 2 * pi() as heading
         from generate_series(1, $1::int) as n
       ) as s
       cross join lateral (
         select jsonb_agg(jsonb_build_array(p.lat, p.lon) order by p.k) as line,
           min(p.lat) as min_lat, min(p.lon) as min_lon, max(p.lat) as max_lat, max(p.lon) as max_lon
         from (
           select k,
             s.lat0 + k * 0.00025 * cos(s.heading) + (random() - 0.5) * 0.00004 as lat,
             s.lon0 + k * 0.00025 * sin(s.heading) + (random() - 0.5) * 0.00004 as lon
           from generate_series(0, s.points - 1) as k
         ) as p
       ) as g`,
      [count, imports.map((row) => row.id), imports.map((row) => row.year), locations],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  await bench.pool.query('analyze completed_works');
  await bench.pool.query('analyze completed_work_imports');
  const {
    rows: [made],
  } = await bench.pool.query<{ points: number }>(
    `select coalesce(sum(jsonb_array_length(w.coordinates -> 0)), 0)::int as points
     from completed_works w join completed_work_imports i on i.id = w.import_id where i.file_name like $1`,
    [pattern],
  );
  const seconds = (performance.now() - startedAt) / 1000;
  log(`made ${count.toLocaleString('en')} completed-work lines in ${seconds.toFixed(1)} s`);
  return { generated: true, seconds, points: made?.points ?? 0 };
}
