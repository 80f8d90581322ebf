import { createHash, timingSafeEqual } from 'node:crypto';
import type { TAppInfo } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';
import { apiNotFound } from '../../plugins/errors.ts';
import { databaseAnswers } from './health.queries.ts';

/** How long /api/ready waits for each dependency: a load balancer's probe must not hang on one. */
export const READY_TIMEOUT_MS = 2000;
export const METRICS_TOKEN_MESSAGE = 'Token metrik tidak valid.';

type CheckResult = 'ok' | 'down' | 'timeout';

/** 'ok', 'down' (it failed) or 'timeout' (no answer within READY_TIMEOUT_MS; the check is left to finish). */
async function check(work: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work().then(() => 'ok' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export async function healthRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // Liveness: the process answers. No database, no disk: a slow database must not get the process restarted.
  app.get('/api/health', async () => envelope({ status: 'ok', database: ctx.dbKind }));

  // Readiness: this instance can serve now: the database answers and the file store takes files.
  app.get('/api/ready', async (_request, reply) => {
    const [database, storage] = await Promise.all([
      check(() => databaseAnswers(ctx.db)),
      check(() => ctx.storage.checkReachable()),
    ]);
    const checks = { database, storage };
    const down = [database !== 'ok' && 'database', storage !== 'ok' && 'penyimpanan berkas'].filter(Boolean);
    if (!down.length) return envelope({ status: 'ready', checks });
    return reply
      .status(503)
      .header('retry-after', '5')
      .send(
        envelope(
          { status: 'down', checks },
          { code: 503, message: `Server belum siap: ${down.join(' dan ')} tidak dapat dijangkau.` },
        ),
      );
  });

  // Prometheus' scrape (plugins/metrics.ts), for the holder of METRICS_TOKEN only; unconfigured it is not there.
  app.get('/metrics', async (request, reply) => {
    const { registry } = app.metrics;
    const token = ctx.config.METRICS_TOKEN;
    if (!registry || !token) return apiNotFound(reply);
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Equal-length digests compared in constant time: the answer's timing tells nothing about the token.
    if (!timingSafeEqual(digest(given), digest(token))) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(envelope(null, { code: 401, message: METRICS_TOKEN_MESSAGE }));
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });

  const appInfo: TAppInfo = {
    appName: ctx.config.APP_NAME,
    agencyName: ctx.config.AGENCY_NAME,
    departmentName: ctx.config.DEPARTMENT_NAME,
    cityName: ctx.config.CITY_NAME,
    contactEmail: ctx.config.CONTACT_EMAIL,
    contactPhone: ctx.config.CONTACT_PHONE,
    letterhead: ctx.config.LETTERHEAD,
    mapTileUrl: ctx.config.MAP_TILE_URL,
    mapTileAttribution: ctx.config.MAP_TILE_ATTRIBUTION,
    version: process.env.npm_package_version ?? '0.1.0',
    report: {
      logoUrl: ctx.config.REPORT_LOGO_URL ?? null,
      addressee: ctx.config.REPORT_ADDRESSEE,
      place: ctx.config.REPORT_PLACE,
      signerTitle: ctx.config.REPORT_SIGNER_TITLE,
      signerName: ctx.config.REPORT_SIGNER_NAME,
      signerNip: ctx.config.REPORT_SIGNER_NIP,
      reporterTitle: ctx.config.REPORT_REPORTER_TITLE,
    },
  };
  app.get('/api/app-info', async () => envelope(appInfo));
}
