import { describe, expect, it } from 'vitest';
import { said } from './messages.js';
import { noticeOf, wordedNotice } from './notice-wording.js';
import { ok } from './route-schema.js';

describe('wordedNotice', () => {
  it("says a Said notice in the reader's language, with its values", () => {
    const made = ok(200, said('ordersCancelled', 3), [1, 2, 3]);
    expect(wordedNotice(made, 'hi')).toEqual({
      success: true,
      status: 200,
      message: '3 ऑर्डर रद्द हो गए',
      data: [1, 2, 3],
    });
    expect(wordedNotice(made, 'en').message).toBe('3 orders cancelled');
    expect(JSON.parse(JSON.stringify(made)).message).toBe('3 orders cancelled');
  });

  it('says a plain text the catalog holds in Hindi, and leaves it English for an English reader', () => {
    expect(wordedNotice(ok(200, 'Added to favorites', null), 'hi').message).toBe(
      'पसंदीदा में जोड़ दिया गया',
    );
    expect(wordedNotice(ok(200, 'Added to favorites', null), 'en').message).toBe(
      'Added to favorites',
    );
    expect(wordedNotice(ok(200, said('listed', 'SOLUSDT'), null), 'hi').message).toBe(
      'SOLUSDT लिस्ट हो गया',
    );
  });

  it('leaves "OK", a text the catalog lacks, a refusal and anything not an envelope as they are', () => {
    const plain = ok(200, 'OK', { a: 1 });
    expect(noticeOf(plain)).toBeUndefined();
    expect(wordedNotice(plain, 'hi')).toBe(plain);
    const unknown = ok(200, 'Not in the catalog', null);
    expect(wordedNotice(unknown, 'hi')).toBe(unknown);
    // A refusal is worded by the error handler; its message stays as sent.
    const refusal = { success: false, status: 400, code: 'BAD_REQUEST', message: 'Logged out' };
    expect(wordedNotice(refusal, 'hi')).toBe(refusal);
    for (const other of [
      null,
      'Logged out',
      [ok(200, 'Logged out', null)],
      { message: 'Logged out' },
    ])
      expect(wordedNotice(other, 'hi')).toBe(other);
  });
});
