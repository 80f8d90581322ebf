import type { TCaptchaConfig } from '@eusulan/shared';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret } from 'altcha-lib/frameworks/fastify';
import { verify as verifyAltchaPayload } from 'altcha-lib/frameworks/shared';
import type { Store } from 'altcha-lib/frameworks/types';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { recordCaptchaUse } from './auth.queries.ts';

export const CAPTCHA_CHALLENGE_PATH = '/api/auth/captcha';

export interface CaptchaVerifier {
  readonly publicConfig: TCaptchaConfig;
  /** A new altcha challenge (raw JSON for the widget); null for other providers. */
  createChallenge(): Promise<object | null>;
  /** True when the bot check the login form sent is solved and unused. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

const ALTCHA_VALIDITY_MS = 10 * 60 * 1000;

/**
 * The spent challenges, in the database rather than in this process, so a solution spent on one server is
 * refused by every other (instances are stateless). A row is kept for the validity from now, which
 * outlasts the challenge's own expiry (set when it was issued); altcha-lib refuses an expired one first.
 * altcha-lib turns a store's error into a failed check; `failed` keeps it, so a database that cannot be
 * reached answers as such, not as a wrong solution.
 */
function spentChallenges(db: Db, failed: (error: unknown) => void): Store {
  const spend = (challengeId: string) =>
    recordCaptchaUse(db, challengeId, new Date(Date.now() + ALTCHA_VALIDITY_MS)).catch((error: unknown) => {
      failed(error);
      throw error;
    });
  return {
    setIfAbsent: spend,
    // altcha-lib uses get and set only when a store has no setIfAbsent (they are not atomic).
    get: () => false,
    set: spend,
  };
}

/** altcha: self-hosted proof of work, no internet needed; each solution is accepted once, on any server. */
async function altchaVerifier(secret: string, db: Db): Promise<CaptchaVerifier> {
  const hmacSignatureSecret = secret;
  const hmacKeySignatureSecret = await deriveHmacKeySecret(secret);
  return {
    publicConfig: { provider: 'altcha', siteKey: null, challengeUrl: CAPTCHA_CHALLENGE_PATH },
    createChallenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1_000,
        counter: randomInt(1_000, 5_000),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + ALTCHA_VALIDITY_MS),
      }),
    async verify(token) {
      if (!token) return false;
      const storeErrors: unknown[] = [];
      const result = await verifyAltchaPayload(
        token,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        spentChallenges(db, (error) => storeErrors.push(error)),
      );
      if (storeErrors.length) throw storeErrors[0];
      return result.error === null;
    },
  };
}

/** Google reCAPTCHA: the token is checked with the provider's verify endpoint. */
function recaptchaVerifier(config: AppConfig): CaptchaVerifier {
  return {
    publicConfig: { provider: 'recaptcha', siteKey: config.RECAPTCHA_SITE_KEY ?? null, challengeUrl: null },
    createChallenge: async () => null,
    async verify(token, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({
        secret: config.RECAPTCHA_SECRET ?? '',
        response: token,
        remoteip: remoteIp,
      });
      try {
        const response = await fetch(config.RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(5_000),
        });
        const result = (await response.json()) as { success?: boolean };
        return result.success === true;
      } catch {
        return false;
      }
    },
  };
}

/** No bot check: for tests and local development only. */
const noCaptcha: CaptchaVerifier = {
  publicConfig: { provider: 'none', siteKey: null, challengeUrl: null },
  createChallenge: async () => null,
  verify: async () => true,
};

export async function createCaptchaVerifier(
  config: AppConfig,
  secret: string,
  db: Db,
): Promise<CaptchaVerifier> {
  if (config.CAPTCHA_PROVIDER === 'altcha') return altchaVerifier(secret, db);
  if (config.CAPTCHA_PROVIDER === 'recaptcha') return recaptchaVerifier(config);
  return noCaptcha;
}
