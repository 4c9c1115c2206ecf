import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.js';
import { fillEvents, fillValuePaise, holdingEvents, type VdaFill } from './vda-events.js';

const u = (v: string) => parseAmount(v)!;
const at = new Date('2026-05-01T10:00:00Z');

/** 0.1 BTC at 30,000 USDT; 0.1% fees; 1% TDS; USDT at ₹88 (the TDS test's fill). */
const usdtFill = (isBuyer: boolean): VdaFill => ({
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tradeId: 1,
  isBuyer,
  time: at,
  quantity: u('0.1'),
  quoteQuantity: u('3000'),
  fee: isBuyer ? u('0.0001') : u('3'),
  tds: isBuyer ? u('0.000999') : u('29.97'),
  tdsInr: u('2637.36'),
  usdtInr: u('88'),
});

/** 0.01 BTC at ₹50,00,000 on BTCINR: the buyer pays no TDS, the seller 1% of ₹49,950. */
const inrFill = (isBuyer: boolean): VdaFill => ({
  symbol: 'BTCINR',
  base: 'BTC',
  quote: 'INR',
  tradeId: 7,
  isBuyer,
  time: at,
  quantity: u('0.01'),
  quoteQuantity: u('50000'),
  fee: isBuyer ? u('0.00001') : u('50'),
  tds: isBuyer ? 0n : u('499.5'),
  tdsInr: isBuyer ? 0n : u('499.5'),
  usdtInr: null,
});

describe('fillValuePaise', () => {
  it('values an INR pair in its rupees and a USDT pair at the fill’s USDT/INR rate, down to the paisa', () => {
    expect(fillValuePaise(inrFill(true))).toBe(5_000_000n);
    expect(fillValuePaise(usdtFill(true))).toBe(26_400_000n);
    // 1.234567 USDT × ₹88.123456 = ₹108.794310703552: 10879 paise.
    const odd = { ...usdtFill(true), quoteQuantity: u('1.234567'), usdtInr: u('88.123456') };
    expect(fillValuePaise(odd)).toBe(10_879n);
    expect(fillValuePaise({ ...usdtFill(true), usdtInr: null })).toBeNull();
  });
});

describe('fillEvents', () => {
  it('a USDT pair buy transfers the USDT for the full value and acquires the BTC after the fee', () => {
    expect(fillEvents(usdtFill(true), 26_400_000n)).toEqual([
      {
        kind: 'transfer',
        coin: 'USDT',
        at,
        quantity: u('3000'),
        consideration: 26_400_000n,
        tds: 263_736n,
        ref: 'BTCUSDT:1:buy',
      },
      // 0.0999 BTC for ₹2,64,000: the fee raises each coin's cost.
      {
        kind: 'acquire',
        coin: 'BTC',
        at,
        quantity: u('0.0999'),
        cost: 26_400_000n,
        costKnown: true,
      },
      // The TDS withheld in BTC leaves the holding.
      { kind: 'remove', coin: 'BTC', at, quantity: u('0.000999') },
    ]);
  });

  it('a USDT pair sell transfers the BTC and acquires the USDT received after the fee', () => {
    const events = fillEvents(usdtFill(false), 26_400_000n);
    expect(events.map((e) => [e.kind, e.coin, e.quantity])).toEqual([
      ['transfer', 'BTC', u('0.1')],
      ['acquire', 'USDT', u('2997')],
      ['remove', 'USDT', u('29.97')],
    ]);
  });

  it('an INR pair buy only acquires; its sell only transfers, at the value before the fee', () => {
    expect(fillEvents(inrFill(true), 5_000_000n)).toEqual([
      {
        kind: 'acquire',
        coin: 'BTC',
        at,
        quantity: u('0.00999'),
        cost: 5_000_000n,
        costKnown: true,
      },
    ]);
    expect(fillEvents(inrFill(false), 5_000_000n)).toEqual([
      {
        kind: 'transfer',
        coin: 'BTC',
        at,
        quantity: u('0.01'),
        // ₹50,000, not the ₹49,950 after the fee: section 115BBH deducts no expenditure.
        consideration: 5_000_000n,
        tds: 49_950n,
        ref: 'BTCINR:7:sell',
      },
    ]);
  });
});

describe('holdingEvents', () => {
  it('orders by time, deposits first and withdrawals last at one instant; the rupee is left out', () => {
    const later = new Date(at.getTime() + 1000);
    const events = holdingEvents(
      [inrFill(false)],
      [
        { coin: 'BTC', amount: u('1'), at: later },
        { coin: 'BTC', amount: u('0.5'), at },
        { coin: 'INR', amount: u('100'), at },
      ],
      [{ coin: 'BTC', amount: u('0.2'), at }],
    );
    expect(events.map((e) => [e.kind, e.quantity, e.at])).toEqual([
      ['acquire', u('0.5'), at],
      ['transfer', u('0.01'), at],
      ['remove', u('0.2'), at],
      ['acquire', u('1'), later],
    ]);
    expect(events[0]).toMatchObject({ cost: 0n, costKnown: false });
  });

  it('refuses a fill it cannot value rather than report a wrong figure', () => {
    expect(() => holdingEvents([{ ...usdtFill(true), usdtInr: null }], [], [])).toThrow(
      'BTCUSDT trade 1 has no rupee value',
    );
  });
});
