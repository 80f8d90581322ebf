// Flags of the proposal bench and the generator. Root `npm run bench` cannot pass flags through its `&&`
// chain, so the short setting can also be asked for with BENCH_QUICK=1.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  proposals: number;
  consultants: number;
  fromYear: number;
  /** Completed-work lines of the set (an import per year and work type). */
  works: number;
  /** Reuse (or create) this database and keep it; otherwise a fresh eusulan_bench_<random> is dropped at the end. */
  database?: string;
  keep: boolean;
  /** Seconds of each HTTP run of a scenario (unpaced, then paced); the direct SQL run gets half of it. */
  duration: number;
  connections: number;
  importRows: number;
  /** Scenario keys (and 'import') to run; all when empty. */
  only: string[];
  explain: boolean;
  strict: boolean;
  quick: boolean;
}

const HELP = `Flags (all optional):
  --quick               short run for CI: 20,000 proposals, 2,000 works, 2 s runs (also BENCH_QUICK=1)
  --proposals=N         generated proposals (default 1000000)
  --works=N             generated completed-work lines (default 200000)
  --consultants=N       generated consultants, the first five are the Rayon of each city region (default 50)
  --from-year=YYYY      first year of the proposal dates (default: ten calendar years up to this one)
  --database=NAME       reuse or create this database on the TEST_DATABASE_URL server, and keep it
                        (also BENCH_DATABASE=NAME: the root npm run bench passes no flags)
  --keep                keep the fresh database instead of dropping it
  --duration=S          seconds of each HTTP run, unpaced and paced at --rate req/s (default 5)
  --connections=N       concurrent connections (default 10)
  --import-rows=N       rows of the import measurement (default 10000)
  --only=a,b            only these scenario keys (see the table) and/or 'import'
  --explain             print EXPLAIN (ANALYZE, BUFFERS) of every scenario, not only the failing ones
  --strict              exit 1 when a budget is missed`;

/** The full bench set: one million proposals over ten years, 200,000 completed-work lines. */
export const FULL_SET = { proposals: 1_000_000, works: 200_000 };
export const QUICK_SET = { proposals: 20_000, works: 2_000 };
/** Ten calendar years up to this one: the benches share it, so one database's set serves them all. */
export const defaultFromYear = () => new Date().getFullYear() - 9;

/** A --flag's positive integer, or the fallback when it is not given. */
export const positiveInt = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
};

/** --quick, or BENCH_QUICK=1 in the environment (the root bench script cannot pass flags down). */
/** --only=a,b as its keys; with `known`, an unknown key is an error that lists the known ones. */
export function onlyKeys(value: string | undefined, known?: readonly string[]): string[] {
  const keys = (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const unknown = known ? keys.filter((key) => !known.includes(key)) : [];
  if (unknown.length)
    throw new Error(`unknown --only keys ${unknown.join(', ')}; known: ${known?.join(', ')}`);
  return keys;
}

export const isQuick = (flag: boolean | undefined) =>
  Boolean(flag) || ['1', 'true', 'yes'].includes(process.env.BENCH_QUICK ?? '');

/** --database: a plain lower-case PostgreSQL name, since it is put into SQL as an identifier. */
export function databaseNameOf(value: string | undefined): string | undefined {
  const database = value?.trim();
  if (database && !/^[a-z_][a-z0-9_]{0,62}$/.test(database)) {
    throw new Error('--database must be a plain lower-case PostgreSQL name');
  }
  return database || undefined;
}

export function readBenchOptions(argv = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      proposals: { type: 'string' },
      works: { type: 'string' },
      consultants: { type: 'string' },
      'from-year': { type: 'string' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      duration: { type: 'string' },
      connections: { type: 'string' },
      'import-rows': { type: 'string' },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const quick = isQuick(values.quick);
  // The root `npm run bench` passes no flags; BENCH_DATABASE lets it reuse a kept set (12 min to make).
  const database = databaseNameOf(values.database ?? process.env.BENCH_DATABASE);
  return {
    quick,
    proposals: positiveInt('proposals', values.proposals, (quick ? QUICK_SET : FULL_SET).proposals),
    works: positiveInt('works', values.works, (quick ? QUICK_SET : FULL_SET).works),
    consultants: Math.max(5, positiveInt('consultants', values.consultants, 50)),
    fromYear: positiveInt('from-year', values['from-year'], defaultFromYear()),
    database,
    keep: values.keep || Boolean(database),
    duration: positiveInt('duration', values.duration, quick ? 2 : 5),
    connections: positiveInt('connections', values.connections, 10),
    importRows: positiveInt('import-rows', values['import-rows'], 10_000),
    only: onlyKeys(values.only),
    explain: values.explain,
    strict: values.strict,
  };
}

/** The server of TEST_DATABASE_URL, or a clear message and a clean exit when there is none. */
export function requireServerUrl(what: string): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log(
      `${what} skipped: set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).`,
    );
    process.exit(0);
  }
  return url;
}
