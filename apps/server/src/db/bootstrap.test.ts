import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROPOSAL_TYPES } from '@eusulan/shared';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { fileTypeFromBuffer } from 'file-type';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { prepareDatabase } from './bootstrap.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import {
  completedWorkImports,
  completedWorks,
  consultants,
  proposalFiles,
  proposals,
  roles,
  subdistricts,
  surveyPhotos,
  surveyRoadAsbItems,
  surveys,
  users,
  villages,
} from './schema/index.ts';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function freshDatabase() {
  handle = await openDatabase({ dataDir: ':memory:' });
  return handle;
}

describe('prepareDatabase', () => {
  it('seeds the four roles and an admin with a generated password that must be changed', async () => {
    const database = await freshDatabase();
    const first = await prepareDatabase(database, testConfig());
    expect(first.generatedAdminPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{14}$/);
    const roleRows = await database.db.select().from(roles);
    expect(roleRows.map((role) => [role.slug, role.name]).sort()).toEqual([
      ['admin', 'Administrator'],
      ['consultan', 'Rayon'],
      ['structural', 'Struktural'],
      ['umum', 'Umum'],
    ]);
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.mustChangePassword).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, first.generatedAdminPassword!)).toBe(true);

    const second = await prepareDatabase(database, testConfig());
    expect(second.generatedAdminPassword).toBeUndefined();
    expect((await database.db.select({ n: count() }).from(users))[0]?.n).toBe(1);
  });

  it('uses a password given by the environment as it is', async () => {
    const database = await freshDatabase();
    const result = await prepareDatabase(
      database,
      testConfig({ ADMIN_USERNAME: 'kepala', ADMIN_PASSWORD: 'Kantor2026' }),
    );
    expect(result.generatedAdminPassword).toBeUndefined();
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'kepala'));
    expect(admin?.mustChangePassword).toBe(false);
    expect(await verifyPassword(admin!.passwordHash, 'Kantor2026')).toBe(true);
  });

  // Seeds the whole demo set twice, its completed-work imports included: slower than the suite's default.
  it('loads the Surabaya demo set once, however often it runs', { timeout: 120_000 }, async () => {
    const database = await freshDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-demo-'));
    const config = testConfig({ DEMO: '1', ADMIN_PASSWORD: 'Kantor2026', DATA_DIR: dataDir });
    await prepareDatabase(database, config);
    await prepareDatabase(database, config);
    const counted = async (table: PgTable) => (await database.db.select({ n: count() }).from(table))[0]?.n;
    expect(await counted(subdistricts)).toBe(31);
    expect(await counted(villages)).toBe(153);
    expect(await counted(consultants)).toBe(2);
    // A few dozen unverified proposals of all four types, each with its letter stored as a real PDF.
    const demoProposals = await database.db.select().from(proposals);
    const byStatus = (status: string) => demoProposals.filter((row) => row.statusType === status);
    expect(byStatus('unverified')).toHaveLength(32);
    expect(new Set(byStatus('unverified').map((row) => row.proposalType))).toEqual(new Set(PROPOSAL_TYPES));
    // Further along: verified ones waiting for a survey (two of them with a draft), surveyed ones with
    // submitted surveys and photos.
    expect(byStatus('verified')).toHaveLength(4);
    expect(byStatus('surveyed')).toHaveLength(5);
    // Decided by struktural1, one per process type, each with a note and a photo as structural documents.
    expect(
      byStatus('finished')
        .map((row) => row.processType)
        .sort(),
    ).toEqual(['pending', 'project', 'self_management']);
    const demoSurveys = await database.db.select().from(surveys);
    expect(demoSurveys.filter((survey) => !survey.isDraft && survey.submittedAt)).toHaveLength(10);
    expect(demoSurveys.filter((survey) => survey.isDraft && !survey.submittedAt)).toHaveLength(2);
    // A photo in each of the first three categories per survey, so the printed report has groups to show.
    expect(await counted(surveyPhotos)).toBe(36);
    expect(await counted(surveyRoadAsbItems)).toBe(24);
    const files = await database.db.select().from(proposalFiles);
    expect(files.filter((file) => file.ext === 'pdf')).toHaveLength(32 + 3);
    expect(files.filter((file) => file.ext === 'png')).toHaveLength(16 + 3);
    expect(files.filter((file) => file.kind === 'structural')).toHaveLength(6);
    for (const file of files) {
      const stored = readFileSync(path.join(dataDir, 'files', file.storageKey));
      expect(stored.length).toBe(file.size);
      expect((await fileTypeFromBuffer(stored))?.mime).toBe(file.mimeType);
    }
    // Completed works of three years and four work types, imported as UTM 49S shapefile zips.
    const completedImports = await database.db.select().from(completedWorkImports);
    expect(completedImports).toHaveLength(4);
    expect(new Set(completedImports.map((row) => row.year)).size).toBe(3);
    expect(new Set(completedImports.map((row) => row.typeWorkColorId)).size).toBe(4);
    for (const row of completedImports) {
      const stored = readFileSync(path.join(dataDir, 'files', row.storageKey));
      expect((await fileTypeFromBuffer(stored))?.mime).toBe('application/zip');
    }
    const works = await database.db.select().from(completedWorks);
    expect(works).toHaveLength(16);
    expect(works.some((work) => work.coordinates.length === 2)).toBe(true);
    expect(
      works.every(
        (work) => (work.minLat ?? 0) > -7.4 && (work.maxLat ?? 0) < -7.2 && (work.minLon ?? 0) > 112.6,
      ),
    ).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    const demoUsers = await database.db.select({ username: users.username }).from(users);
    expect(demoUsers.map((user) => user.username).sort()).toEqual(
      ['admin', 'konsultan1', 'konsultan2', 'struktural1', 'umum1'].sort(),
    );
  });
});
