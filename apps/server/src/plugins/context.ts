import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { TokenSigner } from '../lib/tokens.ts';
import type { CaptchaVerifier } from '../modules/auth/captcha.ts';

/** What the routes of every module share: config, database, token signer, captcha. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  tokens: TokenSigner;
  captcha: CaptchaVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
