import { PASSWORD_MIN_LENGTH } from '../limits.ts';
import { AUTH_MESSAGES } from '../messages/auth.ts';
import { z } from './zod.ts';

/** A required text field: whitespace-only counts as empty (spec §5). */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const ZLogin = z.object({
  // Longer than any stored username (64) can only be wrong: the same answer as a wrong password.
  username: requiredText(AUTH_MESSAGES.usernameRequired).pipe(
    z.string().max(64, { error: AUTH_MESSAGES.badCredentials }),
  ),
  // Whitespace-only counts as empty (spec §5), but the password itself is never trimmed.
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .max(200, { error: AUTH_MESSAGES.badCredentials })
    .refine((value) => value.trim().length > 0, { error: AUTH_MESSAGES.passwordRequired }),
  recaptcha: z
    .string({ error: AUTH_MESSAGES.captchaInvalid })
    .max(10_000, { error: AUTH_MESSAGES.captchaInvalid })
    .optional()
    .default(''),
});
export type TLogin = z.input<typeof ZLogin>;

/**
 * A password the office accepts: long enough, with letters and digits, worded by the form that asks for it.
 * The server also refuses common and breached passwords and ones containing the username
 * (apps/server/src/lib/password-policy.ts).
 */
export const passwordRule = (messages: { required: string; tooShort: string; weak: string }) =>
  z
    .string({ error: messages.required })
    // An empty password says only that it is missing, not every rule it also breaks.
    .min(1, { error: messages.required, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: messages.tooShort })
    .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), { error: messages.weak });

export const ZChangePassword = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(1, { error: AUTH_MESSAGES.currentPasswordRequired }),
    newPassword: passwordRule({
      required: AUTH_MESSAGES.newPasswordRequired,
      tooShort: AUTH_MESSAGES.newPasswordTooShort,
      weak: AUTH_MESSAGES.newPasswordWeak,
    }),
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
