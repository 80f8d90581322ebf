import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TProposalDetail } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { fixture, multipart } from '../../test/multipart.ts';
import { buildApp } from '../app.ts';
import { proposalFiles } from '../db/schema/index.ts';
import { createLocalFileStorage } from './file-storage.ts';
import { reconcileStorage } from './reconcile-storage.ts';
import { holdFilePlacementLock } from './storage.queries.ts';

let t: TestApp;
let admin: Record<string, string>;
let place: { roadId: number; villageId: number; consultantId: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  const { districtId, roadId, villageId } = await buildPlace(t.db);
  const consultant = await t.signIn('consultan', { districtId });
  place = { roadId, villageId, consultantId: consultant.user.consultantId! };
});
afterAll(async () => {
  await t.close();
});

const filesRoot = () => path.join(t.config.DATA_DIR, 'files');
const storage = () => createLocalFileStorage(t.config.DATA_DIR);

/** A proposal registered through the API with one stored photo; answers the proposal and its key. */
async function proposalWithPhoto() {
  const body = await multipart(
    {
      proposalType: 'taruna',
      proposalDate: '2026-05-04',
      proposerName: 'Bu Lurah',
      phoneNumber: '081298765432',
      roadId: place.roadId,
      villageId: place.villageId,
      address: 'Jl. Rajawali No. 7',
      consultantId: place.consultantId,
    },
    { 'files[]': [fixture('road-photo.png')] },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api-web/proposal',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  const proposal = response.json().data as TProposalDetail;
  const [file] = await t.db
    .select({ key: proposalFiles.storageKey })
    .from(proposalFiles)
    .where(eq(proposalFiles.proposalId, proposal.id));
  return { proposalId: proposal.id, key: file!.key };
}

/** What a crash leaves: a staged upload from before the start, and a placed file whose row never committed. */
function leaveCrashRemains() {
  const stagingDir = storage().stagingDir;
  mkdirSync(stagingDir, { recursive: true });
  const staged = path.join(stagingDir, 'cut-short-upload');
  writeFileSync(staged, 'half an upload');
  const anHourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(staged, anHourAgo, anHourAgo);
  const orphan = path.join(filesRoot(), 'proposals', '999999', 'never-committed.png');
  mkdirSync(path.dirname(orphan), { recursive: true });
  writeFileSync(orphan, fixture('road-photo.png').content);
  return { staged, orphan };
}

describe('reconcileStorage', () => {
  it('deletes stale staged uploads and files no row names, keeps named files, reports missing ones', async () => {
    const kept = await proposalWithPhoto();
    const lost = await proposalWithPhoto();
    rmSync(path.join(filesRoot(), lost.key));
    const { staged, orphan } = leaveCrashRemains();
    const fresh = path.join(storage().stagingDir, 'upload-in-progress');
    writeFileSync(fresh, 'still arriving');

    const result = await reconcileStorage(t.db, storage(), new Date(Date.now() - 60_000));

    expect(result).toEqual({
      stagedRemoved: 1,
      orphansRemoved: ['proposals/999999/never-committed.png'],
      missing: [lost.key],
    });
    expect(existsSync(staged)).toBe(false);
    expect(existsSync(orphan)).toBe(false);
    // Newer than the start: a request of the running server may still be writing it.
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(path.join(filesRoot(), kept.key))).toBe(true);
    // A missing file is reported, its row stays.
    const rows = await t.db.select().from(proposalFiles).where(eq(proposalFiles.storageKey, lost.key));
    expect(rows).toHaveLength(1);
    rmSync(fresh);
  });

  it('waits for a transaction that is placing a file, and keeps the file once its row commits', async () => {
    const { proposalId } = await proposalWithPhoto();
    const key = `proposals/${proposalId}/placed-while-sweeping.png`;
    const stagedPath = path.join(storage().stagingDir, 'placing');
    writeFileSync(stagedPath, fixture('road-photo.png').content);
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const placing = t.db.transaction(async (tx) => {
      await holdFilePlacementLock(tx);
      await storage().putFile(key, stagedPath);
      await committing;
      await tx.insert(proposalFiles).values({
        proposalId,
        kind: 'proposal',
        name: 'placed-while-sweeping.png',
        ext: 'png',
        mimeType: 'image/png',
        size: fixture('road-photo.png').content.length,
        storageKey: key,
      });
    });
    while (!existsSync(path.join(filesRoot(), key))) await new Promise((r) => setTimeout(r, 10));

    const sweeping = reconcileStorage(t.db, storage(), new Date());
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await placing;
    const result = await sweeping;

    expect(result.orphansRemoved).toEqual([]);
    expect(existsSync(path.join(filesRoot(), key))).toBe(true);
  });

  it('runs when the server starts: a restart on the same data directory clears a crash’s remains', async () => {
    const { staged, orphan } = leaveCrashRemains();
    const restarted = await buildApp(t.config, t.database);
    try {
      expect(existsSync(staged)).toBe(false);
      expect(existsSync(orphan)).toBe(false);
    } finally {
      await restarted.close();
    }
  });
});
