import { describe, expect, it } from 'vitest';
import { DepthSecond } from './depth-second.js';

const update = (
  prev: number,
  seq: number,
  bids: [string, string][],
  asks: [string, string][] = [],
) => ({
  symbol: 'BTCUSDT',
  prev_seq: prev,
  seq,
  bids,
  asks,
});

describe('DepthSecond (the 1000 ms @depth stream)', () => {
  it("merges a second's updates into one spanning the first U to the last u, latest totals kept", () => {
    const d = new DepthSecond();
    d.add(update(10, 12, [['100', '1']]));
    d.add(
      update(
        12,
        15,
        [
          ['100', '0'],
          ['99', '2'],
        ],
        [['101', '3']],
      ),
    );
    expect(d.flush()).toEqual([
      update(
        10,
        15,
        [
          ['100', '0'],
          ['99', '2'],
        ],
        [['101', '3']],
      ),
    ]);
    expect(d.flush()).toEqual([]);
  });

  it('breaks the chain (prev -1, so U is 0) when an update does not follow the last', () => {
    const d = new DepthSecond();
    d.add(update(10, 12, [['100', '1']]));
    d.add(update(20, 21, [['100', '2']]));
    expect(d.flush()[0]).toMatchObject({ prev_seq: -1, seq: 21 });
  });
});
