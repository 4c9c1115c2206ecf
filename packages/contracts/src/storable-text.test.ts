import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPath } from './storable-text.js';

describe('isStorableText', () => {
  it('keeps every text PostgreSQL can store', () => {
    for (const text of ['', 'Amit Verma', 'अमित वर्मा', 'tab\tand\nnewline', '😀 paired', '\u001f'])
      expect(isStorableText(text)).toBe(true);
  });

  it('refuses NUL and unpaired surrogates', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD83D', 'x\uDE00', '\uDE00\uD83D'])
      expect(isStorableText(text)).toBe(false);
  });
});

describe('unstorableTextPath', () => {
  it('finds the first unstorable string, in values and keys', () => {
    expect(unstorableTextPath({ label: 'ok', networks: [{ name: 'a\u0000' }] })).toEqual([
      'networks',
      0,
      'name',
    ]);
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(unstorableTextPath('\u0000')).toEqual([]);
  });

  it('passes what holds no such text', () => {
    expect(unstorableTextPath({ a: 1, b: [true, null, 'x'], c: { d: 'अ' } })).toBeNull();
    expect(unstorableTextPath(undefined)).toBeNull();
  });
});
