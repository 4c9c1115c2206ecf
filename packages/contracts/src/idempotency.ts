/**
 * Idempotency keys for the calls that move money (`POST /wallets/withdraw`, `/wallets/transfer`,
 * `/inr/withdraw`): a client names a request with a key of its own; a retry with the same key and
 * the same request gets the first answer again, and moves nothing a second time.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long a key's answer is kept: a retry after that is a new request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible characters',
  reused:
    'This Idempotency-Key was already used for a different request: use a new key for a new request',
  inUse: 'A request with this Idempotency-Key is still being processed: try again shortly',
} as const;
