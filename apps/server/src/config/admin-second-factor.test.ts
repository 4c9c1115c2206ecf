import { describe, expect, it } from 'vitest';
import { adminSecondFactorOn } from './admin-second-factor.js';

describe('adminSecondFactorOn (walk-3 D2)', () => {
  it('is on by default where npm start runs, and always in production', () => {
    expect(adminSecondFactorOn(undefined, 'development')).toBe(true);
    expect(adminSecondFactorOn(undefined, 'production')).toBe(true);
    expect(adminSecondFactorOn('0', 'production')).toBe(true);
  });

  it('can be turned off in development only by saying so, and on under tests', () => {
    expect(adminSecondFactorOn('0', 'development')).toBe(false);
    expect(adminSecondFactorOn('false', 'development')).toBe(false);
    expect(adminSecondFactorOn(undefined, 'test')).toBe(false);
    expect(adminSecondFactorOn('1', 'test')).toBe(true);
  });
});
