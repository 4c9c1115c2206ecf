import {
  ERROR_STATUS,
  FALLBACK_ERROR_MESSAGE,
  UNAVAILABLE_MESSAGE,
  type ErrorCode,
} from '@exchange/contracts';

/**
 * A failure with a stable code; its HTTP status comes from the one code → status table
 * (`ERROR_STATUS` in contracts). Below 500 the code and message are sent as they are; a 5xx is
 * logged and answered with the generic message only (plugins/error-handler.ts).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly data?: unknown;

  constructor(code: ErrorCode, message: string, data?: unknown) {
    const statusCode = ERROR_STATUS[code];
    // A refusal (below 500) is an answer, never logged: it carries no stack trace, whose capture
    // (about 12 µs through a request's async frames) cost more than the rest of a refused call.
    const depth = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = depth;
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.data = data;
  }
}

/** 429 with how long to wait, for every rate limit. */
export const rateLimited = (seconds: number) =>
  new AppError('RATE_LIMITED', `Too many requests. Try again in ${seconds}s`, {
    retry_after_seconds: seconds,
  });

/** What a refused item of a batch (or a socket call) answers; anything but an AppError is a 500. */
export interface Refused {
  status: number;
  code: ErrorCode;
  message: string;
}

/**
 * The answer for one failed item, as the error handler would send it for a whole request: an
 * AppError below 500 as it is, a 503 as "try again", anything else as the generic 500 (the
 * caller logs it).
 */
export function refusedItem(err: unknown): Refused {
  if (err instanceof AppError && err.statusCode < 500)
    return { status: err.statusCode, code: err.code, message: err.message };
  if (err instanceof AppError && err.code === 'UNAVAILABLE')
    return { status: 503, code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE };
  return { status: 500, code: 'INTERNAL', message: FALLBACK_ERROR_MESSAGE };
}
