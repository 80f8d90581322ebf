import type { TAuthUser, TCaptchaConfig, TChangePassword, TLogin, TLoginResult } from '@eusulan/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { API_PREFIX, http } from '../../lib/http.ts';

const AUTH = `${API_PREFIX.global}/auth`;

export const authKeys = {
  captchaConfig: ['auth', 'captcha-config'] as const,
};

export const authApi = {
  login: (body: TLogin) => http.post<TLoginResult>(`${AUTH}/login`, body),
  me: () => http.post<TAuthUser>(`${AUTH}/me`),
  changePassword: (body: TChangePassword) => http.put<null>(`${AUTH}/change-password`, body),
  logout: () => http.post<null>(`${AUTH}/logout`),
  captchaConfig: () => http.get<TCaptchaConfig>(`${AUTH}/captcha-config`),
};

export function useCaptchaConfig() {
  return useQuery({
    queryKey: authKeys.captchaConfig,
    queryFn: async () => (await authApi.captchaConfig()).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Login failures get the login page's own texts (spec §8), so the common handler stays out. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: TLogin) => (await authApi.login(body)).data,
    meta: { handlesOwnErrors: true },
  });
}

/** Failures go to the common handler: the server judges the new password (spec §5). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePassword) => authApi.changePassword(body),
  });
}

/** Logout errors are ignored (spec §8); the session ends either way. */
export function useLogoutCall() {
  return useMutation({
    mutationFn: () => authApi.logout(),
    meta: { handlesOwnErrors: true },
  });
}
