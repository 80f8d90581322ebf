import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, multipart } from '../../test/multipart.ts';
import { buildApp } from '../app.ts';
import { REPO_ROOT, testConfig } from '../config.ts';
import { prepareDatabase } from '../db/bootstrap.ts';
import { openDatabase } from '../db/client.ts';
import { districts, roles } from '../db/schema/index.ts';
import { BackupError, readDatabaseFacts } from './backup-manifest.ts';
import { restoreBackup } from './restore-backup.ts';

/**
 * The round trip the README promises: data made through the API, `npm run backup`, `npm run restore` into a
 * fresh target, the app started on it. On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const ADMIN_PASSWORD = 'Admin12345';
const tempDirs: string[] = [];
const databases: string[] = [];

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `eusulan-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A target: a fresh DATA_DIR and, on PostgreSQL, a fresh empty database. */
async function newTarget(): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const env: { DATA_DIR: string; DATABASE_URL?: string } = { DATA_DIR: path.join(tempDir('target'), 'data') };
  if (serverUrl) {
    const name = `eusulan_backup_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    databases.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

type Target = Awaited<ReturnType<typeof newTarget>>;
const configOf = (target: Target) =>
  testConfig({ ADMIN_PASSWORD, TOKEN_SECRET: 'x'.repeat(40), DATABASE_URL: '', ...target });

async function startApp(target: Target) {
  const config = configOf(target);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await prepareDatabase(database, config);
  const app = await buildApp(config, database);
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The repo's npm scripts as a user runs them, from the repo root. */
function npmRun(script: 'backup' | 'restore', args: string[], env: Target) {
  return run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
}

const source = { env: {} as Target, proposalId: 0, fileLink: '', detail: {} as unknown };
let rowCountsBefore: Record<string, number>;
let archivePath: string;

beforeAll(async () => {
  source.env = await newTarget();
  const app = await startApp(source.env);
  try {
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.auth.accessToken}` };
    const call = async (url: string, payload: object) => {
      const response = await app.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: number };
    };
    const roleIds = Object.fromEntries(
      (await app.database.db.select().from(roles)).map((r) => [r.slug, r.id]),
    );
    // Districts have no API (they are loaded with the region codes).
    const [district] = await app.database.db.insert(districts).values({ name: 'Surabaya Pusat' }).returning();
    const subdistrict = await call('/api-web/master/subdistrict', {
      name: 'Genteng',
      districtId: district!.id,
    });
    const village = await call('/api-web/master/village', {
      name: 'Ketabang',
      subdistrictId: subdistrict.id,
    });
    const road = await call('/api-web/master/road', { name: 'Jalan Tunjungan' });
    const consultant = await call('/api-web/master/consultant', {
      name: 'CV Cadangan',
      code: 'CV-BAK',
      consultantType: 'external',
    });
    await call('/api-web/master/user', {
      roleId: roleIds.structural,
      name: 'Ir. Sutrisno',
      username: 'sutrisno',
      password: 'Rahasia123',
      passwordConfirmation: 'Rahasia123',
    });
    const body = await multipart(
      {
        proposalType: 'taruna',
        proposalDate: '2026-03-14',
        proposerName: 'Siti Aminah',
        phoneNumber: '081234567890',
        roadId: road.id,
        villageId: village.id,
        address: 'Jl. Tunjungan No. 12',
        consultantId: consultant.id,
      },
      { 'files[]': [fixture('road-photo.png', 'foto jalan.png'), fixture('surat-usulan.pdf')] },
    );
    const created = await app.app.inject({
      method: 'POST',
      url: '/api-web/proposal',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    source.proposalId = created.json().data.id;
    source.detail = created.json().data;
    source.fileLink = created.json().data.proposalFiles[0].link;
    rowCountsBefore = (await readDatabaseFacts(app.database.db)).rowCounts;
  } finally {
    await app.close();
  }

  const outDir = tempDir('backups');
  const backup = await npmRun('backup', ['--out', outDir], source.env);
  expect(backup.stdout).toContain('Cadangan dibuat:');
  const [archive] = readdirSync(outDir);
  expect(archive).toMatch(/^eusulan-backup-\d{8}T\d{6}Z\.tar\.gz$/);
  archivePath = path.join(outDir, archive!);
}, 120_000);

afterAll(async () => {
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

describe(`backup and restore (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores rows, logins and file bytes into a fresh target, and refuses to overwrite it without --force', async () => {
    const target = await newTarget();
    const restore = await npmRun('restore', [archivePath], target);
    expect(restore.stdout).toContain('dipulihkan');

    const app = await startApp(target);
    try {
      expect((await readDatabaseFacts(app.database.db)).rowCounts).toEqual(rowCountsBefore);
      const login = (username: string, password: string) =>
        app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      expect((await login('sutrisno', 'Rahasia123')).statusCode).toBe(200);
      const admin = await login('admin', ADMIN_PASSWORD);
      const headers = { authorization: `Bearer ${admin.json().data.auth.accessToken}` };
      const detail = await app.app.inject({
        method: 'GET',
        url: `/api-web/proposal/${source.proposalId}`,
        headers,
      });
      expect(detail.json().data).toEqual(source.detail);
      const file = await app.app.inject({ method: 'GET', url: source.fileLink, headers });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(fixture('road-photo.png').content)).toBe(true);
    } finally {
      await app.close();
    }

    const again = restoreBackup(configOf(target), { archivePath });
    await expect(again).rejects.toThrow(BackupError);
    await expect(again).rejects.toThrow(/sudah berisi data .*--force/);
  }, 90_000);

  it('refuses a truncated archive and a tampered one, writing nothing', async () => {
    const truncated = path.join(tempDir('bad'), 'truncated.tar.gz');
    const whole = readFileSync(archivePath);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const target = await newTarget();
    await expect(restoreBackup(configOf(target), { archivePath: truncated })).rejects.toThrow(
      /Berkas cadangan rusak atau tidak lengkap, tidak ada yang dipulihkan/,
    );
    expect(existsSync(target.DATA_DIR)).toBe(false);

    const tampered = await repack(archivePath, (dir) => {
      const photo = readdirSync(path.join(dir, 'files'), { recursive: true, withFileTypes: true }).find(
        (entry) => entry.name.endsWith('.png'),
      );
      writeFileSync(path.join(photo!.parentPath, photo!.name), 'bukan gambar');
    });
    await expect(restoreBackup(configOf(target), { archivePath: tampered })).rejects.toThrow(
      /tidak cocok dengan manifest, tidak ada yang dipulihkan: files\/proposals\/.*\.png berbeda dari manifest/,
    );
    expect(existsSync(target.DATA_DIR)).toBe(false);
    if (target.DATABASE_URL) expect(await tableCount(target.DATABASE_URL)).toBe(0);
  });

  it('leaves the previous data in place when a forced restore fails at its last check', async () => {
    const target = await newTarget();
    await restoreBackup(configOf(target), { archivePath });
    // The target moves on after the backup: a new road and a new stored file.
    let app = await startApp(target);
    try {
      const login = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: ADMIN_PASSWORD },
      });
      const road = await app.app.inject({
        method: 'POST',
        url: '/api-web/master/road',
        headers: { authorization: `Bearer ${login.json().data.auth.accessToken}` },
        payload: { name: 'Jalan Pemuda' },
      });
      expect(road.statusCode).toBe(201);
    } finally {
      await app.close();
    }
    const laterFile = path.join(target.DATA_DIR, 'files', 'proposals', 'sesudah-cadangan.txt');
    writeFileSync(laterFile, 'ditulis sesudah cadangan');

    // A manifest whose user count disagrees with the dump: only the final recount can notice.
    const miscounted = await repack(archivePath, (dir) => {
      const manifestPath = path.join(dir, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      manifest.database.rowCounts.users += 1;
      writeFileSync(manifestPath, JSON.stringify(manifest));
    });
    await expect(restoreBackup(configOf(target), { archivePath: miscounted, force: true })).rejects.toThrow(
      /tabel users berisi \d+ baris, manifest \d+/,
    );
    expect(readFileSync(laterFile, 'utf8')).toBe('ditulis sesudah cadangan');
    expect(restoreLeftovers(target.DATA_DIR)).toEqual([]);
    app = await startApp(target);
    try {
      const rows = (await readDatabaseFacts(app.database.db)).rowCounts;
      expect(rows.roads).toBe((rowCountsBefore.roads ?? 0) + 1);
    } finally {
      await app.close();
    }
  }, 90_000);
});

/** Staging folders a restore left in DATA_DIR/tmp. */
function restoreLeftovers(dataDir: string) {
  const tmp = path.join(dataDir, 'tmp');
  return existsSync(tmp) ? readdirSync(tmp).filter((name) => name.startsWith('restore-')) : [];
}

/** The archive unpacked, changed by `change`, and packed again. */
async function repack(archive: string, change: (dir: string) => void) {
  const dir = tempDir('repack');
  await tar.extract({ file: archive, cwd: dir });
  change(dir);
  const repacked = path.join(tempDir('repacked'), 'backup.tar.gz');
  await tar.create({ gzip: true, cwd: dir, file: repacked }, readdirSync(dir));
  return repacked;
}

async function tableCount(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as count from pg_tables where schemaname in ('public', 'drizzle')",
    );
    return rows[0].count as number;
  } finally {
    await client.end();
  }
}
