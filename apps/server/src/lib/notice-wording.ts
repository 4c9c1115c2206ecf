import type { Language } from '@exchange/contracts';
import { isSaid, saidByEnglish, textOf, type Said } from './messages.js';

/**
 * The catalog's message a success envelope (`ok()`, lib/route-schema.ts) carries, to be said in
 * the reader's language: a `Said`, or a plain text whose English the catalog holds. None for a
 * refusal (the error handler words those), a plain "OK", or a text the catalog lacks: those
 * leave as they are, without looking up the reader's language.
 */
export function noticeOf(payload: unknown): Said | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  if (!('success' in payload) || payload.success !== true || !('message' in payload))
    return undefined;
  const { message } = payload;
  if (isSaid(message)) return message;
  return typeof message === 'string' && message !== 'OK' ? saidByEnglish(message) : undefined;
}

/** The envelope with its notice said in `language` (issue 47); anything else as it is. */
export function wordedNotice<T>(payload: T, language: Language): T {
  const notice = noticeOf(payload);
  return notice ? { ...payload, message: textOf(notice, language) } : payload;
}
