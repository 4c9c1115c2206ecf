import { afterEach, describe, expect, it } from 'vitest';
import { groupThousands } from './amount';
import {
  formatDateTime,
  formatDateTimeIst,
  formatInr,
  formatPrice,
  formatWalletAmount,
} from './format';
import {
  DEFAULT_NUMBER_GROUPING,
  groupDigits,
  NUMBER_GROUPING_STORAGE_KEY,
  numberGrouping,
  setNumberGrouping,
} from './number-grouping';

afterEach(() => {
  setNumberGrouping(DEFAULT_NUMBER_GROUPING);
  localStorage.clear();
  document.documentElement.lang = 'en';
});

describe('groupDigits (issue 36)', () => {
  it('groups the Indian way: the last three digits, then pairs', () => {
    expect(groupDigits('100000', 'indian')).toBe('1,00,000');
    expect(groupDigits('12345678901', 'indian')).toBe('12,34,56,78,901');
    expect(groupDigits('1000', 'indian')).toBe('1,000');
    expect(groupDigits('999', 'indian')).toBe('999');
    expect(groupDigits('0.00000001', 'indian')).toBe('0.00000001');
  });

  it('groups the international way in threes', () => {
    expect(groupDigits('100000', 'international')).toBe('100,000');
    expect(groupDigits('12345678901', 'international')).toBe('12,345,678,901');
  });

  it('keeps the sign and every decimal, beyond what a float holds', () => {
    expect(groupDigits('-1234567.5', 'indian')).toBe('-12,34,567.5');
    expect(groupDigits('-1234567.5', 'international')).toBe('-1,234,567.5');
    expect(groupDigits('1234567.123456789012345678', 'indian')).toBe(
      '12,34,567.123456789012345678',
    );
    // 2^53 + 1: a Number would show …992.
    expect(groupDigits('9007199254740993', 'indian')).toBe('9,00,71,99,25,47,40,993');
  });

  it('leaves text that is not a plain decimal as it was', () => {
    expect(groupDigits('-', 'indian')).toBe('-');
    expect(groupDigits('1e21', 'indian')).toBe('1e21');
  });
});

describe('the grouping setting', () => {
  it('is Indian until chosen, in English as in Hindi', () => {
    expect(DEFAULT_NUMBER_GROUPING).toBe('indian');
    expect(numberGrouping()).toBe('indian');
    expect(formatPrice('1234567.5')).toBe('12,34,567.50');
  });

  it('groups crypto amounts and prices as chosen, and remembers the choice in this browser', () => {
    setNumberGrouping('international');
    expect(localStorage.getItem(NUMBER_GROUPING_STORAGE_KEY)).toBe('international');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(formatPrice('1234567.5')).toBe('1,234,567.50');
    expect(formatWalletAmount('1234567.123456')).toBe('1,234,567.1234');
    setNumberGrouping('indian');
    expect(formatWalletAmount('1234567.123456')).toBe('12,34,567.1234');
  });

  it('never changes how rupees show', () => {
    setNumberGrouping('international');
    expect(formatInr('1234567.891')).toBe('₹12,34,567.89');
    expect(formatWalletAmount('1234567.891', 'INR')).toBe('₹12,34,567.89');
  });
});

describe('formatInr (issue 36)', () => {
  it('shows ₹, Indian grouping and paisa, cut down', () => {
    expect(formatInr('100000')).toBe('₹1,00,000.00');
    expect(formatInr('2637.368')).toBe('₹2,637.36');
    expect(formatInr('0.5')).toBe('₹0.50');
    expect(formatInr('123456789012.5')).toBe('₹1,23,45,67,89,012.50');
  });

  it('puts the minus before the sign', () => {
    expect(formatInr('-100000.5')).toBe('-₹1,00,000.50');
    expect(formatInr('-0.001')).toBe('₹0.00');
  });

  it('keeps every digit of an amount a float would round', () => {
    expect(formatInr('90071992547409.93')).toBe('₹9,00,71,99,25,47,409.93');
  });

  it('shows a negative wallet balance as ₹0.00', () => {
    expect(formatWalletAmount('-3', 'INR')).toBe('₹0.00');
  });
});

describe('dates through Intl (issue 36)', () => {
  it("shows the user's zone, and tax times in IST labelled IST", () => {
    const local = new Date(2026, 0, 5, 17, 4, 9);
    expect(formatDateTime(local)).toBe('05/01/2026 17:04:09');
    // 11:34:09 UTC is 17:04:09 in India (UTC+05:30), whatever this machine's zone.
    expect(formatDateTimeIst('2026-01-05T11:34:09Z')).toBe('05/01/2026 17:04:09 IST');
    expect(formatDateTimeIst('2026-03-31T18:30:00Z')).toBe('01/04/2026 00:00:00 IST');
    expect(formatDateTimeIst('nonsense')).toBe('-');
  });

  it('shows the same Latin digits in Hindi', () => {
    document.documentElement.lang = 'hi';
    expect(formatDateTimeIst('2026-01-05T11:34:09Z')).toBe('05/01/2026 17:04:09 IST');
    expect(formatInr('100000')).toBe('₹1,00,000.00');
  });
});
