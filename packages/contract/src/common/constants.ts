/** Business constants of SPEC §9. */
export const PRODUCT_VERSION = '1.0.1';
export const TRANSACTIONS_PAGE_SIZE = 15;
export const FAILURE_CAUSES_PAGE_SIZE = 8;
export const DEFAULT_RANGE_DAYS = 7;
export const XC_RANGE_DAYS = 60;
export const MERCHANT_LIST_FALLBACK_DAYS = 60;
export const KEEP_ALIVE_MS = 300_000;
export const SERVICE_STATUS_POLL_MS = 300_000;
export const PAGE_WAKE_CHECK_MS = 10_000;
export const PAGE_WAKE_RELOAD_GAP_MS = 20_000;
export const DASHBOARD_SEARCH_DEBOUNCE_MS = 600;
export const FAILURE_SEARCH_DEBOUNCE_MS = 500;
export const TRANSACTION_ID_DIGITS = 9;
export const AMOUNT_DECIMALS = 8;
export const VOLUME_DECIMALS = 2;
export const SYNC_THRESHOLD_SECONDS = 5;
export const SESSION_COOKIE_DAYS = 7;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_TIMEOUT_MS = 5_000;
export const LOGOUT_GUARD_MS = 5_000;
export const DEFAULT_TIMEZONE = 'Europe/Amsterdam';
export const DATE_DISPLAY_FORMAT = 'YYYY-MM-DD hh:mm:ss A';
export const FAILURE_NEW_MAX_DAYS = 2;
export const CONVERTER_DEFAULTS = {
  sourceAltCoinId: 1,
  source: '1',
  targetAltCoinId: 625,
  decimals: 8,
} as const;
export const EDITOR_HEIGHT = { default: 160, min: 160, max: 800 } as const;
export const QUICK_LOG_PHRASES = ['Wrong label', 'Missing label', 'Refund', 'NA'] as const;
/** The form's default for accounts without TOTP (SPEC §2.3). */
export const DEFAULT_TOTP = '000000';
