import { describe, expect, it } from 'vitest';
import { abbreviate, formatPrice, formatQuotePrice, formatToStep } from './format';

describe('formatToStep', () => {
  it("shows a price or amount to its pair's step, so rows line up", () => {
    expect(formatToStep('0.0000221', '0.00000001')).toBe('0.00002210');
    expect(formatToStep('0.0868', '0.00001')).toBe('0.08680');
    expect(formatToStep('97048.5', '0.01')).toBe('97,048.50');
    expect(formatToStep('18720617', '1')).toBe('1,87,20,617');
  });

  it('falls back to the plain price format without a step', () => {
    expect(formatToStep('97048.5', undefined)).toBe('97,048.50');
  });
});

describe('formatPrice', () => {
  it('shows 2 to 8 fraction digits, rounded half away from zero, thousands grouped', () => {
    expect(formatPrice('97048.5')).toBe('97,048.50');
    expect(formatPrice('1234567.123456789')).toBe('12,34,567.12345679');
    expect(formatPrice('0.000000015')).toBe('0.00000002');
    expect(formatPrice('-0.000000015')).toBe('-0.00000002');
    expect(formatPrice('100')).toBe('100.00');
    expect(formatPrice(0.5)).toBe('0.50');
  });

  it('shows an unreadable value as 0', () => {
    expect(formatPrice('')).toBe('0.00');
    expect(formatPrice('abc')).toBe('0.00');
    expect(formatPrice(Number.NaN)).toBe('0.00');
  });

  it('keeps every digit of a price a float would round', () => {
    expect(formatPrice('90071992547409.93')).toBe('9,00,71,99,25,47,409.93');
  });
});

describe('formatQuotePrice', () => {
  it("shows an INR pair's price with the ₹ sign, another pair's as a plain price", () => {
    expect(formatQuotePrice('8500000.5', 'INR')).toBe('₹85,00,000.50');
    expect(formatQuotePrice('97048.5', 'USDT')).toBe('97,048.50');
  });
});

describe('abbreviate', () => {
  it('abbreviates thousands and up with 2 decimals, and shows smaller values to 6 digits', () => {
    expect(abbreviate('1234567')).toBe('1.23M');
    expect(abbreviate('999.1234567')).toBe('999.123457');
    expect(abbreviate('12')).toBe('12');
    expect(abbreviate(0)).toBe('0');
  });
});
