import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';

/** A required text field: whitespace-only counts as empty (spec §5). */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const AUTH_MESSAGES = {
  usernameRequired: 'Username tidak boleh kosong!',
  passwordRequired: 'Password tidak boleh kosong!',
  badCredentials: 'Username dan password tidak cocok',
  inactiveUser: 'Akun Anda tidak aktif. Silakan hubungi administrator.',
  captchaInvalid: 'Captcha tidak valid!',
  tooManyAttempts: (minutes: number) =>
    `Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam ${minutes} menit.`,
  currentPasswordRequired: 'Password lama tidak boleh kosong!',
  currentPasswordWrong: 'Password lama tidak sesuai!',
  newPasswordRequired: 'Password baru tidak boleh kosong!',
  newPasswordTooShort: `Password baru minimal ${PASSWORD_MIN_LENGTH} karakter!`,
  newPasswordWeak: 'Password baru harus mengandung huruf dan angka!',
  newPasswordSameAsOld: 'Password baru tidak boleh sama dengan password lama!',
  confirmationRequired: 'Konfirmasi password baru tidak boleh kosong!',
  confirmationMismatch: 'Konfirmasi password baru tidak sama dengan password baru!',
  mustChangePassword: 'Silakan ubah password Anda terlebih dahulu.',
  changePasswordSuccess: 'Mengubah Password Akun, Silahkan Login Kembali',
} as const;

export const ZLogin = z.object({
  username: requiredText(AUTH_MESSAGES.usernameRequired),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired }),
  recaptcha: z.string().optional().default(''),
});
export type TLogin = z.input<typeof ZLogin>;

/** A password the office accepts: long enough, with letters and digits. */
export const passwordRule = z
  .string({ error: AUTH_MESSAGES.newPasswordRequired })
  .min(1, { error: AUTH_MESSAGES.newPasswordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.newPasswordTooShort })
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), { error: AUTH_MESSAGES.newPasswordWeak });

export const ZChangePassword = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(1, { error: AUTH_MESSAGES.currentPasswordRequired }),
    newPassword: passwordRule,
    newPasswordConfirmation: z
      .string({ error: AUTH_MESSAGES.confirmationRequired })
      .min(1, { error: AUTH_MESSAGES.confirmationRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.newPasswordConfirmation && value.newPassword !== value.newPasswordConfirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPasswordConfirmation'],
        message: AUTH_MESSAGES.confirmationMismatch,
      });
    }
    if (value.currentPassword && value.newPassword && value.currentPassword === value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: AUTH_MESSAGES.newPasswordSameAsOld });
    }
  });
export type TChangePassword = z.input<typeof ZChangePassword>;
