import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('finds listed passwords that pass the composition rule', () => {
    for (const password of ['Password123', 'Qwerty12345', 'Iloveyou123'])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it('sees through digits and symbols around a common word, and look-alikes', () => {
    for (const password of ['Welcome2024!', '2024Dragon!!', 'P@ssw0rd2025', 'Sunshine1990'])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it('lets a password of one’s own through', () => {
    for (const password of ['Sup3rSecretPass', 'Tq8-vMr2xLw9', 'Sec4-Demo-pass1!', 'Kx7mPq2Zr9'])
      expect(isCommonPassword(password), password).toBe(false);
  });
});
