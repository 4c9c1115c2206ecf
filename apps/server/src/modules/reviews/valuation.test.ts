import { describe, expect, it } from 'vitest';
import { coin, marketOf, tradesAt, units } from '../../testing/reviews.js';
import {
  inrInUsdt,
  REFERENCE_MIN_TRADES,
  referencePrice,
  usdtInrMarketRate,
  valueInUsdt,
} from './valuation.js';

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

describe('usdtInrMarketRate', () => {
  it('is the lower of the 24 h volume-weighted price and the median trade', () => {
    // Nine trades at 88 and three big ones at 100: the median is 88, the VWAP above it.
    const market = marketOf([...tradesAt(9, '88', '10'), ...tradesAt(3, '100', '100')]);
    expect(usdtInrMarketRate(market, units('100'))).toBe(units('88'));
    // Many small trades at 90 and a few big ones at 80: the VWAP is the lower.
    const heavy = marketOf([...tradesAt(9, '90'), ...tradesAt(3, '80', '100')]);
    expect(usdtInrMarketRate(heavy, 0n)).toBe((units('24810') * units('1')) / units('309'));
  });

  it('is unknown without a pair, or for one halted, thin or quiet in USDT (its base)', () => {
    expect(usdtInrMarketRate(null, 0n)).toBeNull();
    expect(usdtInrMarketRate(marketOf(tradesAt(REFERENCE_MIN_TRADES - 1, '88')), 0n)).toBeNull();
    expect(usdtInrMarketRate(marketOf(tradesAt(20, '88'), true), 0n)).toBeNull();
    // 20 USDT traded for 1,760 rupees: below 100 USDT, whatever the rupees.
    expect(usdtInrMarketRate(marketOf(tradesAt(20, '88')), units('100'))).toBeNull();
  });
});

describe('inrInUsdt (review N4-H2)', () => {
  const lakh = units('150000');
  const ceiling = units('150');

  it('values rupees at the admin rate when it is the lowest', () => {
    expect(inrInUsdt(units('880'), { admin: units('88'), market: units('90'), ceiling })).toBe(
      units('10'),
    );
  });

  it('is not shrunk by a raised admin rate: the market price or the ceiling values it', () => {
    const raised = units('999999999');
    expect(inrInUsdt(lakh, { admin: raised, market: units('88'), ceiling })).toBe(
      (lakh * units('1')) / units('88'),
    );
    // No market to compare with: the ceiling still bounds the rate.
    expect(inrInUsdt(lakh, { admin: raised, market: null, ceiling })).toBe(units('1000'));
  });

  it('is unknown (two admins) while no admin rate is set', () => {
    expect(inrInUsdt(lakh, { admin: 0n, market: units('88'), ceiling })).toBeNull();
  });
});
