import { describe, expect, it } from 'vitest';
import { coin, marketOf, tradesAt, units } from '../../testing/reviews.js';
import { REFERENCE_MIN_TRADES, referencePrice, valueInUsdt } from './valuation.js';

const MIN_VOLUME = units('100');

describe('referencePrice', () => {
  it('is the higher of the 24 h volume-weighted price and the median trade', () => {
    // Nine trades at 2 and three big ones at 1: the median is 2, the VWAP (180 + 300) / 390.
    const market = marketOf([...tradesAt(9, '2', '10'), ...tradesAt(3, '1', '100')]);
    expect(referencePrice(market, MIN_VOLUME)).toBe(units('2'));
    // Many small trades at 1 and a few big ones at 3: the VWAP is the higher.
    const heavy = marketOf([...tradesAt(9, '1'), ...tradesAt(3, '3', '100')]);
    expect(referencePrice(heavy, MIN_VOLUME)).toBe((units('909') * units('1')) / units('309'));
  });

  it('is not moved by one printed trade at a tiny price (review N-H2)', () => {
    const market = marketOf([...tradesAt(REFERENCE_MIN_TRADES, '2', '10'), ['0.0001', '100000']]);
    expect(referencePrice(market, MIN_VOLUME)).toBe(units('2'));
  });

  it('is unknown for a market too thin, too quiet, halted or untraded', () => {
    expect(referencePrice(marketOf([['0.0001', '100000']]), 0n)).toBeNull();
    expect(referencePrice(marketOf(tradesAt(REFERENCE_MIN_TRADES - 1, '50')), 0n)).toBeNull();
    expect(referencePrice(marketOf(tradesAt(REFERENCE_MIN_TRADES, '9.99')), MIN_VOLUME)).toBeNull();
    expect(referencePrice(marketOf(tradesAt(20, '10'), true), MIN_VOLUME)).toBeNull();
    expect(referencePrice(marketOf([]), 0n)).toBeNull();
  });

  it('takes the mean of the middle two of an even number of trades', () => {
    const market = marketOf([...tradesAt(5, '1', '0.000001'), ...tradesAt(5, '3', '0.000001')]);
    expect(referencePrice(market, 0n)).toBe(units('2'));
  });
});

describe('valueInUsdt', () => {
  const liquid = marketOf(tradesAt(20, '2', '10'));

  it('values USDT at 1 and another coin at its USDT pair reference price', () => {
    const evidenceOf = (symbol: string) => (symbol === 'ZUSDT' ? liquid : null);
    expect(valueInUsdt(coin('USDT'), units('5'), evidenceOf, MIN_VOLUME)).toBe(units('5'));
    expect(valueInUsdt(coin('Z'), units('3'), evidenceOf, MIN_VOLUME)).toBe(units('6'));
  });

  it('is null for a coin without a USDT pair, or with one too thin to trust', () => {
    expect(valueInUsdt(coin('Z'), units('3'), () => null, MIN_VOLUME)).toBeNull();
    const thin = () => marketOf([['0.0001', '100000']]);
    expect(valueInUsdt(coin('Z'), units('10000000'), thin, MIN_VOLUME)).toBeNull();
  });
});
