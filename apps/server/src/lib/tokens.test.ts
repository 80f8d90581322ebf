import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenSigner, resolveTokenSecret } from './tokens.ts';

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

describe('resolveTokenSecret', () => {
  const folders: string[] = [];
  const newFolder = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'eusulan-secret-'));
    folders.push(folder);
    return folder;
  };
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('prefers TOKEN_SECRET, else generates one into the data folder and keeps it', () => {
    const dataDir = newFolder();
    expect(resolveTokenSecret('k'.repeat(40), dataDir)).toBe('k'.repeat(40));
    const generated = resolveTokenSecret(undefined, dataDir);
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(resolveTokenSecret(undefined, dataDir)).toBe(generated);
    expect(readFileSync(path.join(dataDir, 'token-secret'), 'utf8')).toBe(generated);
  });

  it('gives servers starting together on one shared folder the same secret', async () => {
    const dataDir = newFolder();
    const tokensModule = fileURLToPath(new URL('./tokens.ts', import.meta.url));
    // Each process loads the module, then waits for the same moment, so they all look for the file at once.
    const startAt = Date.now() + 2_000;
    const script = `const { resolveTokenSecret } = await import(${JSON.stringify(tokensModule)});
      while (Date.now() < ${startAt});
      process.stdout.write(resolveTokenSecret(undefined, ${JSON.stringify(dataDir)}));`;
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const secrets = (await Promise.all([run(), run(), run(), run()])).map((result) => result.stdout);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(readFileSync(path.join(dataDir, 'token-secret'), 'utf8'));
  });
});
