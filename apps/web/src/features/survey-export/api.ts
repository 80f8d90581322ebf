import { surveyExportFileName, type TSurveyExportInput } from '@eusulan/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { saveFile } from '../../lib/download.ts';
import { API_PREFIX } from '../../lib/http.ts';
import { type DownloadProgress, postForFile } from './stream-download.ts';

export const SURVEY_EXPORT_PATH = `${API_PREFIX.web}/export`;

/** The saved download: its name (spec §7: 'Hasil Survey.xlsx' or 'Hasil Survey.zip') and size. */
export interface SavedExport {
  fileName: string;
  size: number;
}

/** POST export (spec §7), streamed with progress, then handed to the browser under the spec's name. */
export async function downloadSurveyExport(
  input: TSurveyExportInput,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<SavedExport> {
  const file = await postForFile(SURVEY_EXPORT_PATH, input, options);
  // The spec names the file by the option; the server's Content-Disposition says the same.
  const fileName = saveFile({ blob: file.blob, disposition: null }, surveyExportFileName(input.option));
  return { fileName, size: file.blob.size };
}

/**
 * The export as a mutation with its progress: null before the first byte (the server is still gathering),
 * then the bytes received. `cancel` aborts the download. Failures are the caller's to explain (spec §8: a
 * 400 is a 'Peringatan!' on this screen), so the common handler stays quiet.
 */
export function useSurveyExport() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (input: TSurveyExportInput) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setProgress(null);
      return downloadSurveyExport(input, { signal: controller.signal, onProgress: setProgress });
    },
    meta: { handlesOwnErrors: true },
    onSettled: () => {
      controllerRef.current = null;
    },
  });
  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  return { ...mutation, progress, cancel };
}
