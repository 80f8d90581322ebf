import type { TAppInfo } from '@eusulan/shared';
import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, http } from '../../lib/http.ts';

export const appInfoKeys = { all: ['app-info'] as const };

export const fetchAppInfo = async () => (await http.get<TAppInfo>(`${API_PREFIX.global}/app-info`)).data;

/** The agency identity (configurable per city). Public pages fall back to their own texts when it fails. */
export function useAppInfo() {
  return useQuery({
    queryKey: appInfoKeys.all,
    queryFn: fetchAppInfo,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesOwnErrors: true },
  });
}

/** wa.me wants the international number without '+': '0812-3456' -> '628123456'. */
export function whatsAppLink(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
  return `https://wa.me/${international}`;
}
