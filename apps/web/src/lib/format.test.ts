import { afterEach, describe, expect, it } from 'vitest';
import {
  abbreviate,
  formatCoinAmount,
  formatCostPrice,
  formatPrice,
  formatQuantity,
  formatQuotePrice,
  formatToStep,
} from './format';
import { DEFAULT_NUMBER_GROUPING, setNumberGrouping } from './number-grouping';

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
  afterEach(() => {
    setNumberGrouping(DEFAULT_NUMBER_GROUPING);
    document.documentElement.lang = 'en';
  });

  it('abbreviates thousands and up with 2 decimals, and shows smaller values to 6 digits', () => {
    setNumberGrouping('international');
    expect(abbreviate('1234567')).toBe('1.23M');
    expect(abbreviate('3000')).toBe('3.00K');
    expect(abbreviate('999.1234567')).toBe('999.123457');
    expect(abbreviate('12')).toBe('12');
    expect(abbreviate(0)).toBe('0');
  });

  it('counts in lakhs and crores with Indian grouping, in the language on screen (W4-10)', () => {
    setNumberGrouping('indian');
    expect(abbreviate('36800000')).toBe('3.68 Cr');
    expect(abbreviate('250000')).toBe('2.50 L');
    expect(abbreviate('3000')).toBe('3,000');
    expect(abbreviate('99999.456')).toBe('99,999.46');
    expect(abbreviate('1000000000000')).toBe('1,00,000.00 Cr');
    expect(abbreviate('999.1234567')).toBe('999.123457');
    document.documentElement.lang = 'hi';
    expect(abbreviate('36800000')).toBe('3.68 करोड़');
    expect(abbreviate('250000')).toBe('2.50 लाख');
  });
});

describe('formatCostPrice and formatQuantity (W4-10)', () => {
  it('shows an average cost to the cent from 1 up, and finer below', () => {
    expect(formatCostPrice('97925.86079171')).toBe('97,925.86');
    expect(formatCostPrice('0.00002213')).toBe('0.00002213');
  });

  it('shows an exact total grouped, to 8 decimals cut down', () => {
    expect(formatQuantity('2506534.4043953952091')).toBe('25,06,534.40439539');
    expect(formatQuantity('13626079923.98868')).toBe('13,62,60,79,923.98868');
  });
});

describe('formatCoinAmount (W4-9)', () => {
  it('shows rupees with ₹ and lakh grouping, other coins with their name', () => {
    expect(formatCoinAmount('50000', 'INR')).toBe('₹50,000.00');
    expect(formatCoinAmount('4396.599', 'INR')).toBe('₹4,396.59');
    expect(formatCoinAmount('123456.78', 'INR')).toBe('₹1,23,456.78');
    expect(formatCoinAmount('0.0015', 'BTC')).toBe('0.0015 BTC');
    expect(formatCoinAmount('1.5', 'USDT', formatPrice)).toBe('1.50 USDT');
  });
});
