import { existsSync } from 'node:fs';
import path from 'node:path';
import { COMPLETED_WORK_MESSAGES } from '@eusulan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletedWorkOffice,
  importedResult,
  openCompletedWorkOffice,
  sendImport,
} from '../../../test/completed-work-office.ts';
import { SAMPLE_FEATURES, shapefileZip } from '../../../test/completed-work-zips.ts';
import { waitForJob } from '../../../test/jobs.ts';
import { auditEvents, completedWorkImports } from '../../db/schema/index.ts';

// A wrong import can be taken back: removed (audited, its zip gone, off the map and the lists at once), or
// replaced by a corrected file in one step, so the map never shows both, or neither.

let office: CompletedWorkOffice;
let t: CompletedWorkOffice['t'];
let admin: Record<string, string>;

beforeAll(async () => {
  office = await openCompletedWorkOffice();
  ({ t, admin } = office);
});
afterAll(async () => {
  await t.close();
});

const send = (url: string, content: Buffer, fields: Record<string, string | number> = {}) =>
  sendImport(office, content, { url, fields });
const importZip = async (layer: string, fields: Record<string, string | number> = {}) =>
  importedResult(office, await shapefileZip(SAMPLE_FEATURES, { layer }), { fields });
const remove = (id: number, headers = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api-web/completed-work/${id}`, headers });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

/** The work ids the maps dashboard draws (the spec's form). */
async function drawnWorkIds() {
  const layer = await get('/api-web/dashboard/completed-work');
  return new Set((layer.json().data as { idHash: string }[]).map((item) => Number(item.idHash)));
}
async function workIdsOf(importId: number) {
  const page = await get(`/api-web/completed-work-detail/${importId}?page=1&limit=100`);
  return (page.json().data.data as { id: number }[]).map((row) => row.id);
}
const storedZip = async (importId: number) => {
  const [row] = await t.db
    .select({ key: completedWorkImports.storageKey })
    .from(completedWorkImports)
    .where(eq(completedWorkImports.id, importId));
  return path.join(t.config.DATA_DIR, 'files', row!.key);
};
const auditOf = (importId: number) =>
  t.db
    .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'completed-work'), eq(auditEvents.entityId, importId)))
    .orderBy(auditEvents.id);

describe('DELETE completed-work/{id}', () => {
  it('removes the import, its works from the map and lists, its zip, and records who did it', async () => {
    const imported = await importZip('hapus');
    const id = imported.completedWork.id;
    const works = await workIdsOf(id);
    expect(works).toHaveLength(3);
    expect([...(await drawnWorkIds())]).toEqual(expect.arrayContaining(works));
    const zip = await storedZip(id);
    expect(existsSync(zip)).toBe(true);

    expect((await remove(id, (await t.signIn('umum')).headers)).statusCode).toBe(403);
    const removed = await remove(id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().status.message).toBe('Data berhasil dihapus');

    expect((await get(`/api-web/completed-work-detail/${id}?page=1&limit=10`)).statusCode).toBe(404);
    const list = (await get('/api-web/completed-work?page=1&limit=100')).json().data.data as { id: number }[];
    expect(list.map((row) => row.id)).not.toContain(id);
    const drawn = await drawnWorkIds();
    expect(works.filter((work) => drawn.has(work))).toEqual([]);
    expect(existsSync(zip)).toBe(false);
    expect(await auditOf(id)).toEqual([
      {
        action: 'import',
        before: null,
        after: { fileName: 'jalan.zip', year: 2025, typeWork: 'Pengaspalan', works: 3 },
      },
      {
        action: 'delete',
        before: { fileName: 'jalan.zip', year: 2025, typeWork: 'Pengaspalan', works: 3 },
        after: null,
      },
    ]);

    expect((await remove(id)).statusCode).toBe(404);
    // The same file may come in again once its import is gone.
    await importZip('hapus');
  });
});

describe('replacing an import with a corrected file', () => {
  it('swaps the works in one step, keeping the year and type the form sends', async () => {
    const wrong = await importZip('salah');
    const wrongWorks = await workIdsOf(wrong.completedWork.id);
    const corrected = await importZip('benar', { replace_id: wrong.completedWork.id });
    expect(
      (await get(`/api-web/completed-work-detail/${wrong.completedWork.id}?page=1&limit=10`)).statusCode,
    ).toBe(404);
    const drawn = await drawnWorkIds();
    expect(wrongWorks.filter((work) => drawn.has(work))).toEqual([]);
    expect([...drawn]).toEqual(expect.arrayContaining(await workIdsOf(corrected.completedWork.id)));
    expect((await auditOf(wrong.completedWork.id)).map((event) => event.action)).toEqual([
      'import',
      'replace',
    ]);
  });

  it('keeps the old import when the corrected file is refused, and says when it is gone', async () => {
    const kept = await importZip('tetap');
    const before = await workIdsOf(kept.completedWork.id);
    const bad = await send('/api-web/completed-work', Buffer.from('bukan zip'), {
      replace_id: kept.completedWork.id,
    });
    expect(bad.statusCode).toBe(422);
    const empty = await shapefileZip([], { layer: 'kosong' });
    const refused = await send('/api-web/completed-work', empty, { replace_id: kept.completedWork.id });
    expect(refused.statusCode).toBe(400);
    expect(await workIdsOf(kept.completedWork.id)).toEqual(before);

    const missing = await send(
      '/api-web/completed-work',
      await shapefileZip(SAMPLE_FEATURES, { layer: 'yatim' }),
      {
        replace_id: 999999,
      },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ replace_id: [COMPLETED_WORK_MESSAGES.replaceMissing] });
  });

  it('replaces through the import job too', async () => {
    const wrong = await importZip('salah-job');
    const queued = await send(
      '/api-web/completed-work/jobs',
      await shapefileZip(SAMPLE_FEATURES, { layer: 'benar-job' }),
      {
        replace_id: wrong.completedWork.id,
      },
    );
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await waitForJob(t.app, admin, queued.json().data.id);
    expect(job.status, job.message ?? '').toBe('done');
    expect(
      (await get(`/api-web/completed-work-detail/${wrong.completedWork.id}?page=1&limit=10`)).statusCode,
    ).toBe(404);
  });
});
