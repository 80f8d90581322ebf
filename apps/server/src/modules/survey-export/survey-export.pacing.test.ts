import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exportPacer, requestActivity, type ZipInput } from './survey-export.pacing.ts';
import type { ExportRow } from './survey-export.queries.ts';
import { writeSurveyWorkbook } from './survey-export.workbook.ts';

function row(id: number): ExportRow {
  return {
    proposal: {
      id,
      proposalType: 'pokir',
      proposalDate: '2026-02-10',
      proposerName: `Pengusul ${id}`,
      phoneNumber: '081234500001',
      roadName: 'Jalan Tunjungan',
      rtNumber: '03',
      rwNumber: '05',
      address: 'Depan balai RW',
      villageName: 'Kapasari',
      subdistrictName: 'Genteng',
      districtName: 'Surabaya Pusat',
      consultantName: 'Rayon Surabaya Pusat',
      statusType: 'surveyed',
      processType: null,
    },
    survey: {
      submittedAt: new Date('2026-03-02T03:00:00Z'),
      roadCondition: 'Retak buaya',
      canalExisting: 'Ada',
      canalCondition: 'Baik',
      damageIdentification: '<p>Lubang</p>',
      suggestion: '<p>Pengaspalan</p>',
      roadTypes: [{ name: 'Pemeliharaan Berkala' }],
      roads: [{ items: [{ name: 'Aspal Hotmix', unitPrice: 185_000, long: '120.00', wide: '6.00' }] }],
    },
    photos: [],
  };
}

/** A zip input as archiver's PassThrough shows itself: a buffer length, a drain flag and 'drain'. */
function fakeZipInput(length: number) {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { _writableState: { length, needDrain: true } }) as EventEmitter & ZipInput;
}

describe('writeSurveyWorkbook pacing', () => {
  it('stops reading the database when the download is abandoned', async () => {
    const output = new PassThrough();
    let batchesRead = 0;
    let isClosed = false;
    async function* rows() {
      try {
        for (let batch = 0; batch < 1000; batch++) {
          batchesRead++;
          yield Array.from({ length: 200 }, (_, index) => row(batch * 200 + index));
        }
      } finally {
        isClosed = true;
      }
    }
    output.once('data', () => output.destroy());
    await expect(writeSurveyWorkbook(rows, output, 'Asia/Jakarta')).rejects.toThrow(/abandoned/);
    expect(isClosed).toBe(true);
    expect(batchesRead).toBeLessThan(1000);
  });
});

describe('exportPacer', () => {
  it('gives way while other requests are answered, at most 50 ms per slice', async () => {
    const pace = exportPacer(new PassThrough(), () => true);
    // Let the first slice run out.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const startedAt = performance.now();
    await pace(null);
    const waited = performance.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(500);
  });

  it('returns at once within a slice when nobody waits', async () => {
    const pace = exportPacer(new PassThrough(), () => false);
    const startedAt = performance.now();
    for (let i = 0; i < 100; i++) await pace(null);
    expect(performance.now() - startedAt).toBeLessThan(50);
  });

  it('waits for the zip to take a large backlog, and leaves no listener behind', async () => {
    const output = new PassThrough();
    const zipInput = fakeZipInput(8 * 1024 * 1024);
    let isDone = false;
    const paced = pace();
    async function pace() {
      await exportPacer(output, () => false)(zipInput);
      isDone = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isDone).toBe(false);
    zipInput._writableState.length = 0;
    zipInput.emit('drain');
    await paced;
    expect(isDone).toBe(true);
    expect(zipInput.listenerCount('drain')).toBe(0);
    expect(output.listenerCount('close')).toBe(0);
  });

  it('refuses to go on once the download is gone', async () => {
    const output = new PassThrough();
    output.destroy();
    await expect(exportPacer(output, () => false)(null)).rejects.toThrow(/abandoned/);
  });
});

describe('requestActivity', () => {
  it('counts the requests in progress, exports excluded', () => {
    const server = new EventEmitter();
    const activity = requestActivity(server as unknown as Server);
    const exportResponse = new EventEmitter();
    server.emit('request', {}, exportResponse);
    const finished = activity.exportStarted();
    expect(activity.othersWaiting()).toBe(false);

    const listResponse = new EventEmitter();
    server.emit('request', {}, listResponse);
    expect(activity.othersWaiting()).toBe(true);
    listResponse.emit('close');
    expect(activity.othersWaiting()).toBe(false);

    exportResponse.emit('close');
    finished();
    finished();
    expect(activity.othersWaiting()).toBe(false);
    server.emit('request', {}, new EventEmitter());
    expect(activity.othersWaiting()).toBe(true);
  });
});
