import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  floorAmount,
  compareAmounts,
  multiplyAmounts,
  roundAmount,
  subtractAmounts,
  truncateAmount,
} from './amount';
import { formatDateTime, formatUsdt, formatWalletAmount } from './format';

describe('amount arithmetic (exact decimal strings)', () => {
  it('adds, subtracts and multiplies without float error', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('1.000000000000000001', '2')).toBe('3.000000000000000001');
    expect(subtractAmounts('100', '10.5')).toBe('89.5');
    expect(subtractAmounts('1', '1.25')).toBe('-0.25');
    expect(multiplyAmounts('64000.12', '0.5')).toBe('32000.06');
    expect(compareAmounts('10', '9.99999999')).toBe(1);
    expect(compareAmounts('', '0')).toBe(0);
  });

  it('truncates for amounts to send and rounds for display', () => {
    expect(truncateAmount('1.123456789', 8)).toBe('1.12345678');
    expect(floorAmount('1.123456789', 8)).toBe('1.12345678');
    expect(floorAmount('100.000000009', 8)).toBe('100');
    expect(floorAmount('0.5', 8)).toBe('0.5');
    expect(roundAmount('1.23456', 4)).toBe('1.2346');
    expect(roundAmount('2.005', 2)).toBe('2.01');
    expect(roundAmount('-0.00004', 4)).toBe('0.0000');
    expect(roundAmount('-1.00005', 4)).toBe('-1.0001');
  });
});

describe('wallet formats (spec section 9)', () => {
  it('shows 4 decimals cut down, grouped, and 0 for a negative amount', () => {
    expect(formatWalletAmount('1234567.123456')).toBe('12,34,567.1234');
    // Never more than the balance holds: 0.99995 is not 1.0000.
    expect(formatWalletAmount('0.99995')).toBe('0.9999');
    expect(formatWalletAmount('-3')).toBe('0.0000');
    expect(formatWalletAmount('0')).toBe('0.0000');
  });

  it("shows a coin's every digit up to its decimals, never fewer than 4 (review W4-18)", () => {
    expect(formatWalletAmount('0.0015974', 'BTC', 8)).toBe('0.0015974');
    expect(formatWalletAmount('0.001597412345', 'BTC', 8)).toBe('0.00159741');
    expect(formatWalletAmount('1.5', 'ETH', 18)).toBe('1.5000');
    expect(formatWalletAmount('0', 'BTC', 8)).toBe('0.0000');
    expect(formatWalletAmount('-0.5', 'BTC', 8)).toBe('0.0000');
    expect(formatWalletAmount('1234.123456', 'USDT', 6)).toBe('1,234.123456');
    // A coin of fewer decimals still shows 4.
    expect(formatWalletAmount('7', 'XYZ', 2)).toBe('7.0000');
  });

  it('shows USDT values to 2 decimals', () => {
    expect(formatUsdt('100')).toBe('100.00');
    expect(formatUsdt('12345.678')).toBe('12,345.68');
  });

  it('dates as DD/MM/YYYY HH:mm:ss in local time, 24-hour clock', () => {
    const local = new Date(2026, 0, 5, 17, 4, 9);
    expect(formatDateTime(local.toISOString())).toBe('05/01/2026 17:04:09');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
