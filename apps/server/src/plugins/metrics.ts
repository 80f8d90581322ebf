import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseUsage } from '../db/client.ts';

/** One queue's jobs in one state (modules/jobs: background_jobs counted by kind and status). */
export interface JobCount {
  queue: string;
  state: string;
  count: number;
}
export type JobCountSource = () => Promise<JobCount[]> | JobCount[];

export interface AppMetrics {
  /** Null when METRICS_TOKEN is unset: nothing is measured, GET /metrics answers 404. */
  readonly registry: Registry | null;
  /** Where eusulan_jobs reads its counts at each scrape (app.ts hands it the job runner's). */
  setJobCounts(source: JobCountSource): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * Seconds. Prometheus' usual web buckets, then the long ones: imports and exports take tens of seconds, and
 * a histogram that ends at 10 s cannot tell 12 s from 100 s.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The route pattern, never the URL: /api-web/proposal/:id is one series, not one per proposal. The built
 * web app's files (one route each, hashed names that change every deploy) are one series, and a path no
 * route matched (404s, the web app's history fallback) another.
 */
function routeLabel(request: FastifyRequest) {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  if (pattern.startsWith('/assets/')) return '/assets/*';
  return pattern;
}

/**
 * Prometheus metrics: request latency per route pattern, method and status class, requests in
 * flight, the database pool, job counts, and Node's own (event-loop delay, heap, GC, CPU). Each app has its
 * own registry, so tests can build many apps in one process. Without a token configured nothing is
 * measured, and a request pays for no hook.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { token: string | undefined; usage: () => DatabaseUsage }) => {
    let jobCounts: JobCountSource | null = null;
    const setJobCounts = (source: JobCountSource) => {
      jobCounts = source;
    };
    if (!options.token) {
      app.decorate('metrics', { registry: null, setJobCounts });
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, per route pattern.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const inFlight = new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests received and not yet answered (or cut off).',
      registers: [registry],
    });
    const poolGauge = (name: string, help: string, read: (usage: DatabaseUsage) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(options.usage()));
        },
      });
    poolGauge(
      'eusulan_db_pool_max_connections',
      'Connections the pool may open (DATABASE_POOL_MAX).',
      (u) => u.max,
    );
    poolGauge(
      'eusulan_db_pool_total_connections',
      'Connections open now (node-postgres totalCount).',
      (u) => u.total,
    );
    poolGauge('eusulan_db_pool_idle_connections', 'Open connections not in use (idleCount).', (u) => u.idle);
    poolGauge(
      'eusulan_db_pool_waiting_queries',
      'Queries waiting for a connection (waitingCount; PGlite: for its session lock); a lasting non-zero value means the pool is too small or the database too slow.',
      (u) => u.waiting,
    );
    new Gauge({
      name: 'eusulan_jobs',
      help: 'Background jobs per queue (kind) and state: queued, running, done, failed (kept 7 days).',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue, state, count } of (await jobCounts?.()) ?? []) this.set({ queue, state }, count);
      },
    });

    app.addHook('onRequest', async (_request, reply) => {
      inFlight.inc();
      // The response's 'close' comes for every answer, also one the client cut off (no onResponse then).
      reply.raw.once('close', () => inFlight.dec());
    });
    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          route: routeLabel(request),
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
    });
    app.decorate('metrics', { registry, setJobCounts });
  },
);
