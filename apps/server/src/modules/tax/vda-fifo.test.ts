import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.js';
import { matchFifo, type HoldingEvent } from './vda-fifo.js';
import { linesIn, summarise } from './vda-summary.js';

const coins = (v: string) => parseAmount(v)!;
const day = (d: number) => new Date(Date.UTC(2026, 3, d, 6));
/** Rupees as paise: "30,00,000" is written 3000000. */
const rs = (rupees: number) => BigInt(Math.round(rupees * 100));

const buy = (coin: string, d: number, qty: string, rupees: number): HoldingEvent => ({
  kind: 'acquire',
  coin,
  at: day(d),
  quantity: coins(qty),
  cost: rs(rupees),
  costKnown: true,
});
const sell = (coin: string, d: number, qty: string, rupees: number, tds = 0): HoldingEvent => ({
  kind: 'transfer',
  coin,
  at: day(d),
  quantity: coins(qty),
  consideration: rs(rupees),
  tds: rs(tds),
  ref: `${coin}:${d}`,
});

describe('matchFifo', () => {
  it('takes the oldest lots first, splitting a lot and the consideration by quantity', () => {
    const lines = matchFifo([
      buy('BTC', 1, '1', 3_000_000),
      buy('BTC', 2, '1', 3_600_000),
      sell('BTC', 3, '1.5', 4_500_000, 45_000),
      sell('BTC', 4, '0.5', 2_000_000),
    ]);
    expect(
      lines.map((l) => [l.acquiredAt, l.quantity, l.cost, l.consideration, l.income, l.tds]),
    ).toEqual([
      // 1 BTC of the first lot: ₹30,00,000 cost, 1/1.5 of ₹45,00,000 = ₹30,00,000: no gain.
      [day(1), coins('1'), rs(3_000_000), rs(3_000_000), 0n, rs(30_000)],
      // Half the second lot: half its ₹36,00,000 cost, the rest of the consideration: a loss.
      [day(2), coins('0.5'), rs(1_800_000), rs(1_500_000), -rs(300_000), rs(15_000)],
      // The other half: the rest of the lot's cost.
      [day(2), coins('0.5'), rs(1_800_000), rs(2_000_000), rs(200_000), 0n],
    ]);
  });

  it('loses no paisa when a lot or a transfer splits unevenly', () => {
    const thirds = matchFifo([
      buy('ETH', 1, '3', 1),
      sell('ETH', 2, '1', 1),
      sell('ETH', 3, '1', 1),
      sell('ETH', 4, '1', 1),
    ]);
    // ₹1 = 100 paise over three coins: 33, 33 and the remaining 34.
    expect(thirds.map((l) => l.cost)).toEqual([33n, 33n, 34n]);
    const spread = matchFifo([
      buy('ETH', 1, '1', 1),
      buy('ETH', 2, '1', 1),
      buy('ETH', 3, '1', 1),
      sell('ETH', 4, '3', 1),
    ]);
    expect(spread.map((l) => l.consideration)).toEqual([33n, 33n, 34n]);
  });

  it('keeps each coin in its own queue', () => {
    const lines = matchFifo([
      buy('BTC', 1, '1', 100),
      buy('ETH', 2, '1', 10),
      sell('ETH', 3, '1', 15),
      sell('BTC', 4, '1', 80),
    ]);
    expect(lines.map((l) => [l.coin, l.acquiredAt, l.income])).toEqual([
      ['ETH', day(2), rs(5)],
      ['BTC', day(1), -rs(20)],
    ]);
  });

  it('takes withdrawn coins from the oldest lot without a line', () => {
    const lines = matchFifo([
      buy('BTC', 1, '1', 100),
      buy('BTC', 2, '1', 200),
      { kind: 'remove', coin: 'BTC', at: day(3), quantity: coins('1') },
      sell('BTC', 4, '1', 250),
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ acquiredAt: day(2), cost: rs(200), income: rs(50) });
  });

  it('marks coins the records do not show coming in: cost 0, not on record', () => {
    const lines = matchFifo([buy('BTC', 1, '1', 100), sell('BTC', 2, '1.5', 300)]);
    expect(lines[1]).toMatchObject({
      acquiredAt: null,
      quantity: coins('0.5'),
      cost: 0n,
      consideration: rs(100),
      costKnown: false,
    });
  });
});

describe('summarise', () => {
  it('sums per coin and taxes the gains alone: a loss is shown but not set off', () => {
    const lines = matchFifo([
      buy('BTC', 1, '1', 1000),
      buy('ETH', 1, '2', 500),
      sell('BTC', 2, '1', 1200, 12),
      sell('ETH', 3, '1', 200, 2),
      sell('ETH', 40, '1', 300, 3),
    ]);
    const year = summarise(linesIn(lines, day(2), day(40)));
    expect(year.coins).toEqual([
      {
        coin: 'BTC',
        lines: 1,
        quantity: coins('1'),
        cost: rs(1000),
        consideration: rs(1200),
        gains: rs(200),
        losses: 0n,
        tds: rs(12),
      },
      {
        coin: 'ETH',
        lines: 1,
        quantity: coins('1'),
        cost: rs(250),
        consideration: rs(200),
        gains: 0n,
        losses: -rs(50),
        tds: rs(2),
      },
    ]);
    // ₹200 gain on BTC; the ₹50 loss on ETH does not lower it.
    expect(year).toMatchObject({
      cost: rs(1250),
      consideration: rs(1400),
      income: rs(200),
      losses: -rs(50),
      tds: rs(14),
    });
  });
});
