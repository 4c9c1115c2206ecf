import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { describe, expect, it } from 'vitest';
import { isUnanswered, keyedPost, SubmissionKey } from './idempotency';

describe("a money form's submission key", () => {
  const request = { from_wallet: 'funding', to_wallet: 'spot', token_id: 't', amount: '40' };

  it('is kept while the same request is sent again without success', () => {
    const submission = new SubmissionKey();
    const key = submission.keyFor(request);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(submission.keyFor({ ...request })).toBe(key);
  });

  it('is new once the user edits the request', () => {
    const submission = new SubmissionKey();
    const first = submission.keyFor(request);
    expect(submission.keyFor({ ...request, amount: '41' })).not.toBe(first);
  });

  it('is new for the same request once the last one succeeded', () => {
    const submission = new SubmissionKey();
    const first = submission.keyFor(request);
    submission.succeeded();
    expect(submission.keyFor(request)).not.toBe(first);
  });

  it('rides in the Idempotency-Key header of the POST', () => {
    expect(keyedPost('/wallets/transfer', { body: request, key: 'k1' })).toEqual({
      url: '/wallets/transfer',
      method: 'POST',
      body: request,
      headers: { 'idempotency-key': 'k1' },
    });
  });
});

describe('which failures are retried with the same key', () => {
  const failure = (status: FetchBaseQueryError['status'], code?: string) =>
    ({ status, data: code ? { code } : undefined, error: '' }) as FetchBaseQueryError;

  it('retries a lost answer, a timeout, an unreachable core and a key still committing', () => {
    expect(isUnanswered(failure('FETCH_ERROR'))).toBe(true);
    expect(isUnanswered(failure('TIMEOUT_ERROR'))).toBe(true);
    expect(isUnanswered(failure(503))).toBe(true);
    expect(isUnanswered(failure(502))).toBe(true);
    expect(isUnanswered(failure(409, 'IDEMPOTENCY_KEY_IN_USE'))).toBe(true);
  });

  it("takes any other answer as the server's word", () => {
    expect(isUnanswered(failure(400, 'VALIDATION_ERROR'))).toBe(false);
    expect(isUnanswered(failure(409, 'CONFLICT'))).toBe(false);
    expect(isUnanswered(failure(422, 'IDEMPOTENCY_KEY_REUSED'))).toBe(false);
    expect(isUnanswered(failure(500))).toBe(false);
  });
});
