import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { E_TIMEOUT, Mutex, type MutexInterface, withTimeout } from 'async-mutex';
import { HttpError } from '../lib/http-error.ts';

export const DATABASE_BUSY_MESSAGE = 'Server sedang sibuk, coba lagi sebentar.';

/**
 * How long a call may wait for its turn on the embedded database before it is refused. Ten users at once
 * wait well under a second; only a long hold (an import of tens of thousands of lines in one transaction)
 * gets near this, and its waiters then hear that the server is busy instead of hanging.
 */
export const DEFAULT_TURN_WAIT_MS = 10_000;

/** A call that waited longer than the limit for its turn on the embedded database: 503, try again. */
export class DatabaseBusyError extends HttpError {
  constructor(readonly waitedMs: number) {
    super(503, DATABASE_BUSY_MESSAGE, undefined, { 'retry-after': '5' });
  }
}

/** How long a background statement lets other requests' statements go ahead before it queues like them. */
export const GIVE_WAY_MS = 200;
/**
 * A background statement starts only after other requests' statements have left the session alone this
 * long: a request between two of its statements (a few milliseconds of its own work) is not overtaken.
 */
export const QUIET_MS = 10;
/** async-mutex serves higher priorities first and keeps arrival order within one. */
const BACKGROUND_PRIORITY = -1;

const background = new AsyncLocalStorage<true>();

/**
 * Runs long reading work (a map layer read window by window, an export's batches) in the background on the
 * embedded database: each of its statements lets other requests' statements go first, whether they wait or
 * come within QUIET_MS of the last one, for up to GIVE_WAY_MS; then it queues like any other (so it is
 * never starved). A list asked for during a city-wide layer then waits for at most one window of it, not
 * for one window per statement of its own. No effect on PostgreSQL, whose pool serves the others on other
 * connections.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/**
 * Turns on PGlite's one session, in arrival order: each statement outside a transaction and each whole
 * transaction is one turn, so a request that sends many statements queues for each of them, and a long
 * transaction holds up only the turns that came after it. A turn not granted within maxWaitMs fails with
 * DatabaseBusyError. A granted turn starts on the next round of the event loop (setImmediate): PGlite runs
 * on the server's thread, so without that the queue would run turn after turn from microtasks and answers
 * waiting for compression, socket writes and new requests would wait until the whole queue had drained.
 */
export class PgliteTurns {
  readonly #mutex = new Mutex();
  #waiting = 0;
  /** When the last statement not in the background finished. */
  #foregroundEndedAt = Number.NEGATIVE_INFINITY;

  constructor(readonly maxWaitMs = DEFAULT_TURN_WAIT_MS) {}

  /** Turns asked for and not yet granted. */
  get waiting() {
    return this.#waiting;
  }

  /** Whether a turn is being taken now. */
  get busy() {
    return this.#mutex.isLocked();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const askedAt = performance.now();
    const inBackground = background.getStore() === true;
    let release: MutexInterface.Releaser;
    this.#waiting++;
    try {
      release = await (inBackground ? this.#giveWay(askedAt) : this.#acquire(askedAt));
    } catch (error) {
      if (error === E_TIMEOUT) throw new DatabaseBusyError(performance.now() - askedAt);
      throw error;
    } finally {
      this.#waiting--;
    }
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      if (!inBackground) this.#foregroundEndedAt = performance.now();
      release();
    }
  }

  /** A turn in arrival order, within what is left of maxWaitMs. */
  #acquire(askedAt: number): Promise<MutexInterface.Releaser> {
    const left = Math.max(0, this.maxWaitMs - (performance.now() - askedAt));
    return withTimeout(this.#mutex, left).acquire();
  }

  /** A background turn: after every other statement waiting or coming soon, or in order after GIVE_WAY_MS. */
  async #giveWay(askedAt: number): Promise<MutexInterface.Releaser> {
    const until = askedAt + Math.min(GIVE_WAY_MS, this.maxWaitMs);
    for (let now = askedAt; now < until; now = performance.now()) {
      let release: MutexInterface.Releaser;
      try {
        release = await withTimeout(this.#mutex, until - now).acquire(BACKGROUND_PRIORITY);
      } catch (error) {
        if (error === E_TIMEOUT) break;
        throw error;
      }
      const quietFor = performance.now() - this.#foregroundEndedAt;
      if (quietFor >= QUIET_MS) return release;
      release();
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS - quietFor));
    }
    return this.#acquire(askedAt);
  }
}

/**
 * The part of PGlite Drizzle's driver uses (query, transaction) and exec, each as one turn; statements of a
 * transaction run inside its turn. Everything else goes to PGlite itself.
 */
export class QueuedPglite {
  constructor(
    readonly client: PGlite,
    readonly turns: PgliteTurns,
  ) {}

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.turns.run(() => this.client.query<T>(query, params, options));
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.turns.run(() => this.client.exec(query, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.turns.run(() => this.client.transaction(callback));
  }
}
