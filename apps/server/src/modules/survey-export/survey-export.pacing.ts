import type { Server } from 'node:http';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

/** A writable stream as readable-stream 2 (archiver's) and node:stream both shape it. */
export interface ZipInput {
  _writableState: { length: number; needDrain: boolean };
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/**
 * The stream a sheet's XML waits in until exceljs's zip compresses it, or null when not found. exceljs 4
 * hands the XML to archiver through a PassThrough and ignores its backpressure, so without a look at this
 * buffer a zip slower than the writer piles the whole sheet up in memory (300 MB at 140,000 rows).
 */
export function zipInputOf(sheet: ExcelJS.Worksheet): ZipInput | null {
  const pipes = (sheet as unknown as { _stream?: { pipes?: unknown[] } })._stream?.pipes;
  const first = pipes?.[0] as Partial<ZipInput> | undefined;
  return first?._writableState &&
    typeof first.once === 'function' &&
    typeof first.removeListener === 'function'
    ? (first as ZipInput)
    : null;
}

/** How long the writer may hold the event loop at a time. */
const SLICE_MS = 5;
/** While other requests are being answered the writer waits in steps of this, up to the maximum per slice. */
const GIVE_WAY_STEP_MS = 2;
const GIVE_WAY_MAX_MS = 50;
/** How much XML may wait for the zip before the writer pauses. */
const ZIP_BACKLOG_BYTES = 4 * 1024 * 1024;

const abandoned = () => new Error('export abandoned by the client');

/** Resolves when the zip has taken its backlog or the download ended, leaving no listener behind. */
function drainedOrClosed(zipInput: ZipInput, output: Writable) {
  return new Promise<void>((resolve) => {
    const settle = () => {
      zipInput.removeListener('drain', settle);
      output.removeListener('close', settle);
      resolve();
    };
    zipInput.once('drain', settle);
    output.once('close', settle);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Paces a long export, so list calls made meanwhile stay within 2x their idle p95. The writer
 * is CPU work on the event loop, so every few milliseconds it hands the loop back, and while other requests
 * are in progress it waits (at most 50 ms per slice, so an export always advances). It also waits while the
 * zip (and behind it the client) has not taken what was written, so memory stays flat, and stops when the
 * download was abandoned.
 */
export function exportPacer(output: Writable, othersWaiting: () => boolean) {
  let sliceStartedAt = performance.now();
  return async (zipInput: ZipInput | null) => {
    if (output.destroyed) throw abandoned();
    const backlog = zipInput?._writableState;
    if (zipInput && backlog && backlog.length > ZIP_BACKLOG_BYTES && backlog.needDrain) {
      await drainedOrClosed(zipInput, output);
      if (output.destroyed) throw abandoned();
    } else if (performance.now() - sliceStartedAt >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      const givingWaySince = performance.now();
      while (othersWaiting() && performance.now() - givingWaySince < GIVE_WAY_MAX_MS) {
        await sleep(GIVE_WAY_STEP_MS);
      }
    } else {
      return;
    }
    sliceStartedAt = performance.now();
  };
}

/**
 * The requests this server is answering, counted on its HTTP server (requests injected in tests are not
 * seen), so a running export can give way to them. Exports count themselves out.
 */
export function requestActivity(server: Server) {
  let active = 0;
  let exporting = 0;
  server.on('request', (_request, response) => {
    active++;
    response.once('close', () => {
      active--;
    });
  });
  return {
    othersWaiting: () => active - exporting > 0,
    /** Marks an export as running until the returned function is called (once is enough). */
    exportStarted() {
      exporting++;
      let isDone = false;
      return () => {
        if (isDone) return;
        isDone = true;
        exporting--;
      };
    },
  };
}
