import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import { MB, UPLOAD_LIMITS } from '@eusulan/shared';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { compressesResponses } from './lib/layer-body-cache.ts';
import { createTokenSigner, resolveTokenSecret } from './lib/tokens.ts';
import { assignedConsultantRoutes } from './modules/assigned-consultant/assigned-consultant.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createCaptchaVerifier } from './modules/auth/captcha.ts';
import { completedWorkRoutes } from './modules/completed-work/completed-work.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { JobRunner } from './modules/jobs/job-runner.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { consultantRoutes } from './modules/master/consultant.routes.ts';
import { masterRoutes } from './modules/master/master.routes.ts';
import { regionRoutes } from './modules/master/region.routes.ts';
import { typeWorkColorRoutes } from './modules/master/type-work-color.routes.ts';
import { userRoutes } from './modules/master/user.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { needApprovalRoutes } from './modules/need-approval/need-approval.routes.ts';
import { officeSettingsRoutes } from './modules/office-settings/office-settings.routes.ts';
import { processRoutes } from './modules/process/process.routes.ts';
import { proposalRoutes } from './modules/proposal/proposal.routes.ts';
import { selectListRoutes } from './modules/select-list/select-list.routes.ts';
import { surveyRoutes } from './modules/survey/survey.routes.ts';
import { surveyExportRoutes } from './modules/survey-export/survey-export.routes.ts';
import { surveyReportRoutes } from './modules/survey-report/survey-report.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { errorsPlugin, refuseUnroutableUrl } from './plugins/errors.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { requestIdFor, requestIdPlugin } from './plugins/request-id.ts';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin, webDistDir } from './plugins/web-app.ts';
import './plugins/context.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { reconcileStorage } from './storage/reconcile-storage.ts';

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/**
 * Hides the value of `token` in logged URLs: media links carry the bearer token there. The name is compared
 * decoded, as the query parser reads it, so `%74oken=` is hidden too.
 */
function redactUrl(url: string) {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const parameters = url
    .slice(queryAt + 1)
    .split('&')
    .map((parameter) => {
      const name = parameter.split('=', 1)[0] ?? '';
      return decodedName(name) === 'token' ? `${name}=[REDACTED]` : parameter;
    });
  return `${url.slice(0, queryAt)}?${parameters.join('&')}`;
}

function loggerOptions(config: AppConfig, stream?: Writable): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
}

/** Files a crash left half-placed are cleared before the first request (storage/reconcile-storage.ts). */
async function reconcileAtStart(app: FastifyInstance) {
  const { db, storage } = app.ctx;
  const result = await reconcileStorage(db, storage, new Date(performance.timeOrigin));
  if (result.stagedRemoved || result.orphansRemoved.length) {
    app.log.warn(
      `Sisa proses yang terhenti dibersihkan: ${result.stagedRemoved} unggahan sementara, ${result.orphansRemoved.length} berkas tanpa data.`,
    );
  }
  if (result.missing.length) {
    app.log.error(
      `${result.missing.length} berkas yang tercatat di database tidak ada di penyimpanan (pulihkan dari cadangan): ${result.missing.slice(0, 20).join(', ')}`,
    );
  }
}

/** The whole HTTP application on a prepared database; main.ts and every test build it the same way. */
export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  options: {
    logStream?: Writable;
    storage?: FileStorage;
    /** Sees every route as it is added (the authorization matrix test lists them this way). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
) {
  const webDist = webDistDir(config.NODE_ENV === 'production' ? config.WEB_DIST_DIR : null);
  const harden = securityHeaders(config, webDist && readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // One proxy hop: the client address is the last one the proxy appended, not one the client wrote.
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 1024 * 1024,
    // Each request's id (pino's reqId on its log lines): a sane incoming x-request-id, else a new one.
    requestIdHeader: false,
    genReqId: requestIdFor,
    // A URL the router cannot take (a broken %-escape, an over-long path parameter) reaches no hook.
    frameworkErrors: (error, request, reply) => {
      harden(request, reply);
      return refuseUnroutableUrl(error, request, reply);
    },
  });
  const secret = resolveTokenSecret(config.TOKEN_SECRET, config.DATA_DIR);
  const storage = options.storage ?? createFileStorage(config);
  const jobs = new JobRunner({
    db: database.db,
    database,
    storage,
    log: app.log,
    workers: config.JOB_WORKERS,
  });
  app.decorate('ctx', {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens: createTokenSigner(secret),
    captcha: await createCaptchaVerifier(config, secret, database.db),
    storage,
    jobs,
  });
  await reconcileAtStart(app);
  app.decorateRequest('auth', null);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(securityHeadersPlugin, { harden });
  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN, usage: database.usage });
  app.metrics.setJobCounts(() => jobs.counts());
  // The queue starts once every module has defined its jobs, and stops (letting running jobs finish) after
  // the requests in flight, before the database closes (main.ts).
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop(config.SHUTDOWN_TIMEOUT * 1000));
  // Spec §7 calls such as logout carry no payload; a client that still sends a JSON content type with an
  // empty body must not get a 400 (its session would stay alive).
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return defaultJsonParser(request, body as string, done);
  });
  if (compressesResponses(config)) {
    // Brotli at quality 1, not the plugin's 4: on a list's JSON it is about three times faster for an answer
    // about as small (the verification list's 441 kB). Answers up to 1 MiB are compressed in one synchronous
    // call (about 1 ms at that size) rather than streamed through the thread pool 16 kB at a time, whose
    // hand-offs cost more than the compression itself; the plugin's default ceiling on two cores is 8 kB.
    await app.register(fastifyCompress, {
      threshold: 1024,
      syncThreshold: MB,
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    });
  }
  // Each upload route sets its own limits (spec §9); these are the ceilings.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMITS.importBytes, files: UPLOAD_LIMITS.maxFilesPerUpload, fieldSize: MB },
  });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(needApprovalRoutes);
  await app.register(masterRoutes);
  await app.register(regionRoutes);
  await app.register(consultantRoutes);
  await app.register(typeWorkColorRoutes);
  await app.register(userRoutes);
  await app.register(officeSettingsRoutes);
  await app.register(selectListRoutes);
  await app.register(proposalRoutes);
  await app.register(auditRoutes);
  await app.register(assignedConsultantRoutes);
  await app.register(mediaRoutes);
  await app.register(verificationRoutes);
  await app.register(surveyRoutes);
  await app.register(processRoutes);
  await app.register(surveyExportRoutes);
  await app.register(surveyReportRoutes);
  await app.register(completedWorkRoutes);
  await app.register(dashboardRoutes);
  await app.register(jobRoutes);
  await app.register(webAppPlugin, { distDir: webDist });
  return app;
}
