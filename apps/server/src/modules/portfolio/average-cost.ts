import { ledgerOne } from '../../core/money.js';

/**
 * What changed one coin's holding, in time order; amounts in ledger units (1e-18), values in
 * USDT ledger units.
 */
export type HoldingEvent =
  /** A buy's fill: `quantity` received after fee and TDS, `cost` the quote paid, in USDT. */
  | { kind: 'buy'; quantity: bigint; cost: bigint }
  /** A sell's fill: `quantity` sold, `proceeds` received after fee and TDS, in USDT. */
  | { kind: 'sell'; quantity: bigint; proceeds: bigint }
  /** A credited deposit, at its USDT value when credited (0 when no price was known). */
  | { kind: 'deposit'; quantity: bigint; cost: bigint }
  /** A withdrawal that left. */
  | { kind: 'withdrawal'; quantity: bigint };

/** One coin's position by the average-cost method. */
export interface Position {
  quantity: bigint;
  /** The cost of what is held: average cost × quantity. */
  cost: bigint;
  realised: bigint;
}

/** Cost of `part` of a holding of `quantity` costing `cost`, rounded toward zero. */
const shareOf = (cost: bigint, part: bigint, quantity: bigint) =>
  part >= quantity ? cost : (cost * part) / quantity;

/**
 * Average cost: a buy or deposit adds its quantity and cost; a sell realises its proceeds minus
 * the average cost of what it sold, and the holding keeps its average; a withdrawal takes its
 * share of the cost away. Selling more than the events show held (funds from before records)
 * sells at the cost there is.
 */
export function averageCost(events: HoldingEvent[]): Position {
  let quantity = 0n;
  let cost = 0n;
  let realised = 0n;
  for (const e of events) {
    if (e.kind === 'buy' || e.kind === 'deposit') {
      quantity += e.quantity;
      cost += e.cost;
      continue;
    }
    const removed = shareOf(cost, e.quantity, quantity);
    if (e.kind === 'sell') realised += e.proceeds - removed;
    cost -= removed;
    quantity = e.quantity >= quantity ? 0n : quantity - e.quantity;
  }
  return { quantity, cost, realised };
}

/** USDT per coin of a position; null when nothing is held. */
export const averagePrice = (p: Position): bigint | null =>
  p.quantity === 0n ? null : (p.cost * ledgerOne) / p.quantity;

/** What the position is worth at `price` minus what it cost. */
export const unrealised = (p: Position, price: bigint): bigint =>
  (p.quantity * price) / ledgerOne - p.cost;
