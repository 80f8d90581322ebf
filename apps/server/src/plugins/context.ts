import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { TokenSigner } from '../lib/tokens.ts';
import type { CaptchaVerifier } from '../modules/auth/captcha.ts';
import type { FileStorage } from '../storage/file-storage.ts';

/** What the routes of every module share: config, database, token signer, captcha, file storage. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  tokens: TokenSigner;
  captcha: CaptchaVerifier;
  storage: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
