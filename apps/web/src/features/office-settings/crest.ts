import type { TAppInfo } from '@eusulan/shared';
import { mediaUrl } from '../../lib/http.ts';

/** The app's own mark: the letterhead's crest until the office uploads its own (Pengaturan Surat). */
export const APP_MARK_URL = '/favicon.svg';

/**
 * The crest the letterhead shows: the one uploaded in Pengaturan Surat (with the media token), else the
 * deployment's REPORT_LOGO_URL, else the app's own mark. Apart from the report's code, so the settings
 * screen shows it without loading the print page's.
 */
export function crestSource(crestUrl: string | null | undefined, appInfo: TAppInfo): string {
  if (crestUrl) return mediaUrl(crestUrl);
  return appInfo.report.logoUrl ?? APP_MARK_URL;
}
