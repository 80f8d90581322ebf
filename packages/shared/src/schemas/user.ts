import type { TRole } from '../enums.ts';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { passwordRule, requiredText } from './auth.ts';
import { requiredId } from './master.ts';
import { z } from './zod.ts';

/** Spec §5 User row, plus the password rule the office keeps for every account. */
export const USER_MESSAGES = {
  role: 'Role tidak boleh kosong!',
  consultant: 'Konsultan tidak boleh kosong!',
  name: 'Nama tidak boleh kosong!',
  username: 'Username tidak boleh kosong!',
  usernameFormat:
    'Username hanya boleh berisi huruf, angka, titik, garis bawah atau tanda hubung (3-64 karakter).',
  password: 'Password tidak boleh kosong!',
  passwordTooShort: `Password minimal ${PASSWORD_MIN_LENGTH} karakter!`,
  passwordWeak: 'Password harus mengandung huruf dan angka!',
  passwordCommon: 'Password terlalu umum atau pernah bocor, pilih password lain!',
  passwordContainsUsername: 'Password tidak boleh mengandung username!',
  confirmation: 'Harus sama dengan password!',
  usernameTaken: 'Username sudah digunakan!',
  consultantHasUser: 'Konsultan ini sudah memiliki akun pengguna!',
  consultantUnknown: 'Konsultan tidak ditemukan.',
  roleUnknown: 'Role tidak ditemukan.',
  lastAdmin: 'Minimal harus ada satu Administrator yang aktif.',
  selfDeactivate: 'Anda tidak dapat menonaktifkan akun Anda sendiri.',
  selfDemote: 'Anda tidak dapat mengubah role akun Anda sendiri.',
  resetDone: 'Password berhasil di reset',
} as const;

const userFields = {
  roleId: requiredId(USER_MESSAGES.role),
  username: requiredText(USER_MESSAGES.username).pipe(
    z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, { error: USER_MESSAGES.usernameFormat }),
  ),
  name: z.string().trim().max(150).meta({ title: 'Nama' }).optional().default(''),
  consultantId: z.unknown().optional(),
};

export const ZUserUpdate = z.object(userFields);

export const ZUserCreate = z
  .object({
    ...userFields,
    password: passwordRule({
      required: USER_MESSAGES.password,
      tooShort: USER_MESSAGES.passwordTooShort,
      weak: USER_MESSAGES.passwordWeak,
    }),
    passwordConfirmation: z.string({ error: USER_MESSAGES.confirmation }),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: USER_MESSAGES.confirmation,
  });

/**
 * The role decides the rest (spec §5): a consultan account needs a consultant, every other role a name.
 * Returns the field errors, empty when the pair is complete.
 */
export function userRoleErrors(
  role: TRole,
  input: { name?: string; consultantId?: unknown },
): Record<string, string[]> {
  if (role === 'consultan') {
    return requiredId(USER_MESSAGES.consultant).safeParse(input.consultantId).success
      ? {}
      : { consultantId: [USER_MESSAGES.consultant] };
  }
  return input.name?.trim() ? {} : { name: [USER_MESSAGES.name] };
}
