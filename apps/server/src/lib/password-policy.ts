import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * What the shared zod rule cannot judge about a new password, because it needs the server: the ~49,000 most
 * common and breached passwords of zxcvbn-ts's common dictionary (a list kept by that project from public
 * password dumps; too big to send to the browser), and the account's own username (OWASP ASVS 5.0 V6.2.4,
 * V6.2.11, V6.2.12). Both are compared case-insensitively.
 */
export type PasswordProblem = 'common' | 'containsUsername';

let commonPasswords: Set<string> | undefined;

/** Built on first use, once per process: a set lookup instead of scanning the list at every change. */
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

export function passwordProblems(password: string, username: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (isCommon(password)) problems.push('common');
  const name = username.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) problems.push('containsUsername');
  return problems;
}
