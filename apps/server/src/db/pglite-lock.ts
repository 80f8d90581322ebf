import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { E_TIMEOUT, Mutex, withTimeout } from 'async-mutex';
import { HttpError } from '../lib/http-error.ts';

export const DATABASE_BUSY_MESSAGE = 'Server sedang sibuk, coba lagi sebentar.';

/**
 * How long a call may wait for the embedded database's session before it is refused. Ten users at once wait
 * well under a second; only a long hold (an import of tens of thousands of lines in one transaction) gets
 * near this, and its waiters then hear that the server is busy instead of hanging.
 */
export const DEFAULT_LOCK_WAIT_MS = 10_000;

/** A call that waited longer than the limit for the embedded database's session: 503, try again. */
export class DatabaseBusyError extends HttpError {
  constructor(readonly waitedMs: number) {
    super(503, DATABASE_BUSY_MESSAGE, undefined, { 'retry-after': '5' });
  }
}

/**
 * The lock on PGlite's one session, taken in arrival order (a FIFO mutex): each statement outside a
 * transaction and each whole transaction holds it once, and a call not given it within maxWaitMs fails with
 * DatabaseBusyError. The holder starts on the next round of the event loop (setImmediate), because PGlite
 * runs on the server's thread: otherwise the waiting calls would run one after another from microtasks and
 * answers waiting for compression or socket writes would wait until all of them were done.
 */
export class PgliteSessionLock {
  readonly #mutex = new Mutex();
  #waiting = 0;

  constructor(readonly maxWaitMs = DEFAULT_LOCK_WAIT_MS) {}

  /** Calls waiting for the lock now. */
  get waiting() {
    return this.#waiting;
  }

  /** Whether a call holds the lock now. */
  get held() {
    return this.#mutex.isLocked();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const askedAt = performance.now();
    this.#waiting++;
    let release: () => void;
    try {
      release = await withTimeout(this.#mutex, this.maxWaitMs).acquire();
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
      release();
    }
  }
}

/**
 * The part of PGlite that Drizzle's driver uses (query, transaction) and exec, each under the session lock;
 * the statements of a transaction run inside its hold. Everything else goes to PGlite itself.
 */
export class LockedPglite {
  constructor(
    readonly client: PGlite,
    readonly lock: PgliteSessionLock,
  ) {}

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.lock.run(() => this.client.query<T>(query, params, options));
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.lock.run(() => this.client.exec(query, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.lock.run(() => this.client.transaction(callback));
  }
}
