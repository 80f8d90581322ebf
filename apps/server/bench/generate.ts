// The bench data set: real Surabaya kecamatan and kelurahan (db/seed/data/surabaya-wilayah.csv), real
// street names and their numbered gangs, Rayon and CV/PT consultants, and N proposals made on the database
// server in one INSERT ... SELECT over generate_series, with a submitted survey (roads, drawn lines, ASB
// items) for the surveyed and finished ones. Idempotent per database: a database that already holds the
// same set (marked in its comment) is left as it is. Run alone to prepare a database to reuse (the full
// set: 1,000,000 proposals over ten years, 200,000 completed-work lines, an account per consultant):
//   TEST_DATABASE_URL=... node --import tsx bench/generate.ts --database=eusulan_bench_1m
import { fileURLToPath } from 'node:url';
import { fillEncodedLines } from '../src/db/fill-encoded-lines.ts';
import { readSurabayaWilayah } from '../src/db/seed/demo.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import {
  DAMAGE,
  FIRM_WORDS,
  FIRST_NAMES,
  LANDMARKS,
  LAST_NAMES,
  PHONE_PREFIXES,
  RAYON_CODES,
  SURABAYA_ROADS,
} from './bench-data.ts';
import {
  BENCH_ADMIN,
  type DataTarget,
  openBenchDatabase,
  type SqlClient,
  type SqlPool,
} from './bench-database.ts';
import { ensureCompletedWorks } from './completed-work-lines.ts';
import { readBenchOptions, requireServerUrl } from './options.ts';
import { addSurveyDetails } from './survey-details.ts';

export interface GenerateOptions {
  proposals: number;
  consultants: number;
  /** First year of the proposal dates (options.ts: defaultFromYear(), ten calendar years up to today). */
  fromYear: number;
}

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** What the database comment says once a set is loaded; a different request regenerates the proposals. */
const markerOf = (options: GenerateOptions) =>
  `eusulan-bench v2 proposals=${options.proposals} consultants=${options.consultants} from-year=${options.fromYear}`;

/** Numbered gangs per real street in the road master (Jalan Ngagel Gg. 7): a city's few thousand names. */
const GANGS_PER_ROAD = 100;

async function withTransaction<T>(pool: SqlPool, work: (client: SqlClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Districts, kecamatan, kelurahan, streets and consultants; missing ones only. Answers the ids to use. */
async function loadMasters(client: SqlClient, consultantCount: number) {
  const wilayah = readSurabayaWilayah();
  const districtNames = [...new Set(wilayah.map((row) => row.district))];
  await client.query('insert into districts (name) select unnest($1::text[]) on conflict (name) do nothing', [
    districtNames,
  ]);
  const subdistrictRows = [...new Map(wilayah.map((row) => [row.subdistrictCode, row])).values()];
  await client.query(
    `insert into subdistricts (code, name, district_id)
     select s.code, s.name, d.id from unnest($1::text[], $2::text[], $3::text[]) as s(code, name, district)
     join districts d on d.name = s.district
     on conflict (code) do nothing`,
    [
      subdistrictRows.map((row) => row.subdistrictCode),
      subdistrictRows.map((row) => row.subdistrict),
      subdistrictRows.map((row) => row.district),
    ],
  );
  await client.query(
    `insert into villages (code, name, subdistrict_id)
     select v.code, v.name, s.id from unnest($1::text[], $2::text[], $3::text[]) as v(code, name, subdistrict)
     join subdistricts s on s.code = v.subdistrict
     on conflict (code) do nothing`,
    [
      wilayah.map((row) => row.villageCode),
      wilayah.map((row) => row.village),
      wilayah.map((row) => row.subdistrictCode),
    ],
  );
  await client.query(
    `insert into roads (name) select n from unnest($1::text[]) as n
     where not exists (select 1 from roads r where r.name = n)`,
    [SURABAYA_ROADS],
  );
  // The gangs fill the road master (its list and search) to a real city's size; proposals name the streets.
  await client.query(
    `insert into roads (name)
     select name from (
       select r || ' Gg. ' || g as name from unnest($1::text[]) as r cross join generate_series(1, $2::int) as g
       except select name from roads
     ) as gangs order by name`,
    [SURABAYA_ROADS, GANGS_PER_ROAD],
  );

  const rayons = Object.entries(RAYON_CODES);
  await client.query(
    `insert into consultants (code, name, consultant_type, district_id)
     select r.code, 'Rayon ' || r.district, 'internal', d.id
     from unnest($1::text[], $2::text[]) as r(code, district) join districts d on d.name = r.district
     on conflict (code) do nothing`,
    [rayons.map(([, code]) => code), rayons.map(([district]) => district)],
  );
  const externalCount = consultantCount - rayons.length;
  const externals = Array.from({ length: externalCount }, (_, n) => {
    const first = FIRM_WORDS[n % FIRM_WORDS.length];
    const second = FIRM_WORDS[(n + 1 + Math.floor(n / FIRM_WORDS.length)) % FIRM_WORDS.length];
    return {
      code: `BNC-K${String(n + 1).padStart(3, '0')}`,
      name: `${n % 3 === 0 ? 'PT' : 'CV'} ${first} ${second}${n >= FIRM_WORDS.length * 2 ? ` ${n}` : ''}`,
    };
  });
  await client.query(
    `insert into consultants (code, name, consultant_type)
     select code, name, 'external' from unnest($1::text[], $2::text[]) as c(code, name)
     on conflict (code) do nothing`,
    [externals.map((row) => row.code), externals.map((row) => row.name)],
  );

  const { rows: villageRows } = await client.query<{ id: number; rayonId: number }>(
    `select v.id, c.id as "rayonId" from villages v
     join subdistricts s on s.id = v.subdistrict_id join districts d on d.id = s.district_id
     join consultants c on c.code = ($1::jsonb ->> d.name)
     where v.code = any($2::text[]) order by v.code`,
    [JSON.stringify(RAYON_CODES), wilayah.map((row) => row.villageCode)],
  );
  const { rows: roadRows } = await client.query<{ id: number }>(
    'select min(id) as id from roads where name = any($1::text[]) group by name order by min(id)',
    [SURABAYA_ROADS],
  );
  const { rows: externalRows } = await client.query<{ id: number }>(
    'select id from consultants where code = any($1::text[]) order by code',
    [externals.map((row) => row.code)],
  );
  const { rows: adminRows } = await client.query<{ id: number }>('select id from users where username = $1', [
    BENCH_ADMIN.username,
  ]);
  return {
    villageIds: villageRows.map((row) => row.id),
    villageRayonIds: villageRows.map((row) => row.rayonId),
    roadIds: roadRows.map((row) => row.id),
    externalIds: externalRows.map((row) => row.id),
    adminId: adminRows[0]?.id ?? null,
  };
}

/**
 * One row per generated number, all random draws made once per row in the inner select (a volatile select
 * list is never flattened into the outer one). Types 30/30/20/20 %; statuses lean to finished for
 * proposals older than a year; 60 % go to the Rayon of the kelurahan's region, the rest to a CV/PT;
 * each kelurahan has five streets of its own, so places (kelurahan, street, RT, RW) repeat like real ones.
 */
const INSERT_PROPOSALS = `
insert into proposals (proposal_type, proposal_date, proposer_name, phone_number, road_id, village_id,
  rt_number, rw_number, address, consultant_id, status_type, process_type, created_by_id, verified_at,
  created_at, updated_at)
select proposal_type::proposal_type, d, proposer_name, phone, road_id, village_id, rt, rw, address,
  consultant_id, status::status_type,
  case when status in ('surveyed', 'finished')
    then (array['project', 'self_management', 'pending'])[1 + floor(r_process * 3)::int]::process_type end,
  $13::int,
  case when status <> 'unverified' then created_at + (1 + floor(r_verify * 14)::int) * interval '1 day' end,
  created_at, created_at
from (
  select
    $11::date + floor(r_date * $12::int)::int as d,
    (($11::date + floor(r_date * $12::int)::int + time '07:00' + r_time * interval '10 hours')
      at time zone 'Asia/Jakarta')
      as created_at,
    (array['taruna', 'umum', 'pokir', 'musrenbang'])[
      case when r_type < 0.3 then 1 when r_type < 0.6 then 2 when r_type < 0.8 then 3 else 4 end] as proposal_type,
    ($1::text[])[1 + floor(r_first * cardinality($1::text[]))::int] || ' ' ||
      ($2::text[])[1 + floor(r_last * cardinality($2::text[]))::int] as proposer_name,
    ($3::text[])[1 + floor(r_prefix * cardinality($3::text[]))::int] ||
      lpad(floor(r_phone * 100000000)::bigint::text, 8, '0') as phone,
    ($5::int[])[vi] as village_id,
    case when r_road_none < 0.08 then null
      else ($4::int[])[1 + (vi * 7 + floor(r_road * 5)::int) % cardinality($4::int[])] end as road_id,
    case when r_rt_none < 0.08 then null else lpad((1 + floor(r_rt * 12)::int)::text, 2, '0') end as rt,
    case when r_rt_none < 0.08 or r_rw_none < 0.1 then null
      else lpad((1 + floor(r_rw * 8)::int)::text, 2, '0') end as rw,
    ($8::text[])[1 + floor(r_damage * cardinality($8::text[]))::int] || ', dekat ' ||
      ($9::text[])[1 + floor(r_landmark * cardinality($9::text[]))::int] || ' No. ' ||
      (1 + floor(r_house * 150)::int) as address,
    case when r_rayon < 0.6 then ($6::int[])[vi]
      else ($7::int[])[1 + floor(r_external * cardinality($7::int[]))::int] end as consultant_id,
    -- Old proposals are mostly dealt with: about 30 % are surveyed or finished, and a proposal waits for
    -- its consultant's verification only in its first weeks (a thin tail is forgotten), as in an office
    -- whose consultants verify every few days.
    case when age > 365
      then case when r_status < 0.005 then 'unverified' when r_status < 0.69 then 'verified'
        when r_status < 0.70 then 'surveyed' else 'finished' end
      when age > 60
      then case when r_status < 0.03 then 'unverified' when r_status < 0.70 then 'verified'
        when r_status < 0.85 then 'surveyed' else 'finished' end
      else case when r_status < 0.40 then 'unverified' when r_status < 0.88 then 'verified'
        when r_status < 0.98 then 'surveyed' else 'finished' end
    end as status,
    r_process, r_verify
  from (
  select *, current_date - ($11::date + floor(r_date * $12::int)::int) as age
  from (
    select 1 + floor(random() * cardinality($5::int[]))::int as vi,
      random() as r_date, random() as r_time, random() as r_type, random() as r_first, random() as r_last,
      random() as r_prefix, random() as r_phone, random() as r_road_none, random() as r_road,
      random() as r_rt_none, random() as r_rt, random() as r_rw_none, random() as r_rw, random() as r_damage,
      random() as r_landmark, random() as r_house, random() as r_rayon, random() as r_external,
      random() as r_status, random() as r_process, random() as r_verify
    from generate_series(1, $10::int)
    offset 0
  ) as draws
  ) as aged
) as rows
-- Ids in the order the proposals came in, as the application assigns them.
order by created_at`;

/** A submitted survey for every surveyed or finished proposal (survey-details.ts adds roads and lines). */
const INSERT_SURVEYS = `
insert into surveys (proposal_id, consultant_id, is_draft, damage_identification, suggestion, submitted_at,
  created_at, updated_at)
select id, consultant_id, false, '<p>' || address || '</p>', '<p>Perbaikan sesuai hasil survei.</p>',
  verified_at + interval '5 days', verified_at + interval '4 days', verified_at + interval '5 days'
from proposals where status_type in ('surveyed', 'finished')`;

/** Secondary indexes of the loaded tables, dropped for the load and built again after it (much faster). */
async function dropSecondaryIndexes(client: SqlClient, tables: string[]) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = any($1::text[])
       and indexname not in (select conname from pg_constraint)`,
    [tables],
  );
  for (const row of rows) await client.query(`drop index "${row.name}"`);
  return rows.map((row) => row.definition);
}

export async function generateBenchData(
  bench: DataTarget,
  options: GenerateOptions,
  log: (line: string) => void = console.log,
) {
  const marker = markerOf(options);
  const {
    rows: [current],
  } = await bench.pool.query<{ marker: string | null; proposals: number }>(
    `select shobj_description(oid, 'pg_database') as marker, (select count(*)::int from proposals) as proposals
     from pg_database where datname = current_database()`,
  );
  if (current?.marker === marker && current.proposals === options.proposals) {
    log(`data set already in ${bench.name}: ${marker}`);
    return { generated: false, seconds: 0 };
  }

  const startedAt = performance.now();
  const today = new Date();
  const from = new Date(Date.UTC(options.fromYear, 0, 1));
  const days = Math.max(1, Math.floor((today.getTime() - from.getTime()) / DAY_MS) + 1);
  await withTransaction(bench.pool, async (client) => {
    await client.query("set local maintenance_work_mem = '256MB'");
    await client.query("set local work_mem = '256MB'");
    const masters = await loadMasters(client, options.consultants);
    // The kept counts too: TRUNCATE fires none of the row-change triggers that keep them.
    await client.query('truncate proposals, proposal_counts restart identity cascade');
    const indexes = await dropSecondaryIndexes(client, ['proposals', 'surveys']);
    await client.query('select setseed(0.42)');
    await client.query(INSERT_PROPOSALS, [
      FIRST_NAMES,
      LAST_NAMES,
      PHONE_PREFIXES,
      masters.roadIds,
      masters.villageIds,
      masters.villageRayonIds,
      masters.externalIds,
      DAMAGE,
      LANDMARKS,
      options.proposals,
      isoDate(from),
      days,
      masters.adminId,
    ]);
    await client.query(INSERT_SURVEYS);
    for (const definition of indexes) await client.query(definition);
  });
  const proposalSeconds = (performance.now() - startedAt) / 1000;
  log(`made ${options.proposals.toLocaleString('en')} proposals in ${proposalSeconds.toFixed(1)} s`);
  await addSurveyDetails(bench, log);
  // The drawn lines as the app stores them (encoded paths), with the app's own encoder.
  const encodingStartedAt = performance.now();
  await fillEncodedLines(bench.db);
  log(`encoded the survey lines in ${((performance.now() - encodingStartedAt) / 1000).toFixed(1)} s`);
  // VACUUM as well: autovacuum would have set the visibility map of a table this old, and index-only
  // scans (the list counts) depend on it.
  await bench.pool.query('vacuum (analyze)');
  // Marked last, so an interrupted run is made again the next time.
  await bench.pool.query(`comment on database ${bench.name} is '${marker}'`);
  const seconds = (performance.now() - startedAt) / 1000;
  log(`generated ${options.proposals.toLocaleString('en')} proposals in ${seconds.toFixed(1)} s (${marker})`);
  return { generated: true, seconds };
}

/** The full set's other parts: completed-work lines over the same years, and accounts to sign in with. */
export interface BenchSetOptions extends GenerateOptions {
  works: number;
}

/** Password of every generated account (bench users only; the admin keeps BENCH_ADMIN's). */
export const BENCH_USER_PASSWORD = 'BenchUser123';

/**
 * An account per consultant (konsultan-<code>, acting for it), a few structural and umum ones and more
 * admins, unless they exist; the user master holds an office's worth of rows.
 */
export async function ensureBenchUsers(bench: DataTarget) {
  const passwordHash = await hashPassword(BENCH_USER_PASSWORD);
  await bench.pool.query(
    `insert into users (name, username, password_hash, role_id, consultant_id)
     select 'Petugas ' || c.name, 'konsultan-' || lower(c.code), $1, r.id, c.id
     from consultants c join roles r on r.slug = 'consultan'
     on conflict do nothing`,
    [passwordHash],
  );
  await bench.pool.query(
    `insert into users (name, username, password_hash, role_id)
     select ($2::text[])[1 + (n * 7) % cardinality($2::text[])] || ' ' ||
         ($3::text[])[1 + (n * 11) % cardinality($3::text[])],
       r.slug || '-' || n, $1, r.id
     from roles r cross join generate_series(1, 10) as n
     where r.slug in ('admin', 'structural', 'umum')
     on conflict do nothing`,
    [passwordHash, FIRST_NAMES, LAST_NAMES],
  );
}

/** generateBenchData, then the completed-work lines (over the same years) and the accounts; each reused. */
export async function prepareBenchSet(
  bench: DataTarget,
  options: BenchSetOptions,
  log: (line: string) => void = console.log,
) {
  const startedAt = performance.now();
  const proposals = await generateBenchData(bench, options, log);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - options.fromYear + 1 }, (_, n) => options.fromYear + n);
  const works = await ensureCompletedWorks(bench, options.works, log, { years });
  if (works.generated) {
    await fillEncodedLines(bench.db);
    await bench.pool.query('vacuum (analyze) completed_works');
  }
  await ensureBenchUsers(bench);
  const seconds = (performance.now() - startedAt) / 1000;
  return { generated: proposals.generated || works.generated, seconds };
}

/** The database's size on disk, for the figures. */
export async function databaseSize(bench: DataTarget) {
  const {
    rows: [row],
  } = await bench.pool.query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  return row?.size ?? '?';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = readBenchOptions();
  const serverUrl = requireServerUrl('bench data generator');
  const bench = await openBenchDatabase(serverUrl, options.database);
  try {
    const { seconds } = await prepareBenchSet(bench, options);
    console.log(
      `database: ${bench.name}, ${await databaseSize(bench)} (${seconds.toFixed(0)} s; kept, reuse it with --database=${bench.name})`,
    );
  } finally {
    await bench.close({ drop: false });
  }
}
