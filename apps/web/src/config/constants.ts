/**
 * The client's constants (spec section 9): API base, a 10 s request timeout, 24 h sessions, the
 * persisted store's key and 5 s rehydration, 60 s cache retention, 5 s toasts, a 10 s resend wait.
 */
export const API_BASE_URL = '/api/v1';
export const REQUEST_TIMEOUT_MS = 10_000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const PERSIST_KEY = 'root';
export const PERSIST_TIMEOUT_MS = 5000;
export const CACHE_RETENTION_SECONDS = 60;
export const TOAST_DURATION_MS = 5000;
export const RESEND_COUNTDOWN_SECONDS = 10;
