/**
 * A Content-Disposition value that survives any file name: an ASCII fallback plus the RFC 5987 UTF-8 form,
 * with quotes, backslashes, control and format characters (bidi overrides) removed so the header cannot be
 * broken nor the name shown reversed.
 */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'attachment'): string {
  const clean = fileName.replace(/[\p{Cc}\p{Cf}"\\]/gu, '').trim() || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
