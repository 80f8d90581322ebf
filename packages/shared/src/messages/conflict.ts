/**
 * A save of a copy loaded before someone else saved the record (a 409 of an edit that sent its version as
 * If-Match): the form offers to reload the record instead of overwriting the other person's change.
 */
export const STALE_COPY_MESSAGE = 'Data telah diubah oleh pengguna lain, muat ulang.';

/** The If-Match header that names the version a form's copy was loaded at (absent: the save goes through). */
export const ifMatchHeader = (version: string | null | undefined): Record<string, string> =>
  version ? { 'If-Match': `"${version}"` } : {};
