import { describe, expect, it } from 'vitest';
import type { Pair } from '../../core/trading/pairs.js';
import { parsePartialDepth, parseStreamName, partialDepthStreams } from './stream-names.js';

const btc = { symbol: 'BTCUSDT' } as Pair;
const findPair = (symbol: string) => (symbol.toUpperCase() === 'BTCUSDT' ? btc : undefined);

describe('stream names', () => {
  it('reads partial depths: 5, 10 or 20 levels, every second or 100 ms', () => {
    expect(parsePartialDepth('depth5')).toEqual({ kind: 'partialDepth', levels: 5, ms: 1000 });
    expect(parsePartialDepth('depth20@100ms')).toMatchObject({ levels: 20, ms: 100 });
    expect(parsePartialDepth('depth10@1000ms')).toMatchObject({ levels: 10, ms: 1000 });
    for (const kind of ['depth', 'depth15', 'depth5@250ms', 'depth05'])
      expect(parsePartialDepth(kind)).toBeNull();
    expect(partialDepthStreams('BTCUSDT').map((s) => s.name)).toContain('btcusdt@depth10@100ms');
  });

  it("tells a pair's new streams and every pair's full tickers from unknown names", () => {
    expect(parseStreamName('btcusdt@bookTicker', findPair)).toEqual({
      pair: btc,
      stream: { kind: 'bookTicker' },
    });
    expect(parseStreamName('btcusdt@avgPrice', findPair)).toMatchObject({ pair: btc });
    expect(parseStreamName('btcusdt@depth@1000ms', findPair)).toMatchObject({ pair: btc });
    expect(parseStreamName('btcusdt@depth5@100ms', findPair)).toMatchObject({ pair: btc });
    expect(parseStreamName('!ticker@arr', findPair)).toBe('all-tickers');
    for (const name of ['btcusdt@bookticker', 'BTCUSDT@bookTicker', 'dogeusdt@avgPrice', 'a b'])
      expect(parseStreamName(name, findPair)).toBeNull();
  });
});
