import type { TdsRate } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { saleTds, sellPreview } from './convert-math';

const withPan: TdsRate = {
  rate: '0.01',
  pan_on_record: true,
  threshold_inr: '0',
  received_inr: '0',
};
const withoutPan: TdsRate = { ...withPan, rate: '0.2', pan_on_record: false };

describe('saleTds', () => {
  it('charges the user’s rate, rounded up to the paisa as the server does', () => {
    expect(saleTds('1000', withPan)).toBe('10');
    expect(saleTds('1234.56', withPan)).toBe('12.35');
    expect(saleTds('1234.56', withoutPan)).toBe('246.92');
  });

  it('charges nothing while the year’s rupees received stay within a threshold', () => {
    const threshold = { ...withPan, threshold_inr: '10000', received_inr: '8000' };
    expect(saleTds('2000', threshold)).toBe('0');
    expect(saleTds('2000.01', threshold)).toBe('20.01');
  });
});

describe('sellPreview', () => {
  const bids: [string, string][] = [['90', '1000']];

  it('sells whole lots at the best bid and shows the TDS at the user’s rate', () => {
    expect(sellPreview('1000', bids, withPan)).toEqual({ usdt: '11.11', price: '90', tds: '10' });
    expect(sellPreview('1000', bids, withoutPan)?.tds).toBe('199.98');
  });

  it('shows nothing until the rate is known, or without a bid', () => {
    expect(sellPreview('1000', bids, null)).toBeNull();
    expect(sellPreview('1000', [], withPan)).toBeNull();
  });
});
