/** Business constants of spec §9, one place for server and web. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TABLE_SEARCH_DEBOUNCE_MS = 1000;
export const SELECT_SEARCH_DEBOUNCE_MS = 800;
export const SELECT_SEARCH_LIMIT = 15;
export const TOAST_DURATION_MS = 3000;

export const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  maxFilesPerUpload: 10,
  proposalFormBytes: 10 * MB,
  detailDialogBytes: 20 * MB,
  importBytes: 50 * MB,
  /** Survey media (issue 5): photos as the detail dialog's limit; field videos are larger. */
  surveyPhotoBytes: 20 * MB,
  surveyVideoBytes: 200 * MB,
} as const;

/** Login throttling (DESIGN §3): failures per username and address within the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_PRECHECK_DAYS = 2;
export const LOGO_HEIGHT = { sideMenu: 55, topBar: 50 } as const;
