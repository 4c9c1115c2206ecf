import type { MarketSymbol } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { findPairs } from './find-pairs';

const pair = (base: string, name: string, quote: 'USDT' | 'INR') =>
  ({
    symbol: `${base}${quote}`,
    base_token: { short_name: base, name },
    quote_token: { short_name: quote, name: quote },
  }) as MarketSymbol;

const pairs = [
  pair('BTC', 'Bitcoin', 'USDT'),
  pair('ETH', 'Ethereum', 'USDT'),
  pair('BTC', 'Bitcoin', 'INR'),
  pair('USDT', 'Tether', 'INR'),
];
const symbols = (list: MarketSymbol[]) => list.map((p) => p.symbol);

describe('findPairs', () => {
  it("lists a quote coin's pairs, every one for a blank search", () => {
    expect(symbols(findPairs(pairs, 'USDT', ''))).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(symbols(findPairs(pairs, 'INR', '  '))).toEqual(['BTCINR', 'USDTINR']);
  });

  it("finds by the pair as written or the coin's name, in any case", () => {
    expect(symbols(findPairs(pairs, 'USDT', 'eth'))).toEqual(['ETHUSDT']);
    expect(symbols(findPairs(pairs, 'INR', 'btc/inr'))).toEqual(['BTCINR']);
    expect(symbols(findPairs(pairs, 'INR', 'tether'))).toEqual(['USDTINR']);
    expect(symbols(findPairs(pairs, 'USDT', 'bitco'))).toEqual(['BTCUSDT']);
    expect(findPairs(pairs, 'USDT', 'xyz')).toEqual([]);
  });
});
