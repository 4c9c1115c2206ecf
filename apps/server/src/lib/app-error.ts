import { ERROR_STATUS, type ErrorCode } from '@exchange/contracts';

/**
 * A failure with a stable code; its HTTP status comes from the one code → status table
 * (`ERROR_STATUS` in contracts). Below 500 the code and message are sent as they are; a 5xx is
 * logged and answered with the generic message only (plugins/error-handler.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/** 429 with how long to wait, for every rate limit. */
export const rateLimited = (seconds: number) =>
  new AppError('RATE_LIMITED', `Too many requests. Try again in ${seconds}s`, {
    retry_after_seconds: seconds,
  });
