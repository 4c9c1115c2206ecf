/**
 * First in, first out: the cost method of the Schedule VDA report (section 115BBH). Each coin's
 * holding is a queue of lots; a transfer takes the oldest coins first, and so does anything else
 * that takes coins away (a withdrawal, TDS withheld in the coin). Coins are ledger units (1e-18),
 * rupees are paise: every figure is a bigint, and no paisa is made or lost in a split.
 */

/** Coins coming in: bought on a pair, received in a trade, or deposited. */
export interface Acquisition {
  kind: 'acquire';
  coin: string;
  at: Date;
  quantity: bigint;
  /** Paise paid for the lot; 0 for a deposit, whose cost the exchange does not know. */
  cost: bigint;
  /** false: deposited from outside, the cost is not on record (shown as 0, marked). */
  costKnown: boolean;
}

/** Coins given in a sale or a trade into another coin: a transfer under section 2(47A). */
export interface Transfer {
  kind: 'transfer';
  coin: string;
  at: Date;
  quantity: bigint;
  /** Paise received: the fill's full rupee value (section 115BBH allows no fee deduction). */
  consideration: bigint;
  /** Paise of TDS (section 194S) deducted on this side of the fill, shown alongside. */
  tds: bigint;
  /** What the report links the line to, e.g. "BTCINR:42". */
  ref: string;
}

/** Coins that leave the holding without being transferred: a withdrawal, TDS withheld in kind. */
export interface Removal {
  kind: 'remove';
  coin: string;
  at: Date;
  quantity: bigint;
}

export type HoldingEvent = Acquisition | Transfer | Removal;

/** One line of Schedule VDA: a transfer's coins matched with one acquisition. */
export interface MatchedLine {
  coin: string;
  ref: string;
  /** null: more coins left than the records show came in (cost not on record). */
  acquiredAt: Date | null;
  transferredAt: Date;
  quantity: bigint;
  cost: bigint;
  consideration: bigint;
  /** consideration − cost: negative for a loss. */
  income: bigint;
  tds: bigint;
  costKnown: boolean;
}

interface Lot {
  at: Date;
  quantity: bigint;
  cost: bigint;
  costKnown: boolean;
}

/** Takes `quantity` from the oldest lots; the pieces taken, each with its share of its lot's cost. */
function take(lots: Lot[], quantity: bigint): Lot[] {
  const pieces: Lot[] = [];
  let left = quantity;
  for (let lot = lots[0]; left > 0n && lot !== undefined; lot = lots[0]) {
    const n = left < lot.quantity ? left : lot.quantity;
    // The last piece of a lot carries what is left of its cost: its pieces add up to its cost.
    const cost = n === lot.quantity ? lot.cost : (lot.cost * n) / lot.quantity;
    pieces.push({ at: lot.at, quantity: n, cost, costKnown: lot.costKnown });
    lot.quantity -= n;
    lot.cost -= cost;
    if (lot.quantity === 0n) lots.shift();
    left -= n;
  }
  if (left > 0n) pieces.push({ at: new Date(NaN), quantity: left, cost: 0n, costKnown: false });
  return pieces;
}

/** Shares `total` over pieces of `whole` by quantity; the last piece takes what is left. */
function shareOut(total: bigint, whole: bigint) {
  let given = 0n;
  return (quantity: bigint, last: boolean): bigint => {
    const part = last ? total - given : (total * quantity) / whole;
    given += part;
    return part;
  };
}

/**
 * The Schedule VDA lines of every transfer in `events` (in the order they happened, oldest first):
 * each transfer split by the lots it used up, its consideration shared by quantity (the last
 * piece takes the remainder, so the pieces add up to the consideration).
 */
export function matchFifo(events: readonly HoldingEvent[]): MatchedLine[] {
  const holdings = new Map<string, Lot[]>();
  const lotsOf = (coin: string) => {
    let lots = holdings.get(coin);
    if (!lots) holdings.set(coin, (lots = []));
    return lots;
  };
  const lines: MatchedLine[] = [];
  for (const e of events) {
    const lots = lotsOf(e.coin);
    if (e.kind === 'acquire') {
      if (e.quantity > 0n)
        lots.push({ at: e.at, quantity: e.quantity, cost: e.cost, costKnown: e.costKnown });
      continue;
    }
    const pieces = take(lots, e.quantity);
    if (e.kind === 'remove') continue;
    const consideration = shareOut(e.consideration, e.quantity);
    const tds = shareOut(e.tds, e.quantity);
    pieces.forEach((p, i) => {
      const last = i === pieces.length - 1;
      const paid = consideration(p.quantity, last);
      lines.push({
        coin: e.coin,
        ref: e.ref,
        acquiredAt: Number.isNaN(p.at.getTime()) ? null : p.at,
        transferredAt: e.at,
        quantity: p.quantity,
        cost: p.cost,
        consideration: paid,
        income: paid - p.cost,
        tds: tds(p.quantity, last),
        costKnown: p.costKnown,
      });
    });
  }
  return lines;
}
