import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TokenClaims {
  /** Session id. */
  sid: string;
  /** User id. */
  sub: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const TOKEN_PREFIX = 'v1';

/** Signed bearer tokens: `v1.<claims>.<hmac>`; the session row behind `sid` decides whether it still counts. */
export function createTokenSigner(secret: string) {
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest('base64url');
  return {
    issue(claims: TokenClaims): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${TOKEN_PREFIX}.${body}.${sign(`${TOKEN_PREFIX}.${body}`)}`;
    },
    /** The claims of a well-signed, unexpired token, or null. */
    read(token: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenClaims | null {
      const [prefix, body, signature] = token.split('.');
      if (prefix !== TOKEN_PREFIX || !body || !signature) return null;
      const expected = Buffer.from(sign(`${prefix}.${body}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
        if (
          typeof claims.sid !== 'string' ||
          typeof claims.sub !== 'number' ||
          typeof claims.exp !== 'number'
        )
          return null;
        return claims.exp > nowSeconds ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * The configured secret, or one generated once into the data folder so tokens survive restarts. Servers
 * starting together on one shared folder must end up with the same secret: it is written whole under a
 * private name and hard-linked into place, which fails when another was first, whose secret is then read.
 */
export function resolveTokenSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  const draft = `${file}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(draft);
  }
}
