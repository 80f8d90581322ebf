import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, yet a login stays well under the 150 ms budget.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// Each hash holds a libuv pool thread (4 of them, shared with file, zlib and crypto work) and a core for
// its whole run. At the start of an office day everyone signs in at once: unbounded, the hashes would take
// every core and every pool thread, and the lists and details of those already in would wait behind them.
// So at most one hash per core but one runs at a time, and logins wait among themselves.
const hashingSlots = pLimit(Math.max(1, availableParallelism() - 1));

export const hashPassword = (password: string) => hashingSlots(() => hash(password, ARGON2_OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashingSlots(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-1');
  await verifyPassword(await dummyHash, password);
  return false;
}

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A readable random password with letters and digits, for a first admin account. */
export function generatePassword(length = 14): string {
  let password = '';
  while (!(/[A-Za-z]/.test(password) && /\d/.test(password))) {
    password = Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
  }
  return password;
}
