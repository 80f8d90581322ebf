// The load run's data: the generated proposal set (generate.ts) with survey details and completed-work
// lines, the office's users (one account per person, each consultant account acting for its own
// consultant), photo categories for survey photos, and the ids the virtual users will open, picked once
// here so the load tool never has to read (compressed) list answers to find them.
import type { TRole } from '@eusulan/shared';
import { hashPassword } from '../src/lib/passwords.ts';
import { FIRST_NAMES, LAST_NAMES } from './bench-data.ts';
import type { DataTarget } from './bench-database.ts';
import { ensureCompletedWorks } from './completed-work-lines.ts';
import { generateBenchData } from './generate.ts';
import { SERVER_HOST } from './server-process.ts';
import { addSurveyDetails } from './survey-details.ts';

export const LOAD_USER_PASSWORD = 'BebanKantor123';
const PHOTO_CATEGORIES = ['Kondisi Eksisting', 'Kerusakan Jalan', 'Saluran'];
/** How many of each role's proposals, places and works the users pick from. */
const SAMPLE = 400;

/** An office of n users: a fifth admins, half consultants (one per consultant), the rest structural and umum. */
export function officeRoles(users: number): TRole[] {
  const admins = Math.max(1, Math.round(users * 0.2));
  const structural = Math.max(1, Math.round(users * 0.16));
  const umum = Math.max(1, Math.round(users * 0.14));
  const consultants = Math.max(1, users - admins - structural - umum);
  return [
    ...Array<TRole>(admins).fill('admin'),
    ...Array<TRole>(consultants).fill('consultan'),
    ...Array<TRole>(structural).fill('structural'),
    ...Array<TRole>(umum).fill('umum'),
  ];
}

export interface LoadUser {
  username: string;
  role: TRole;
  consultantId: number | null;
}

export interface Place {
  id: number;
  villageId: number;
  roadId: number | null;
  rtNumber: string | null;
  rwNumber: string | null;
}

export interface ConsultantWork {
  /** Its proposals of any status (detail dialog). */
  proposals: number[];
  /** Verified ones: surveyable, so their draft opens and takes photos. */
  verified: number[];
  /** Unverified ones, each verified at most once during the run. */
  unverified: number[];
}

export interface LoadFixtures {
  users: LoadUser[];
  places: Place[];
  /** Proposals the map draws: all that umum may open. */
  mapPlaces: Place[];
  /** A village with a consultant the form offers for it (external, or the Rayon of its district). */
  registrations: { villageId: number; consultantId: number }[];
  /** Surveyed proposals: the structural officials' approvals queue. */
  surveyed: number[];
  byConsultant: Map<number, ConsultantWork>;
  importIds: number[];
  workIds: number[];
  roadIds: number[];
  photoCategoryIds: number[];
  roadNames: string[];
}

export interface LoadDataOptions {
  proposals: number;
  works: number;
  users: number;
}

const usernameOf = (role: TRole, n: number) =>
  `${{ admin: 'admin', consultan: 'konsultan', structural: 'struktural', umum: 'umum' }[role]}${String(n).padStart(2, '0')}`;

/** The users of officeRoles(n), created unless they exist; consultant accounts take consultants in code order. */
async function ensureUsers(target: DataTarget, count: number): Promise<LoadUser[]> {
  const roles = officeRoles(count);
  const { rows: consultants } = await target.pool.query<{ id: number }>(
    'select id from consultants order by code limit $1',
    [roles.filter((role) => role === 'consultan').length],
  );
  const seen = new Map<TRole, number>();
  let nextConsultant = 0;
  const users = roles.map((role) => {
    const n = (seen.get(role) ?? 0) + 1;
    seen.set(role, n);
    const consultantId = role === 'consultan' ? (consultants[nextConsultant++]?.id ?? null) : null;
    if (role === 'consultan' && consultantId === null)
      throw new Error('fewer consultants than consultant users');
    return { username: usernameOf(role, n), role, consultantId };
  });
  // One hash for all: every login still verifies a full argon2id hash, and preparing takes one hash, not fifty.
  const passwordHash = await hashPassword(LOAD_USER_PASSWORD);
  await target.pool.query(
    `insert into users (name, username, password_hash, role_id, consultant_id)
     select u.name, u.username, $5, r.id, u.consultant_id
     from unnest($1::text[], $2::text[], $3::text[], $4::int[]) as u(name, username, role, consultant_id)
     join roles r on r.slug = u.role
     on conflict do nothing`,
    [
      users.map(
        (_, n) => `${FIRST_NAMES[(n * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(n * 11) % LAST_NAMES.length]}`,
      ),
      users.map((user) => user.username),
      users.map((user) => user.role),
      users.map((user) => user.consultantId),
      passwordHash,
    ],
  );
  // Staff who have signed in at the office before, as an office's staff have: the address limit is for
  // usernames new to an address, and fifty of those signing in within seconds from one address is the
  // password spraying it stops (each attempt counts from the moment it is written, before it is judged).
  await target.pool.query(
    `insert into sessions (id, user_id, created_at, expires_at, revoked_at, ip_address)
     select gen_random_uuid(), u.id, now() - interval '1 day', now() - interval '1 hour', now() - interval '1 day', $2::varchar
     from users u
     where u.username = any($1::text[])
       and not exists (select 1 from sessions s where s.user_id = u.id and s.ip_address = $2::varchar)`,
    [users.map((user) => user.username), SERVER_HOST],
  );
  return users;
}

async function ensurePhotoCategories(target: DataTarget) {
  await target.pool.query(
    `insert into photo_categories (name) select n from unnest($1::text[]) as n
     where not exists (select 1 from photo_categories p where p.name = n)`,
    [PHOTO_CATEGORIES],
  );
  const { rows } = await target.pool.query<{ id: number }>(
    'select id from photo_categories where is_active order by id',
  );
  return rows.map((row) => row.id);
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** Every consultant's own proposals, verified and unverified ones apart (a sample of each). */
async function consultantWork(target: DataTarget, consultantIds: number[]) {
  const { rows } = await target.pool.query<{ consultantId: number; status: string; ids: number[] }>(
    `select consultant_id as "consultantId", status_type::text as status,
       (array_agg(id order by random()))[1:$2] as ids
     from proposals where consultant_id = any($1::int[]) group by 1, 2`,
    [consultantIds, SAMPLE],
  );
  const work = new Map<number, ConsultantWork>();
  for (const consultantId of consultantIds)
    work.set(consultantId, { proposals: [], verified: [], unverified: [] });
  for (const row of rows) {
    const entry = work.get(row.consultantId);
    if (!entry) continue;
    entry.proposals.push(...row.ids);
    if (row.status === 'verified') entry.verified.push(...row.ids);
    if (row.status === 'unverified') entry.unverified.push(...row.ids);
  }
  return work;
}

/** Prepares the data set and the users (each step reuses what is already there) and picks the ids. */
export async function prepareLoadData(
  target: DataTarget,
  options: LoadDataOptions,
  log: (line: string) => void = console.log,
): Promise<LoadFixtures> {
  await generateBenchData(
    target,
    { proposals: options.proposals, consultants: 50, fromYear: new Date().getFullYear() - 5 },
    log,
  );
  await addSurveyDetails(target, log);
  await ensureCompletedWorks(target, options.works, log);
  const users = await ensureUsers(target, options.users);
  const photoCategoryIds = await ensurePhotoCategories(target);

  const query = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await target.pool.query<R>(text, values)).rows;
  const places = await query<Place & Record<string, unknown>>(
    `select id, village_id as "villageId", road_id as "roadId", rt_number as "rtNumber", rw_number as "rwNumber"
     from proposals order by random() limit $1`,
    [SAMPLE],
  );
  // As the map's rule (proposal-visibility.ts), with a line not yet encoded counted by its segments.
  const mapPlaces = await query<Place & Record<string, unknown>>(
    `select p.id, p.village_id as "villageId", p.road_id as "roadId", p.rt_number as "rtNumber",
       p.rw_number as "rwNumber"
     from proposals p
     where p.status_type in ('surveyed', 'finished') and exists (
       select 1 from survey_roads r
       where r.survey_id = (select s.id from surveys s where s.proposal_id = p.id and not s.is_draft
                            order by s.submitted_at desc, s.id desc limit 1)
         and (cardinality(r.encoded_paths) > 0 or (r.encoded_paths is null and jsonb_array_length(r.draw_line) > 0)))
     order by random() limit $1`,
    [SAMPLE],
  );
  const registrations = await query<{ villageId: number; consultantId: number }>(
    `select v.id as "villageId",
       (select c.id from consultants c
        where c.is_active and (c.consultant_type = 'external' or c.district_id = s.district_id)
        order by random() limit 1) as "consultantId"
     from villages v join subdistricts s on s.id = v.subdistrict_id
     where v.is_active order by random() limit 50`,
  );
  const consultantIds = users.flatMap((user) => (user.consultantId ? [user.consultantId] : []));
  return {
    users,
    places,
    mapPlaces,
    registrations: registrations.filter((row) => row.consultantId !== null),
    surveyed: ids(
      await query<{ id: number }>(
        "select id from proposals where status_type = 'surveyed' order by random() limit $1",
        [SAMPLE],
      ),
    ),
    byConsultant: await consultantWork(target, consultantIds),
    importIds: ids(await query<{ id: number }>('select id from completed_work_imports order by id')),
    workIds: ids(
      await query<{ id: number }>('select id from completed_works order by random() limit $1', [SAMPLE]),
    ),
    roadIds: ids(
      await query<{ id: number }>('select id from roads where is_active order by random() limit 50'),
    ),
    photoCategoryIds,
    roadNames: (await query<{ name: string }>('select name from roads order by random() limit 30')).map(
      (row) => row.name,
    ),
  };
}
