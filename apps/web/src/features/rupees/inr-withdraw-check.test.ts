import { describe, expect, it } from 'vitest';
import { overWithdrawable } from './inr-withdraw-check';

describe('overWithdrawable (W4-15)', () => {
  it('refuses more than the funding wallet holds, to the paisa', () => {
    expect(overWithdrawable('4000.01', '4000', '200000')).toBe('balance');
    expect(overWithdrawable('4000', '4000', '200000')).toBeNull();
  });

  it("refuses more than the day's limit leaves, once it is known", () => {
    expect(overWithdrawable('60000', '100000', '50000')).toBe('limit');
    expect(overWithdrawable('60000', '100000', undefined)).toBeNull();
  });
});
