import { PASSWORD_MIN_LENGTH } from '../limits.ts';

/** Texts of login and password change; zod-free so screens can show them without loading zod. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username tidak boleh kosong!',
  passwordRequired: 'Password tidak boleh kosong!',
  badCredentials: 'Username dan password tidak cocok',
  captchaInvalid: 'Captcha tidak valid!',
  tooManyAttempts: (seconds: number) =>
    `Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam ${
      seconds < 60 ? `${seconds} detik` : `${Math.ceil(seconds / 60)} menit`
    }.`,
  currentPasswordRequired: 'Password lama tidak boleh kosong!',
  currentPasswordWrong: 'Password lama tidak sesuai!',
  newPasswordRequired: 'Password baru tidak boleh kosong!',
  newPasswordTooShort: `Password baru minimal ${PASSWORD_MIN_LENGTH} karakter!`,
  newPasswordWeak: 'Password baru harus mengandung huruf dan angka!',
  newPasswordSameAsOld: 'Password baru tidak boleh sama dengan password lama!',
  newPasswordCommon: 'Password baru terlalu umum atau pernah bocor, pilih password lain!',
  newPasswordContainsUsername: 'Password baru tidak boleh mengandung username!',
  confirmationRequired: 'Konfirmasi password baru tidak boleh kosong!',
  confirmationMismatch: 'Konfirmasi password baru tidak sama dengan password baru!',
  mustChangePassword: 'Silakan ubah password Anda terlebih dahulu.',
  changePasswordSuccess: 'Mengubah Password Akun, Silahkan Login Kembali',
} as const;

/**
 * The password rules as the screens list them before anyone types. The server alone judges (spec §5); the
 * list of common and breached passwords stays on the server.
 */
export const PASSWORD_RULES = [
  `Minimal ${PASSWORD_MIN_LENGTH} karakter, berisi huruf dan angka.`,
  'Bukan password yang umum dipakai atau pernah bocor (misalnya password123).',
  'Tidak mengandung username.',
] as const;
export const PASSWORD_RULE_NOT_CURRENT = 'Berbeda dari password lama.';
