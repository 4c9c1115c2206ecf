import { IDEMPOTENCY_HEADER } from '@exchange/contracts';
import type { FetchArgs, FetchBaseQueryError, RetryOptions } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';

/** A money call's body and the `Idempotency-Key` that names its submission. */
export interface Keyed<T> {
  body: T;
  key: string;
}

/**
 * A fresh key: 128 random bits in hex. `crypto.getRandomValues` works on plain http too, where
 * `crypto.randomUUID` does not (the app opened by a LAN address).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A POST of a money call, its key in the header. */
export const keyedPost = <T>(url: string, { body, key }: Keyed<T>): FetchArgs => ({
  url,
  method: 'POST',
  body,
  headers: { [IDEMPOTENCY_HEADER]: key },
});

/** Tries of a money call after its first one: backed off 0.4, 0.8, 1.6, 3.2 s (a core's failover). */
const MAX_RETRIES = 4;
const FIRST_BACKOFF_MS = 400;

/**
 * An answer that says nothing of whether the money moved: no answer (dropped, timed out), the
 * gateway or balancer unable to reach the core (502-504), or the key's first request still being
 * committed (409 `IDEMPOTENCY_KEY_IN_USE`). Any other answer is the server's word.
 */
export function isUnanswered(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  if (error.status === 502 || error.status === 503 || error.status === 504) return true;
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return error.status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE';
}

const carriesKey = (args: unknown) =>
  typeof args === 'object' &&
  args !== null &&
  IDEMPOTENCY_HEADER in ((args as FetchArgs).headers ?? {});

/**
 * A money endpoint's `extraOptions`: an unanswered call is sent again, with the same key, so the
 * server runs it at most once and answers the retry with the first answer.
 */
export const RETRY_UNANSWERED: RetryOptions = {
  retryCondition: (error, args, { attempt }) =>
    attempt <= MAX_RETRIES && carriesKey(args) && isUnanswered(error as FetchBaseQueryError),
  backoff: (attempt) =>
    new Promise((resolve) => setTimeout(resolve, FIRST_BACKOFF_MS * 2 ** (attempt - 1))),
};

/**
 * The key of a form's submission, one per thing the user asked for: the same while the same
 * request is sent again without having succeeded (the retry of a lost answer, or the user pressing
 * the button again after a network failure), a new one once the request differs (the user edited
 * the form) or the last one succeeded. `request` leaves out what changes on every try but does
 * not change what is asked (a second factor's code, a passkey's signature).
 */
export class SubmissionKey {
  private last: { request: string; key: string } | null = null;

  keyFor(request: unknown): string {
    const text = JSON.stringify(request);
    if (this.last?.request !== text) this.last = { request: text, key: newIdempotencyKey() };
    return this.last.key;
  }

  /** The submission succeeded: the same request sent again is a new one. */
  succeeded(): void {
    this.last = null;
  }
}

/** A form's `SubmissionKey`, kept while the form is open. */
export function useSubmissionKey(): SubmissionKey {
  return useState(() => new SubmissionKey())[0];
}
