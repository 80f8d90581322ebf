import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { TokenSigner } from '../lib/tokens.ts';
import type { CaptchaVerifier } from '../modules/auth/captcha.ts';
import type { JobRunner } from '../modules/jobs/job-runner.ts';
import type { FileStorage } from '../storage/file-storage.ts';

/** What the routes of every module share: config, database, token signer, captcha, file storage, jobs. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  tokens: TokenSigner;
  captcha: CaptchaVerifier;
  storage: FileStorage;
  /** Background jobs: modules define their kinds' handlers and queue jobs (modules/jobs). */
  jobs: JobRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
