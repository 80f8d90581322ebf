import { AUTH_MESSAGES } from '@eusulan/shared';
import { isApiError } from '../../lib/http.ts';

const LOGIN_FIELDS = ['username', 'password'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];

export interface LoginFailure {
  /** Shown above the form. */
  alert: string | null;
  /** Shown under the username/password inputs. */
  fieldErrors: Partial<Record<LoginField, string[]>>;
}

const TOO_MANY_ATTEMPTS_FALLBACK = 'Terlalu banyak percobaan login yang gagal. Silakan coba lagi nanti.';

/** Login's own error texts (spec §8); null means the common handler takes the failure. */
export function describeLoginFailure(error: unknown): LoginFailure | null {
  if (!isApiError(error)) return null;
  switch (error.status) {
    case 401:
    case 403:
      return { alert: AUTH_MESSAGES.badCredentials, fieldErrors: {} };
    case 429:
      return { alert: error.body?.status?.message || TOO_MANY_ATTEMPTS_FALLBACK, fieldErrors: {} };
    case 422: {
      const errors = error.body?.errors ?? {};
      if (errors.recaptcha) return { alert: AUTH_MESSAGES.captchaInvalid, fieldErrors: {} };
      const fieldErrors: LoginFailure['fieldErrors'] = {};
      const otherMessages: string[] = [];
      for (const [field, messages] of Object.entries(errors)) {
        if ((LOGIN_FIELDS as readonly string[]).includes(field)) fieldErrors[field as LoginField] = messages;
        else otherMessages.push(...messages);
      }
      const alert = otherMessages.join(' ') || (Object.keys(fieldErrors).length ? null : error.message);
      return { alert, fieldErrors };
    }
    default:
      return null;
  }
}
