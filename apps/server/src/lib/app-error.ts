import { ERROR_STATUS, type ErrorCode, type Language } from '@exchange/contracts';
import { dataIn, said, saidByEnglish, textOf, type Said } from './messages.js';

/**
 * A failure with a stable code; its HTTP status comes from the one code → status table
 * (`ERROR_STATUS` in contracts). Below 500 the code and message are sent as they are; a 5xx is
 * logged and answered with the generic message only (plugins/error-handler.ts). A message from
 * the catalog (`said(key, ...values)`, lib/messages.ts, or a plain text whose English the catalog
 * holds) is sent in the request's language; its `message` is the English text.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly data?: unknown;
  /** The catalog's message, when it came from there: said in the reader's language. */
  readonly said?: Said;

  constructor(code: ErrorCode, message: string | Said, data?: unknown) {
    const statusCode = ERROR_STATUS[code];
    // A refusal (below 500) is an answer, never logged: it carries no stack trace, whose capture
    // (about 12 µs through a request's async frames) cost more than the rest of a refused call.
    const depth = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(typeof message === 'string' ? message : textOf(message, 'en'));
    Error.stackTraceLimit = depth;
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.data = data;
    // A plain text the catalog holds (a contracts' constant) is said in the reader's language too.
    const known = typeof message === 'string' ? saidByEnglish(message) : message;
    if (known) this.said = known;
  }

  /** The message in `language`: the catalog's text in it, else the English one as made. */
  messageIn(language: Language): string {
    return this.said ? textOf(this.said, language) : this.message;
  }

  /** The data in `language`: its field messages from the catalog said in it. */
  dataIn(language: Language): unknown {
    return this.said ? dataIn(this.data, language) : this.data;
  }
}

/** 429 with how long to wait, for every rate limit. */
export const rateLimited = (seconds: number) =>
  new AppError('RATE_LIMITED', said('rateLimited', seconds), {
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
 * caller logs it); in `language` where the catalog has the message.
 */
export function refusedItem(err: unknown, language: Language = 'en'): Refused {
  if (err instanceof AppError && err.statusCode < 500)
    return { status: err.statusCode, code: err.code, message: err.messageIn(language) };
  if (err instanceof AppError && err.code === 'UNAVAILABLE')
    return { status: 503, code: 'UNAVAILABLE', message: textOf(said('tryAgain'), language) };
  return { status: 500, code: 'INTERNAL', message: textOf(said('somethingWentWrong'), language) };
}
