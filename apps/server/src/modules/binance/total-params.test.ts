import { describe, expect, it } from 'vitest';
import { BinanceError } from './errors.js';
import { totalParams } from './total-params.js';

const read = (query: string, body: string) => [...totalParams(query, body)];

describe('totalParams: what a Binance signature covers, read one way', () => {
  it('takes every parameter in one part, as ccxt and the connectors send them', () => {
    expect(read('symbol=BTCUSDT&timestamp=1', '')).toEqual([
      ['symbol', 'BTCUSDT'],
      ['timestamp', '1'],
    ]);
    expect(read('', 'symbol=BTCUSDT&price=60000')).toEqual([
      ['symbol', 'BTCUSDT'],
      ['price', '60000'],
    ]);
  });

  it('takes a split where a parameter ends', () => {
    const expected = [
      ['symbol', 'BTCUSDT'],
      ['price', '60000'],
    ];
    expect(read('symbol=BTCUSDT&', 'price=60000')).toEqual(expected);
    expect(read('symbol=BTCUSDT', '&price=60000')).toEqual(expected);
  });

  it('refuses a split inside a value, or with no separator (Binance example 3)', () => {
    for (const [query, body] of [
      ['symbol=BTCUSDT&quantity=1&price=6', '0000&timestamp=1'],
      ['symbol=BTCUSDT&timeInForce=GTC', 'quantity=1&price=0.1'],
      ['symbol=BTCUSDT&pri', 'ce=6'],
    ] as const) {
      expect(() => totalParams(query, body)).toThrow(BinanceError);
      try {
        totalParams(query, body);
      } catch (err) {
        expect((err as BinanceError).code).toBe(-1022);
      }
    }
  });
});
