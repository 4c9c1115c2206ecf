import { describe, expect, it } from 'vitest';
import { bearerToken } from './service.js';

describe('bearerToken', () => {
  it('takes the token after the scheme, in any case, up to the next space', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bEaReR x')).toBe('x');
    expect(bearerToken('Bearer abc extra')).toBe('abc');
  });

  it('answers null for anything else', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer  abc',
      'Bearerx abc',
      'Basic abc',
      'abc',
    ])
      expect(bearerToken(header)).toBeNull();
  });
});
