import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { roads } from '../../db/schema/index.ts';

// A deep page is read from the nearer end of its list, and a list's total comes from the counts kept by
// triggers (proposal_counts) or is counted with a search's page. Every page must answer exactly what
// ORDER BY ... LIMIT ... OFFSET answers, with the total of count(*), as proposals change.

/** Ids with gaps, as ids grow over years of use (imports, deletions). */
const ID_GAP = 16_384;

let t: TestApp;
let admin: Record<string, string>;
let structural: Record<string, string>;
let consultant: { headers: Record<string, string>; consultantId: number };
let otherConsultantId: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  structural = (await t.signIn('structural')).headers;
  const signedIn = await t.signIn('consultan');
  consultant = { headers: signedIn.headers, consultantId: signedIn.user.consultantId! };
  otherConsultantId = (await t.buildUser({ role: 'consultan', consultantType: 'external' })).consultantId!;
  const place = await buildPlace(t.db, {
    district: 'Surabaya Timur',
    subdistrict: 'Gubeng',
    village: 'Airlangga',
    road: 'Jalan Dharmawangsa',
  });
  const [roadB] = await t.db.insert(roads).values({ name: 'Jalan Airlangga' }).returning();
  // Runs of ids with gaps between them; names repeat, so sorting by name needs the id tie-break.
  const ids = [
    ...Array.from({ length: 23 }, (_, n) => 1 + n),
    ...Array.from({ length: 31 }, (_, n) => ID_GAP + 5 + n * 3),
    ...Array.from({ length: 17 }, (_, n) => 3 * ID_GAP + n * 11),
    ...Array.from({ length: 9 }, (_, n) => 4 * ID_GAP + 100 + n),
  ];
  await t.db.execute(sql`
    insert into proposals (id, proposal_type, proposal_date, proposer_name, phone_number, village_id,
      road_id, address, consultant_id, status_type)
    overriding system value
    select i, (array['taruna', 'umum', 'pokir', 'musrenbang'])[1 + (i * 7) % 4]::proposal_type,
      date '2025-01-01' + i % 300,
      (array['Agus', 'Budi', 'Citra', 'Dewi', 'Eko', 'Fajar'])[1 + (i * 5) % 6] || ' Santoso',
      '0812' || lpad(i::text, 8, '0'), ${place.villageId}::int,
      case i % 3 when 0 then null when 1 then ${place.roadId}::int else ${roadB!.id}::int end, 'Jl. Airlangga ' || i,
      case when i % 3 = 0 then ${otherConsultantId}::int else ${consultant.consultantId}::int end,
      (array['unverified', 'verified', 'surveyed', 'finished'])[1 + (i * 3) % 4]::status_type
    from unnest(${sql.raw(`array[${ids.join(',')}]`)}) as i`);
  await t.db.execute(sql`select setval(pg_get_serial_sequence('proposals', 'id'), 5 * ${ID_GAP})`);
});
afterAll(async () => {
  await t.close();
});

interface Case {
  name: string;
  url: string;
  headers: () => Record<string, string>;
  /** The same list as plain SQL: its WHERE and ORDER BY. */
  where: () => string;
  order?: string;
  /** The list's total answer shape: data.total or meta.total. */
  metaTotal?: boolean;
}

const CASES: Case[] = [
  {
    name: 'admin tab',
    url: '/api-web/proposal?proposalType=taruna',
    headers: () => admin,
    where: () => "proposal_type = 'taruna'",
  },
  { name: 'all types', url: '/api-web/proposal?isHistory=0', headers: () => admin, where: () => 'true' },
  {
    name: "a consultant's own tab",
    url: '/api-web/proposal?proposalType=umum',
    headers: () => consultant.headers,
    where: () => `proposal_type = 'umum' and consultant_id = ${consultant.consultantId}`,
  },
  {
    name: 'process, Sudah Disurvey',
    url: '/api-web/process?proposalType=pokir&statusType=sudah_survey',
    headers: () => structural,
    where: () => "proposal_type = 'pokir' and status_type in ('surveyed', 'finished')",
  },
  {
    name: "a consultant's tasks",
    url: '/api-web/assigned-consultant/{consultant}/list-proposal?order_by=desc',
    headers: () => admin,
    where: () => `consultant_id = ${consultant.consultantId}`,
    metaTotal: true,
  },
  {
    name: 'sorted by name (read from the nearer end)',
    url: '/api-web/proposal?proposalType=musrenbang&sort_by=proposer_name&order_by=asc',
    headers: () => admin,
    where: () => "proposal_type = 'musrenbang'",
    order: 'proposer_name asc, id desc',
  },
  {
    name: 'sorted by name, Z to A',
    url: '/api-web/proposal?proposalType=musrenbang&sort_by=proposer_name&order_by=desc',
    headers: () => admin,
    where: () => "proposal_type = 'musrenbang'",
    order: 'proposer_name desc, id desc',
  },
  {
    name: 'sorted by status (an enum)',
    url: '/api-web/proposal?sort_by=status_type&order_by=asc',
    headers: () => admin,
    where: () => 'true',
    order: 'status_type asc, id desc',
  },
  {
    name: 'sorted by creation time, every row made at once (one sort key)',
    url: '/api-web/proposal?proposalType=taruna&sort_by=created_at&order_by=asc',
    headers: () => admin,
    where: () => "proposal_type = 'taruna'",
    order: 'created_at asc, id desc',
  },
  {
    name: 'sorted by id, oldest first',
    url: '/api-web/proposal?sort_by=id&order_by=asc',
    headers: () => admin,
    where: () => 'true',
    order: 'id asc',
  },
  {
    name: 'sorted by date, newest first',
    url: '/api-web/proposal?sort_by=proposal_date&order_by=desc',
    headers: () => admin,
    where: () => 'true',
    order: 'proposal_date desc, id desc',
  },
  {
    name: 'years',
    url: '/api-web/proposal?proposalType=taruna&startYear=2025&endYear=2025',
    headers: () => admin,
    where: () =>
      "proposal_type = 'taruna' and proposal_date < '2026-01-01' and proposal_date >= '2025-01-01'",
  },
  {
    name: 'a search in a tab (its own trigram index)',
    url: '/api-web/proposal?proposalType=umum&search=SANTOSO',
    headers: () => admin,
    where: () => "proposal_type = 'umum' and search_text like '%santoso%'",
  },
  {
    name: 'a search sorted by name (counted with its page)',
    url: '/api-web/proposal?search=santoso&sort_by=proposer_name&order_by=desc',
    headers: () => admin,
    where: () => "search_text like '%santoso%'",
    order: 'proposer_name desc, id desc',
  },
  {
    name: 'a search sorted by road (counted with its page)',
    url: '/api-web/proposal?proposalType=pokir&search=santoso&sort_by=road&order_by=asc',
    headers: () => admin,
    where: () => "proposal_type = 'pokir' and search_text like '%santoso%'",
    order: '(select name from roads where roads.id = road_id) asc, id desc',
  },
  {
    name: 'a search (counted with its page)',
    url: '/api-web/proposal?search=santoso',
    headers: () => admin,
    where: () => "search_text like '%santoso%'",
  },
];

async function expectEveryPage(testCase: Case, limit: number) {
  const url = testCase.url.replace('{consultant}', String(consultant.consultantId));
  const expected = (
    await rowsOf<{ id: number }>(
      sql.raw(`select id from proposals where ${testCase.where()} order by ${testCase.order ?? 'id desc'}`),
    )
  ).map((row) => row.id);
  const pages = Math.ceil(expected.length / limit) + 1;
  for (let page = 1; page <= pages; page++) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${url}&page=${page}&limit=${limit}`,
      headers: testCase.headers(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const rows = (testCase.metaTotal ? body.data : body.data.data) as { id: number }[];
    const total = testCase.metaTotal ? body.meta.total : body.data.total;
    expect(total, `${testCase.name}: total`).toBe(expected.length);
    expect(
      rows.map((row) => row.id),
      `${testCase.name}: page ${page} of ${limit}`,
    ).toEqual(expected.slice((page - 1) * limit, page * limit));
  }
}

describe('deep pages of the proposal lists', () => {
  it('answer every page as ORDER BY ... OFFSET would, in id order and in any other', async () => {
    for (const testCase of CASES) {
      for (const limit of [4, 10]) await expectEveryPage(testCase, limit);
    }
  });

  it('stay exact as proposals change type, status or consultant, and go away', async () => {
    await t.db.execute(sql`update proposals set status_type = 'finished' where id % 4 = 1`);
    await t.db.execute(sql`update proposals set proposal_type = 'taruna' where id % 5 = 2`);
    await t.db.execute(sql`update proposals set proposal_date = date '2024-12-31' where id % 8 = 5`);
    await t.db.execute(
      sql`update proposals set consultant_id = ${consultant.consultantId} where id % 7 = 3 and id > ${ID_GAP}`,
    );
    await t.db.execute(sql`delete from proposals where id % 6 = 4`);
    const [made] = await rowsOf<{ id: number }>(sql`
      insert into proposals (proposal_type, proposal_date, proposer_name, phone_number, village_id, address,
        consultant_id)
      select 'taruna', date '2026-02-01', 'Baru Santoso', '081200000000', village_id, address, consultant_id
      from proposals order by id limit 1 returning id`);
    expect(made!.id).toBeGreaterThan(5 * ID_GAP);
    // The counts kept by triggers sum to what is there, per type, year, consultant and status.
    const drift = await rowsOf<{ drift: number }>(sql`
      select count(*)::int as drift from (
        select proposal_type, extract(year from proposal_date)::int as year, consultant_id, status_type,
          count(*)::int as total
        from proposals group by 1, 2, 3, 4
      ) as counted
      full join (select proposal_type, year::int as year, consultant_id, status_type, total
        from proposal_counts where total <> 0) as kept
        using (proposal_type, year, consultant_id, status_type)
      where counted.total is distinct from kept.total`);
    expect(drift[0]!.drift).toBe(0);
    for (const testCase of CASES) await expectEveryPage(testCase, 4);
  });
});
