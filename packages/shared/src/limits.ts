/** Business constants of spec §9, one place for server and web. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TABLE_SEARCH_DEBOUNCE_MS = 1000;
export const SELECT_SEARCH_DEBOUNCE_MS = 800;
export const SELECT_SEARCH_LIMIT = 15;
export const TOAST_DURATION_MS = 3000;
/** The most a survey photo's or video's description (keterangan) may hold. */
export const MEDIA_DESCRIPTION_MAX = 1000;

export const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  maxFilesPerUpload: 10,
  proposalFormBytes: 10 * MB,
  detailDialogBytes: 20 * MB,
  importBytes: 50 * MB,
  /** Survey media: photos as the detail dialog's limit; field videos are larger. */
  surveyPhotoBytes: 20 * MB,
  surveyVideoBytes: 200 * MB,
  /** The letterhead's crest: a picture of a few hundred pixels is plenty for print. */
  crestBytes: 2 * MB,
} as const;

/**
 * Login limits (DESIGN §3, OWASP ASVS 5.0 V6.1.1 / V6.3.1; docs/decisions.md "Sign-in limits"): failed logins
 * within the window, counted per key. A key past its limit slows down rather than locks: its next attempt is
 * judged only after a wait that doubles with every further failure, up to the window.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Per username and address: a person mistyping, or someone guessing one account from one place. */
export const LOGIN_MAX_FAILURES = 5;
/** Per username from every address it has never signed in from: one account attacked from many places. */
export const LOGIN_MAX_ACCOUNT_FAILURES = 10;
/** Per address against usernames never signed in from it: password spraying (one place, many accounts). */
export const LOGIN_MAX_ADDRESS_FAILURES = 20;
/** The first wait once a key is past its limit. */
export const LOGIN_SLOWDOWN_MS = 30 * 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_PRECHECK_DAYS = 2;
export const LOGO_HEIGHT = { sideMenu: 55, topBar: 50 } as const;
