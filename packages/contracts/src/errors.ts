/** Stable machine-readable error codes; `message` beside them is for people. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_VERIFICATION_PENDING',
  'OTP_INVALID',
  'OTP_COOLDOWN',
  'OTP_LIMIT_REACHED',
  'RESET_TOKEN_INVALID',
  'CONFLICT',
  'DEPOSIT_REJECTED',
  'SELF_REVIEW',
  'SECOND_ADMIN_REQUIRED',
  'INSUFFICIENT_BALANCE',
  'TOO_MANY_ORDERS',
  'KYC_REQUIRED',
  'INVALID_IMAGE',
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_INVALID',
  'SECOND_FACTOR_LOCKED',
  'SECOND_FACTOR_ENROLMENT_REQUIRED',
  'WITHDRAWALS_HELD',
  'WITHDRAWALS_PAUSED',
  'CHALLENGE_INVALID',
  'PASSKEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status of each code: the one table, so a code always answers with the same status. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A path the API has, with a method it does not take there: `Allow` lists those it does. */
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_VERIFICATION_PENDING: 409,
  OTP_INVALID: 400,
  OTP_COOLDOWN: 429,
  OTP_LIMIT_REACHED: 429,
  RESET_TOKEN_INVALID: 400,
  CONFLICT: 409,
  DEPOSIT_REJECTED: 400,
  /** An admin deciding a request of their own (four-eyes rule, review M4). */
  SELF_REVIEW: 403,
  /** An admin approving twice what needs two different admins. */
  SECOND_ADMIN_REQUIRED: 409,
  INSUFFICIENT_BALANCE: 400,
  /** A user's cap on open orders or untriggered stops on a pair is reached (review N4-H3). */
  TOO_MANY_ORDERS: 400,
  KYC_REQUIRED: 403,
  INVALID_IMAGE: 400,
  SECOND_FACTOR_REQUIRED: 403,
  SECOND_FACTOR_INVALID: 400,
  SECOND_FACTOR_LOCKED: 429,
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  /** Withdrawals wait out the cooling-off period after a security change (review N-H1). */
  WITHDRAWALS_HELD: 403,
  /** An admin paused the account's withdrawals while it is reviewed (anti-money-laundering). */
  WITHDRAWALS_PAUSED: 403,
  CHALLENGE_INVALID: 400,
  PASSKEY_INVALID: 400,
  /** An `Idempotency-Key` sent again with a different request (method, path or body). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** An `Idempotency-Key` whose first request is still being committed. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** What a failure says when it has nothing more specific (spec section 8), and what every 5xx says. */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

/** What a 503 says: the request changed nothing and may simply be sent again. */
export const UNAVAILABLE_MESSAGE = 'Please try again';
