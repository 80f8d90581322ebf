import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletedWorkOffice,
  openCompletedWorkOffice,
  sendImport,
} from '../../../test/completed-work-office.ts';
import { SAMPLE_FEATURES, shapefileZip } from '../../../test/completed-work-zips.ts';
import { waitForJob } from '../../../test/jobs.ts';
import { completedWorkImports, completedWorks, importedFiles } from '../../db/schema/index.ts';

// The same zip sent twice (a second tab, a colleague, a double click racing itself) is stored once: the
// works on the map are never doubled, and the refusal says who imported it and for which year.

let office: CompletedWorkOffice;

beforeAll(async () => {
  office = await openCompletedWorkOffice();
});
afterAll(async () => {
  await office.t.close();
});

const importNow = (content: Buffer, year = 2024) =>
  sendImport(office, content, { fileName: 'jalan-2024.zip', fields: { year } });
const importAsJob = (content: Buffer, year = 2024) =>
  sendImport(office, content, {
    url: '/api-web/completed-work/jobs',
    fileName: 'jalan-2024.zip',
    fields: { year },
  });

const stored = async () => ({
  imports: (await office.t.db.select({ n: count() }).from(completedWorkImports))[0]!.n,
  works: (await office.t.db.select({ n: count() }).from(completedWorks))[0]!.n,
  files: (await office.t.db.select({ n: count() }).from(importedFiles))[0]!.n,
});

const REPEATED =
  /^Berkas ini sudah pernah diimpor oleh .+ \(jalan-2024\.zip, 3 pekerjaan, Pekerjaan Selesai tahun 2024 jenis Pengaspalan\); data yang sama tidak diimpor dua kali\.$/;

describe('the same completed-work zip twice', () => {
  it('is refused with 409 the second time, whatever year is chosen, on both import calls', async () => {
    const zip = await shapefileZip(SAMPLE_FEATURES, { layer: 'ulang' });
    expect((await importNow(zip)).statusCode).toBe(201);
    const after = await stored();

    const again = await importNow(zip, 2025);
    expect(again.statusCode).toBe(409);
    expect(again.json().status.message).toMatch(REPEATED);
    const queued = await importAsJob(zip);
    expect(queued.statusCode).toBe(409);
    expect(queued.json().status.message).toMatch(REPEATED);
    expect(await stored()).toEqual(after);
  });

  it('stores once when two copies arrive together, on either call', async () => {
    const zip = await shapefileZip(SAMPLE_FEATURES, { layer: 'bersamaan' });
    const before = await stored();
    const [direct, queued] = await Promise.all([importNow(zip), importAsJob(zip)]);
    // Which one wins is the databases' business; exactly one does, and the other is told why.
    const outcomes = [direct.statusCode === 201 ? 'stored' : direct.json().status.message];
    if (queued.statusCode === 202) {
      const job = await waitForJob(office.t.app, office.admin, queued.json().data.id);
      outcomes.push(job.status === 'done' ? 'stored' : job.message);
    } else {
      outcomes.push(queued.json().status.message);
    }
    expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome !== 'stored')).toMatch(/^Berkas ini sudah pernah diimpor oleh/);
    expect(await stored()).toEqual({
      imports: before.imports + 1,
      works: before.works + 3,
      files: before.files + 1,
    });
  });

  it('fails a queued copy whose twin was stored while it waited, storing nothing', async () => {
    const zip = await shapefileZip(SAMPLE_FEATURES, { layer: 'antri' });
    const before = await stored();
    const [first, second] = await Promise.all([importAsJob(zip), importAsJob(zip)]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const jobs = await Promise.all(
      [first, second].map((queued) => waitForJob(office.t.app, office.admin, queued.json().data.id)),
    );
    expect(jobs.map((job) => job.status).sort()).toEqual(['done', 'failed']);
    expect(jobs.find((job) => job.status === 'failed')?.message).toMatch(REPEATED);
    expect(await stored()).toEqual({
      imports: before.imports + 1,
      works: before.works + 3,
      files: before.files + 1,
    });
  });
});
