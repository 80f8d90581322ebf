import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.ts';

describe('createTokenSigner', () => {
  const signer = createTokenSigner('s'.repeat(40));
  const claims = { sid: 'sesi-1', sub: 7, exp: 2_000_000_000 };

  it('reads back what it issued', () => {
    expect(signer.read(signer.issue(claims), 1_000)).toEqual(claims);
  });

  it('refuses an expired token, another secret and a tampered body', () => {
    const token = signer.issue(claims);
    expect(signer.read(token, 2_000_000_000)).toBeNull();
    expect(createTokenSigner('t'.repeat(40)).read(token, 1_000)).toBeNull();
    const [prefix, , signature] = token.split('.');
    const body = Buffer.from(JSON.stringify({ ...claims, sub: 1 })).toString('base64url');
    expect(signer.read(`${prefix}.${body}.${signature}`, 1_000)).toBeNull();
    expect(signer.read('bukan-token', 1_000)).toBeNull();
  });
});
