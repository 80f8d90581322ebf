/**
 * A Content-Disposition value that survives any file name: an ASCII fallback plus the RFC 5987 UTF-8 form,
 * with quotes, backslashes and control characters removed so the header cannot be broken.
 */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'attachment'): string {
  const clean = fileName.replace(/[\p{Cc}"\\]/gu, '').trim() || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
