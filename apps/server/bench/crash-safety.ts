// Crash safety: kills the server with SIGKILL at random moments during a proposal import, a
// registration and an edit with files, a survey from draft to submission (with photo and video) and a
// completed-work import, with smaller calls alongside; restarts it and checks that the database opens with
// its migrations and sound indexes, that every operation is wholly there or wholly absent (with its audit
// record), that every call answered 2xx is there, and that stored files and rows match exactly.
//
// The delay of each kill is drawn from the operation's own duration (measured unkilled first, then kept
// current): half uniform over it, half around its end, so kills land before, during and after the commit.
//
// PostgreSQL: the server restarts on the database (its start-up reconciles storage) and a pool checks.
// PGlite: only one process may open the data directory, so the checker opens it itself right after the
// kill (PostgreSQL's crash recovery runs there), runs the server's start-up reconciliation (the same
// reconcileStorage), checks, closes it cleanly, and then the server starts on it (and meets the lock file the
// killed server left). At the end every call of the run is judged again, so a later crash that lost an
// earlier commit is caught too.
//
//   npm run crash-test -- [--short] [--kills=N] [--database-url=postgres://…/empty_db] [--seed=N] [--keep]
//
// Default: PGlite in a temporary DATA_DIR, 52 kills (13 per operation); --short: 8 kills and smaller files.
// --database-url: an empty PostgreSQL database the run fills (the caller creates and drops it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { testConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/db/bootstrap.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import {
  asbSurveyors,
  consultants,
  districts,
  photoCategories,
  proposals,
  roads,
  roadTypes,
  roles,
  subdistricts,
  typeWorkColors,
  users,
  villages,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createLocalFileStorage } from '../src/storage/file-storage.ts';
import { reconcileStorage } from '../src/storage/reconcile-storage.ts';
import { BENCH_ADMIN } from './bench-database.ts';
import { buildBenchZip } from './completed-work-zip.ts';
import {
  type CrashProbe,
  checkInvariants,
  filesUnder,
  openPgliteProbe,
  openPostgresProbe,
} from './crash-invariants.ts';
import {
  type CrashSizes,
  type CrashWorld,
  OPERATION_KINDS,
  type OperationKind,
  prepareOperation,
  prepareSideCalls,
  type RunContext,
  type TrackedCall,
} from './crash-operations.ts';
import { buildImportWorkbook, seededRandom } from './import-workbook.ts';
import { positiveInt } from './options.ts';
import { type ServerProcess, signInAdmin, startServer } from './server-process.ts';

function readOptions() {
  const { values } = parseArgs({
    strict: true,
    options: {
      short: { type: 'boolean', default: false },
      kills: { type: 'string' },
      'database-url': { type: 'string' },
      seed: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const short = values.short;
  const databaseUrl = values['database-url']?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('--database-url must start with postgres:// or postgresql://');
  }
  const sizes: CrashSizes = short
    ? { importRows: 300, zipFeatures: 1_000, fileBytes: [100_000, 400_000] }
    : { importRows: 2_000, zipFeatures: 5_000, fileBytes: [300_000, 2_000_000] };
  return {
    short,
    kills: positiveInt('kills', values.kills, short ? 8 : 52),
    databaseUrl,
    seed: positiveInt('seed', values.seed, Math.floor(Math.random() * 1_000_000) + 1),
    keep: values.keep,
    sizes,
  };
}
type Options = ReturnType<typeof readOptions>;

const CONSULTANT = { username: 'konsultan-crash', password: 'KonsultanCrash123' };

/** The row an INSERT ... RETURNING (or a lookup) must give. */
function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`no ${what}`);
  return row;
}

/** Masters, a consultant who can sign in, and verified proposals for the surveys. */
async function seedCrashWorld(db: Database, surveyableCount: number): Promise<CrashWorld> {
  const district = one(await db.insert(districts).values({ name: 'Surabaya Barat' }).returning(), 'district');
  const subdistrict = one(
    await db.insert(subdistricts).values({ name: 'Tandes', districtId: district.id }).returning(),
    'subdistrict',
  );
  const village = one(
    await db.insert(villages).values({ name: 'Manukan Kulon', subdistrictId: subdistrict.id }).returning(),
    'village',
  );
  const road = one(await db.insert(roads).values({ name: 'Jalan Raya Manukan' }).returning(), 'road');
  const consultant = one(
    await db
      .insert(consultants)
      .values({
        code: 'K-CRASH',
        name: 'Konsultan Uji Crash',
        consultantType: 'internal',
        districtId: district.id,
      })
      .returning(),
    'consultant',
  );
  const consultanRole = one(
    await db.select().from(roles).where(eq(roles.slug, 'consultan')),
    'consultan role',
  );
  await db.insert(users).values({
    name: 'Konsultan Uji Crash',
    username: CONSULTANT.username,
    passwordHash: await hashPassword(CONSULTANT.password),
    roleId: consultanRole.id,
    consultantId: consultant.id,
    mustChangePassword: false,
  });
  const category = one(
    await db.insert(photoCategories).values({ name: 'Kondisi Eksisting' }).returning(),
    'photo category',
  );
  const roadType = one(await db.insert(roadTypes).values({ name: 'Pengaspalan' }).returning(), 'road type');
  const asb = await db
    .insert(asbSurveyors)
    .values([
      { name: 'Aspal Hotmix AC-WC (m2)', price: 185_000 },
      { name: 'Paving K-300 (m2)', price: 165_000 },
    ])
    .returning();
  const typeWork = one(
    await db
      .insert(typeWorkColors)
      .values({ typeWork: 'Pengaspalan Uji Crash', color: '#e53935' })
      .returning(),
    'work type colour',
  );
  const surveyable = await db
    .insert(proposals)
    .values(
      Array.from({ length: surveyableCount }, (_, i) => ({
        proposalType: 'taruna' as const,
        proposalDate: '2026-04-01',
        proposerName: `Pak RT ${i + 1}`,
        phoneNumber: '081200000000',
        villageId: village.id,
        roadId: road.id,
        address: `Jl. Raya Manukan No. ${i + 1}`,
        consultantId: consultant.id,
        statusType: 'verified' as const,
      })),
    )
    .returning({ id: proposals.id });
  return {
    roadId: road.id,
    villageId: village.id,
    consultantId: consultant.id,
    consultantLogin: CONSULTANT,
    photoCategoryId: category.id,
    roadTypeId: roadType.id,
    asbIds: asb.map((row) => row.id),
    typeWorkColorId: typeWork.id,
    surveyable: surveyable.map((row) => row.id),
  };
}

async function prepareCrashDatabase(options: Options, dataDir: string) {
  const handle = await openDatabase({ url: options.databaseUrl, dataDir });
  try {
    await prepareDatabase(
      handle,
      testConfig({
        DATA_DIR: dataDir,
        ADMIN_USERNAME: BENCH_ADMIN.username,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
      }),
    );
    const [existing] = await handle.db.select({ id: proposals.id }).from(proposals).limit(1);
    if (existing) throw new Error('the crash test needs an empty database: this one already holds proposals');
    // Every survey operation and every side photo takes a proposal of its own.
    return await seedCrashWorld(handle.db, options.kills * 3 + 20);
  } finally {
    await handle.close();
  }
}

async function signIn(url: string, login: { username: string; password: string }) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`sign-in of ${login.username} failed: ${response.status}`);
  const body = (await response.json()) as { data: { auth: { accessToken: string } } };
  return { authorization: `Bearer ${body.data.auth.accessToken}` };
}

/** Classes of a call after a kill. */
type Outcome = 'answered' | 'rolled back' | 'committed, answer lost' | 'not sent' | 'refused';

function outcomeOf(call: TrackedCall, state: 'present' | 'absent'): Outcome {
  if (!call.startedAt) return 'not sent';
  if (call.answeredOk) return 'answered';
  if (call.status !== undefined) return 'refused';
  return state === 'present' ? 'committed, answer lost' : 'rolled back';
}

interface Tally {
  calls: Record<OperationKind, Record<Outcome, number>>;
  violations: string[];
  restartsMs: number[];
  checksMs: number[];
  reconciled: { staged: number; orphans: number; missing: number };
}

async function judgeCalls(calls: TrackedCall[], probe: CrashProbe, tally: Tally | null, when: string) {
  const violations: string[] = [];
  for (const call of calls) {
    const verdict = await call.judge(probe);
    if (verdict.state === 'partial') {
      violations.push(`${when}: ${call.label} is half there: ${verdict.detail}`);
      continue;
    }
    if (call.answeredOk && verdict.state !== 'present') {
      violations.push(`${when}: ${call.label} answered ${call.status} but is not there`);
    }
    if (call.status !== undefined && !call.answeredOk) {
      violations.push(`${when}: ${call.label} answered ${call.status}: ${call.error}`);
    }
    if (!call.startedAt && verdict.state !== 'absent')
      violations.push(`${when}: ${call.label} never sent, yet there`);
    if (tally) tally.calls[call.kind][outcomeOf(call, verdict.state)] += 1;
  }
  return violations;
}

/**
 * When a kill lands. 'timed': after a delay drawn from the operation's duration, half uniform over it and
 * half around its end. 'file placed': the moment a new file shows up in storage (moved in, its transaction
 * still open). 'committed' (PostgreSQL, where the checker can watch while the server runs): the moment
 * anything of one of the operation's calls is visible, which for a sound call is its commit, before its
 * answer has left (and for a call that commits in pieces, its first piece).
 */
type Trigger = 'timed' | 'file placed' | 'committed';
const KINDS_WITH_FILES: readonly OperationKind[] = ['upload', 'survey', 'completed-work'];

function chooseTrigger(kind: OperationKind, random: () => number, canWatchCommits: boolean): Trigger {
  const draw = random();
  if (draw < 0.5) return 'timed';
  const hasFiles = KINDS_WITH_FILES.includes(kind);
  if (canWatchCommits && (draw >= 0.75 || !hasFiles)) return 'committed';
  return hasFiles ? 'file placed' : 'timed';
}

/** Armed before the calls are fired (the stored files are listed then); wait() resolves when to kill. */
function armTrigger(
  trigger: Trigger,
  options: {
    durationMs: number;
    random: () => number;
    dataDir: string;
    watch: TrackedCall[];
    probe: CrashProbe | null;
  },
) {
  const storedBefore = new Set(filesUnder(path.join(options.dataDir, 'files')).keys());
  const watched = options.watch[Math.floor(options.random() * options.watch.length)];
  const delay =
    options.random() < 0.5
      ? options.random() * options.durationMs
      : options.durationMs * (0.75 + options.random() * 0.4);
  return async function wait(): Promise<string> {
    const began = performance.now();
    const elapsed = () => `${Math.round(performance.now() - began)} ms`;
    const deadline = began + options.durationMs * 1.5 + 1_000;
    if (trigger === 'timed') {
      await sleep(delay);
      return `at ${elapsed()}`;
    }
    while (performance.now() < deadline) {
      if (trigger === 'file placed') {
        const stored = filesUnder(path.join(options.dataDir, 'files')).keys();
        if ([...stored].some((key) => !storedBefore.has(key))) return `file placed, ${elapsed()}`;
      } else if (options.probe && watched && (await watched.judge(options.probe)).state !== 'absent') {
        return `${watched.label} committed, ${elapsed()}`;
      }
      await sleep(2);
    }
    return `${trigger} not seen, at ${elapsed()}`;
  };
}

async function main() {
  const options = readOptions();
  const random = seededRandom(options.seed);
  const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-crash-'));
  const runId = randomBytes(2).toString('hex');
  let tagCount = 0;
  const startedAt = performance.now();
  console.log(
    `Crash safety on ${database}: ${options.kills} kills${options.short ? ' (short)' : ''}, seed ${options.seed}, DATA_DIR ${dataDir}`,
  );

  const world = await prepareCrashDatabase(options, dataDir);
  const zip = await buildBenchZip(options.sizes.zipFeatures, 16);
  const tally: Tally = {
    calls: Object.fromEntries(
      OPERATION_KINDS.map((kind) => [
        kind,
        { answered: 0, 'rolled back': 0, 'committed, answer lost': 0, 'not sent': 0, refused: 0 },
      ]),
    ) as Tally['calls'],
    violations: [],
    restartsMs: [],
    checksMs: [],
    reconciled: { staged: 0, orphans: 0, missing: 0 },
  };
  const allCalls: TrackedCall[] = [];
  let server: ServerProcess = await startServer(options.databaseUrl, { dataDir, logLevel: 'warn' });
  const postgresProbe = options.databaseUrl ? await openPostgresProbe(options.databaseUrl, dataDir) : null;
  const templateResponse = await fetch(`${server.url}/api-web/proposal/export-template?proposalType=pokir`, {
    headers: await signInAdmin(server.url),
  });
  if (!templateResponse.ok) throw new Error(`export-template answered ${templateResponse.status}`);
  const template = await templateResponse.arrayBuffer();

  async function contextFor(current: ServerProcess): Promise<RunContext> {
    const admin = await signInAdmin(current.url);
    return {
      url: current.url,
      admin,
      consultant: await signIn(current.url, world.consultantLogin),
      world,
      payloads: {
        workbook: (tag) => buildImportWorkbook(template, options.sizes.importRows, { tag }),
        zip: zip.zip,
        zipFeatures: zip.features,
      },
      sizes: options.sizes,
      random,
      tag: () => `crash${runId}x${++tagCount}`,
    };
  }

  /** Reads what the server's start-up reconciliation reported (it logs at warn and error). */
  function countReconciled(output: string) {
    const cleaned = /(\d+) unggahan sementara, (\d+) berkas tanpa data/.exec(output);
    const missing = /(\d+) berkas yang tercatat di database tidak ada/.exec(output);
    tally.reconciled.staged += Number(cleaned?.[1] ?? 0);
    tally.reconciled.orphans += Number(cleaned?.[2] ?? 0);
    tally.reconciled.missing += Number(missing?.[1] ?? 0);
  }

  /** After a kill: the database opens, storage is reconciled, the invariants hold; then the server runs again. */
  async function restartAndCheck(calls: TrackedCall[], when: string) {
    const restartStartedAt = performance.now();
    let probe: CrashProbe;
    if (postgresProbe) {
      server = await startServer(options.databaseUrl, { dataDir, logLevel: 'warn' });
      tally.restartsMs.push(performance.now() - restartStartedAt);
      countReconciled(server.output());
      probe = postgresProbe;
    } else {
      const pglite = await openPgliteProbe(dataDir);
      probe = pglite;
      const result = await reconcileStorage(pglite.db, createLocalFileStorage(dataDir), new Date());
      tally.reconciled.staged += result.stagedRemoved;
      tally.reconciled.orphans += result.orphansRemoved.length;
      tally.reconciled.missing += result.missing.length;
    }
    const checkStartedAt = performance.now();
    const invariants = await checkInvariants(probe);
    const violations = [
      ...invariants.violations.map((violation) => `${when}: ${violation}`),
      ...(await judgeCalls(calls, probe, tally, when)),
    ];
    tally.checksMs.push(performance.now() - checkStartedAt);
    if (!postgresProbe) {
      await probe.close();
      const serverStartedAt = performance.now();
      server = await startServer(undefined, { dataDir, logLevel: 'warn' });
      tally.restartsMs.push(performance.now() - serverStartedAt);
    }
    return violations;
  }

  try {
    // Unkilled first: every operation works, and its duration sets the kill window.
    let context = await contextFor(server);
    const durations = {} as Record<OperationKind, number>;
    for (const kind of OPERATION_KINDS) {
      const start = await prepareOperation(kind, context);
      const began = performance.now();
      const operation = start();
      await operation.finished;
      durations[kind] = performance.now() - began;
      const failed = operation.calls.find((call) => !call.answeredOk);
      if (failed) throw new Error(`${failed.label} failed without a crash: ${failed.status} ${failed.error}`);
      allCalls.push(...operation.calls);
    }
    console.log(
      `  unkilled: ${OPERATION_KINDS.map((kind) => `${kind} ${Math.round(durations[kind])} ms`).join(', ')}`,
    );

    for (let kill = 1; kill <= options.kills; kill++) {
      const kind = OPERATION_KINDS[(kill - 1) % OPERATION_KINDS.length] ?? 'import';
      const startMain = await prepareOperation(kind, context);
      const startSide = await prepareSideCalls(context, Math.floor(random() * 3));
      const trigger = chooseTrigger(kind, random, Boolean(postgresProbe));
      const killWhen = armTrigger(trigger, {
        durationMs: durations[kind],
        random,
        dataDir,
        watch: startMain.calls,
        probe: postgresProbe,
      });
      const began = performance.now();
      const main = startMain();
      const side = startSide();
      const moment = await killWhen();
      await server.kill();
      await Promise.all([main.finished, side.finished]);
      if (main.calls.every((call) => call.answeredOk)) {
        durations[kind] =
          0.7 * durations[kind] + 0.3 * (Math.max(...main.calls.map((c) => c.endedAt)) - began);
      }
      const calls = [...main.calls, ...side.calls];
      allCalls.push(...calls);
      const when = `kill ${kill} (${kind}, ${moment})`;
      const violations = await restartAndCheck(calls, when);
      tally.violations.push(...violations);
      const states = calls.map(
        (call) => `${call.label.split(' ')[0]}:${call.answeredOk ? 'ok' : call.startedAt ? 'cut' : '-'}`,
      );
      console.log(
        `  ${when}: ${states.join(' ')}${violations.length ? `  ${violations.length} VIOLATIONS` : ''}`,
      );
      for (const violation of violations) console.log(`    ${violation}`);
      context = await contextFor(server);
    }

    // A clean stop, then every call of the run once more: no later crash may have lost an earlier commit.
    await server.stop();
    const probe = postgresProbe ?? (await openPgliteProbe(dataDir));
    const invariants = await checkInvariants(probe);
    tally.violations.push(...invariants.violations.map((violation) => `final: ${violation}`));
    tally.violations.push(...(await judgeCalls(allCalls, probe, null, 'final')));
    if (probe !== postgresProbe) await probe.close();

    const seconds = Math.round((performance.now() - startedAt) / 1000);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    console.log(
      `\nCrash safety on ${database}: ${options.kills} kills in ${seconds} s (seed ${options.seed})`,
    );
    console.log('  calls after a kill     answered  committed, answer lost  rolled back  not sent  refused');
    for (const kind of OPERATION_KINDS) {
      const counts = tally.calls[kind];
      console.log(
        `  ${kind.padEnd(22)} ${String(counts.answered).padStart(8)}  ${String(counts['committed, answer lost']).padStart(22)}  ${String(counts['rolled back']).padStart(11)}  ${String(counts['not sent']).padStart(8)}  ${String(counts.refused).padStart(7)}`,
      );
    }
    console.log(
      `  reconciled at restart: ${tally.reconciled.staged} staged uploads, ${tally.reconciled.orphans} orphaned files removed, ${tally.reconciled.missing} missing files reported`,
    );
    console.log(
      `  restart median ${Math.round(median(tally.restartsMs))} ms, check median ${Math.round(median(tally.checksMs))} ms, ${invariants.storedFiles} stored files at the end, ${allCalls.length} calls judged`,
    );
    console.log(`  invariant violations: ${tally.violations.length}`);
    for (const violation of tally.violations.slice(0, 50)) console.log(`    ${violation}`);
    if (tally.violations.length) process.exitCode = 1;
  } catch (error) {
    console.error(
      `Crash test stopped: ${(error as Error).message}\n--- server output ---\n${server.output().slice(-4000)}`,
    );
    process.exitCode = 1;
    await server.stop().catch(() => undefined);
  } finally {
    await postgresProbe?.close();
    if (options.keep || process.exitCode) console.log(`  data directory kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
