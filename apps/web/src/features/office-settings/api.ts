import { ifMatchHeader, type TOfficeSettings, type TOfficeSettingsValues } from '@eusulan/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

const PATH = '/api-web/office-settings';

export const officeSettingsKeys = { all: ['office-settings'] as const };

/** Pengaturan Surat as saved (the defaults before the first save); admins only. */
export function useOfficeSettings() {
  return useQuery({
    queryKey: officeSettingsKeys.all,
    queryFn: async ({ signal }) => (await http.get<TOfficeSettings>(PATH, undefined, { signal })).data,
  });
}

/** Every change answers the settings as they are now; the screen shows that answer at once. */
function useSettingsChange<TInput>(send: (input: TInput) => Promise<TOfficeSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { offersReload: true },
    mutationFn: send,
    onSuccess: (settings) => queryClient.setQueryData(officeSettingsKeys.all, settings),
  });
}

export const useSaveOfficeSettings = () =>
  useSettingsChange(
    async ({ values, version }: { values: TOfficeSettingsValues; version: string | null }) =>
      (await http.put<TOfficeSettings>(PATH, values, { headers: ifMatchHeader(version) })).data,
  );

export const useUploadCrest = () =>
  useSettingsChange(async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return (await http.post<TOfficeSettings>(`${PATH}/crest`, form)).data;
  });

export const useRemoveCrest = () =>
  useSettingsChange(async () => (await http.del<TOfficeSettings>(`${PATH}/crest`)).data);
