import { describe, expect, it } from 'vitest';
import { formatToStep } from './format';

describe('formatToStep', () => {
  it("shows a price or amount to its pair's step, so rows line up", () => {
    expect(formatToStep('0.0000221', '0.00000001')).toBe('0.00002210');
    expect(formatToStep('0.0868', '0.00001')).toBe('0.08680');
    expect(formatToStep('97048.5', '0.01')).toBe('97,048.50');
    expect(formatToStep('18720617', '1')).toBe('18,720,617');
  });

  it('falls back to the plain price format without a step', () => {
    expect(formatToStep('97048.5', undefined)).toBe('97,048.50');
  });
});
