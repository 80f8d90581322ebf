// What a submitted survey holds beyond its row, for the generated bench set (generate.ts makes bare
// surveys): field identification texts, one or two work types, one or two surveyed roads with a drawn line
// of three segments (DRAWN_LINE_SQL), and two or three ASB items per road at the master's prices. Made on the database
// server in a few INSERT ... SELECT statements; a set that already has surveyed roads is left as it is.
// Photos are not made: the workbook lists photo paths, and the photo zip is not what the export budget times.
import type { DataTarget } from './bench-database.ts';

const WORK_TYPES = ['Pemeliharaan Berkala', 'Rehabilitasi Jalan', 'Peningkatan Jalan', 'Normalisasi Saluran'];

const ASB_ITEMS: [string, number][] = [
  ['Pengaspalan Hotmix AC-WC t=4 cm', 185_000],
  ['Lapis Pondasi Agregat Kelas A', 145_000],
  ['Paving Stone K-300 t=8 cm', 210_000],
  ['Saluran U-Ditch 60x60', 1_250_000],
  ['Perataan dan Pemadatan Tanah', 42_500],
  ['Marka Jalan Thermoplastic', 165_000],
];

const ROAD_CONDITIONS = [
  'Aspal retak buaya dan berlubang',
  'Paving ambles dan bergelombang',
  'Permukaan aus, agregat lepas',
  'Retak memanjang di tengah jalan',
  'Bahu jalan longsor',
];
const CANALS = ['Ada, di kedua sisi', 'Ada, sisi kiri', 'Ada, sisi kanan', 'Tidak ada'];
const CANAL_CONDITIONS = ['Sedimentasi tinggi, aliran tersumbat', 'Cukup baik', 'Dinding saluran retak', '-'];

/**
 * A surveyed road's drawn line as a consultant draws it on the map: three joined segments of 15 to 80 m
 * from a random point of the city, heading one way with small bends, at the map's 6 decimals. Each line
 * is its own (a repeated shape would compress to nothing and flatter the dashboard's payload). Volatile and
 * correlated with the outer row through `s.id`, so every row draws anew.
 */
const DRAWN_LINE_SQL = `(
  select jsonb_agg(jsonb_build_object(
      'startLat', round((o.lat + c.lat - c.step_lat)::numeric, 6),
      'startLon', round((o.lon + c.lon - c.step_lon)::numeric, 6),
      'endLat', round((o.lat + c.lat)::numeric, 6),
      'endLon', round((o.lon + c.lon)::numeric, 6)) order by c.n)
  from (
    select -7.22 - random() * 0.12 + s.id * 0 as lat, 112.62 + random() * 0.18 as lon,
      random() * 2 * pi() as heading
  ) as o
  cross join lateral (
    select n, step_lat, step_lon, sum(step_lat) over w as lat, sum(step_lon) over w as lon
    from (
      select n, metres * cos(bend) / 111000 as step_lat, metres * sin(bend) / 110000 as step_lon
      from (
        select n, 15 + random() * 65 as metres, o.heading + (random() - 0.5) * 0.5 as bend
        from generate_series(0, 2) as n
      ) as raw
    ) as steps
    window w as (order by n)
  ) as c
)`;

/** Adds the survey details when the set has none; answers how many roads and items there are. */
export async function addSurveyDetails(bench: DataTarget, log: (line: string) => void = console.log) {
  const {
    rows: [existing],
  } = await bench.pool.query<{ roads: boolean }>('select exists (select 1 from survey_roads) as roads');
  if (!existing?.roads) {
    const startedAt = performance.now();
    const client = await bench.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into road_types (name) select n from unnest($1::text[]) as n
         where not exists (select 1 from road_types r where r.name = n)`,
        [WORK_TYPES],
      );
      await client.query(
        `insert into asb_surveyors (name, price) select a.name, a.price
         from unnest($1::text[], $2::bigint[]) as a(name, price)
         where not exists (select 1 from asb_surveyors s where s.name = a.name)`,
        [ASB_ITEMS.map(([name]) => name), ASB_ITEMS.map(([, price]) => price)],
      );
      const { rows: types } = await client.query<{ id: number }>(
        'select min(id) as id from road_types where name = any($1::text[]) group by name order by 1',
        [WORK_TYPES],
      );
      const { rows: asb } = await client.query<{ id: number }>(
        'select min(id) as id from asb_surveyors where name = any($1::text[]) group by name order by 1',
        [ASB_ITEMS.map(([name]) => name)],
      );
      // Texts drawn from the id, so a regenerated set gets the same details.
      await client.query(
        `update surveys set
           road_condition = ($1::text[])[1 + id % cardinality($1::text[])],
           canal_existing = ($2::text[])[1 + (id / 3) % cardinality($2::text[])],
           canal_condition = ($3::text[])[1 + (id / 7) % cardinality($3::text[])],
           damage_identification = '<p>' || ($1::text[])[1 + id % cardinality($1::text[])] ||
             ' sepanjang kurang lebih ' || (40 + id % 160) || ' meter.</p><ul><li>Lubang di ' ||
             (2 + id % 9) || ' titik</li><li>Genangan saat hujan</li></ul>'
         where not is_draft`,
        [ROAD_CONDITIONS, CANALS, CANAL_CONDITIONS],
      );
      await client.query(
        `insert into survey_road_types (survey_id, road_type_id)
         select s.id, ($1::int[])[1 + (s.id + k) % cardinality($1::int[])]
         from surveys s cross join generate_series(0, 1) as k
         where not s.is_draft and (k = 0 or s.id % 3 = 0)`,
        [types.map((row) => row.id)],
      );
      await client.query('select setseed(0.17)');
      await client.query(
        `insert into survey_roads (survey_id, position, draw_line)
         select s.id, k, ${DRAWN_LINE_SQL}
         from surveys s cross join generate_series(0, 1) as k
         where not s.is_draft and (k = 0 or s.id % 4 = 0)`,
      );
      await client.query(
        `insert into survey_road_asb_items (survey_road_id, asb_surveyor_id, name, unit_price, long, wide)
         select r.id, a.id, a.name, a.price, 20 + (r.id * 13 + k * 7) % 180,
           (array[1.5, 3, 4.5, 6, 7.5])[1 + (r.id + k) % 5]
         from survey_roads r cross join generate_series(0, 2) as k
         join asb_surveyors a on a.id = ($1::int[])[1 + (r.id + k * 2) % cardinality($1::int[])]
         where k < 2 or r.id % 2 = 0`,
        [asb.map((row) => row.id)],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    await bench.pool.query(
      'vacuum (analyze) surveys, survey_road_types, survey_roads, survey_road_asb_items',
    );
    log(`added survey details in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  }
  const {
    rows: [counts],
  } = await bench.pool.query<{ roads: number; items: number }>(
    `select (select count(*)::int from survey_roads) as roads,
       (select count(*)::int from survey_road_asb_items) as items`,
  );
  return counts ?? { roads: 0, items: 0 };
}

/**
 * Draws every surveyed road's line again with DRAWN_LINE_SQL, for a set made before the lines were drawn
 * one by one; their encoded paths are cleared, so the next server start encodes them.
 */
export async function redrawSurveyLines(bench: DataTarget) {
  await bench.pool.query(
    `update survey_roads r set draw_line = ${DRAWN_LINE_SQL},
       encoded_paths = null
     from surveys s where s.id = r.survey_id`,
  );
}
