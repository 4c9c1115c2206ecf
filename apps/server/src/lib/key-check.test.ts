import { describe, expect, it } from 'vitest';
import { judgeKey, keyCheckValue } from './key-check.js';

const A = keyCheckValue('identity-key', 'a'.repeat(64));
const B = keyCheckValue('identity-key', 'b'.repeat(64));

describe('keyCheckValue', () => {
  it('tells keys and key names apart and shows neither', () => {
    expect(A).not.toBe(B);
    expect(keyCheckValue('hd-root', 'a'.repeat(64))).not.toBe(A);
    expect(keyCheckValue('identity-key', 'a'.repeat(64))).toBe(A);
    expect(A).not.toContain('aaaa');
  });
});

describe('judgeKey', () => {
  it('makes a key only for a database with no check value and nothing written with one', () => {
    expect(judgeKey({ stored: null, found: null, inUse: false })).toBe('create');
  });

  it('never makes a new key over data written with the old one', () => {
    expect(judgeKey({ stored: A, found: null, inUse: false })).toBe('missing');
    expect(judgeKey({ stored: A, found: null, inUse: true })).toBe('missing');
    // Data from before check values were kept: its key is missing all the same.
    expect(judgeKey({ stored: null, found: null, inUse: true })).toBe('missing');
  });

  it('refuses a key that is not the recorded one, data or not', () => {
    expect(judgeKey({ stored: A, found: B, inUse: true })).toBe('wrong');
    expect(judgeKey({ stored: A, found: B, inUse: false })).toBe('wrong');
  });

  it('keeps the recorded key, and records the first one it meets', () => {
    expect(judgeKey({ stored: A, found: A, inUse: true })).toBe('keep');
    expect(judgeKey({ stored: null, found: A, inUse: true })).toBe('record');
    expect(judgeKey({ stored: null, found: A, inUse: false })).toBe('record');
  });
});
