import { Worker } from 'node:worker_threads';
import { RUNS_BUNDLED } from '../server-files.ts';

/** How much a parsing task may take before it is stopped. */
export interface WorkerLimits {
  /** The worker thread's V8 old-generation heap, in MB. */
  memoryMb: number;
  /** From the moment its thread is started (each task starts its own). */
  timeoutMs: number;
}

/** What the uploader reads when a file hits a limit: it is the file, not the server, that failed. */
export const WORKER_LIMIT_MESSAGE =
  'Berkas terlalu besar atau terlalu rumit untuk diproses. Bagi menjadi beberapa file yang lebih kecil.';

/** A task stopped at its heap limit or its deadline. */
export class WorkerLimitError extends Error {
  constructor(readonly limit: 'memory' | 'time') {
    super(WORKER_LIMIT_MESSAGE);
  }
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/**
 * The heap limit, and V8's other ceilings a file can push a parser into: a string or array too long to
 * allocate, a nesting too deep for the stack (all RangeErrors).
 */
const isExhaustion = (error: Error & { code?: string }) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY' || error instanceof RangeError;

/**
 * A thread's young generation (V8's default is several times this) is memory every parse holds on top of
 * the main thread's; parsers keep most of what they allocate, so a small one costs no measurable time and
 * lowers the import's peak by 10-20 MB.
 */
const YOUNG_GENERATION_MB = 8;

/**
 * The task module as this server runs it: its source under tsx, or its own bundle (scripts/build.ts), which
 * sits flat beside the server's bundle, where `new URL('./name.ts', import.meta.url)` points once bundled.
 */
const runnable = (moduleUrl: URL) =>
  RUNS_BUNDLED ? new URL(moduleUrl.href.replace(/\.ts$/, '.js')) : moduleUrl;

function startWorker(moduleUrl: URL, limits: WorkerLimits) {
  return new Worker(ENTRY, {
    workerData: { module: runnable(moduleUrl).href },
    resourceLimits: {
      maxOldGenerationSizeMb: limits.memoryMb,
      maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
    },
  });
}

/**
 * Runs export `name` of the module at `moduleUrl` with `args` in a thread of its own, under a heap limit and a
 * deadline, so a hostile file can exhaust only that thread: the server keeps answering. The thread is ended
 * before this settles (on success too), so nothing it allocated or opened outlives the call. Arguments and
 * the result cross by structured clone: plain data only. A task's own error rejects as it is.
 */
export function runInWorker<T>(
  moduleUrl: URL,
  name: string,
  args: unknown[],
  limits: WorkerLimits,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = startWorker(moduleUrl, limits);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      worker.terminate().then(outcome, outcome);
    };
    const deadline = setTimeout(() => settle(() => reject(new WorkerLimitError('time'))), limits.timeoutMs);
    worker.once('message', (result: T) => settle(() => resolve(result)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(isExhaustion(error) ? new WorkerLimitError('memory') : error)),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`worker task ${name} ended (exit code ${code}) without an answer`))),
    );
    worker.postMessage({ name, args });
  });
}
