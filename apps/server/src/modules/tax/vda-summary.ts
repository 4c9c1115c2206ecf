import type { MatchedLine } from './vda-fifo.js';

/** One coin's transfers in the year, in paise. */
export interface CoinTotals {
  coin: string;
  lines: number;
  quantity: bigint;
  cost: bigint;
  consideration: bigint;
  /** The sum of the lines that made a gain. */
  gains: bigint;
  /** The sum of the lines that made a loss, as a negative number (shown, never set off). */
  losses: bigint;
  tds: bigint;
}

export interface VdaSummary {
  coins: CoinTotals[];
  cost: bigint;
  consideration: bigint;
  /**
   * What section 115BBH taxes: the gains alone. A loss on one transfer is set off against no
   * other income, not even another transfer's gain, so the lines' losses do not lower it.
   */
  income: bigint;
  losses: bigint;
  tds: bigint;
}

/** The lines whose transfer falls in [start, end): one financial year's Schedule VDA. */
export const linesIn = (lines: readonly MatchedLine[], start: Date, end: Date) =>
  lines.filter((l) => l.transferredAt >= start && l.transferredAt < end);

/** Per coin (in the order each first appears) and for the year: the sums of the lines. */
export function summarise(lines: readonly MatchedLine[]): VdaSummary {
  const byCoin = new Map<string, CoinTotals>();
  for (const l of lines) {
    let c = byCoin.get(l.coin);
    if (!c) {
      c = {
        coin: l.coin,
        lines: 0,
        quantity: 0n,
        cost: 0n,
        consideration: 0n,
        gains: 0n,
        losses: 0n,
        tds: 0n,
      };
      byCoin.set(l.coin, c);
    }
    c.lines += 1;
    c.quantity += l.quantity;
    c.cost += l.cost;
    c.consideration += l.consideration;
    if (l.income > 0n) c.gains += l.income;
    else c.losses += l.income;
    c.tds += l.tds;
  }
  const coins = [...byCoin.values()];
  const sum = (pick: (c: CoinTotals) => bigint) => coins.reduce((s, c) => s + pick(c), 0n);
  return {
    coins,
    cost: sum((c) => c.cost),
    consideration: sum((c) => c.consideration),
    income: sum((c) => c.gains),
    losses: sum((c) => c.losses),
    tds: sum((c) => c.tds),
  };
}
