/** Stable machine-readable error codes; `message` beside them is for people. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_VERIFICATION_PENDING',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_LOCKED',
  'OTP_COOLDOWN',
  'OTP_LIMIT_REACHED',
  'RESET_TOKEN_INVALID',
  'CONFLICT',
  'DEPOSIT_REJECTED',
  'INSUFFICIENT_BALANCE',
  'KYC_REQUIRED',
  'INVALID_IMAGE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Spec section 8 fallback, also what every 5xx says. */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';
