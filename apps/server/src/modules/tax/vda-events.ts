import { INR, QUOTE_ASSET } from '@exchange/contracts';
import { ledgerOne } from '../../core/money.js';
import { PAISA } from '../../core/paise.js';
import type { HoldingEvent } from './vda-fifo.js';

/** One side of one of the user's fills, as the report reads it. Coins in ledger units (1e-18). */
export interface VdaFill {
  symbol: string;
  base: string;
  quote: string;
  tradeId: number;
  isBuyer: boolean;
  time: Date;
  quantity: bigint;
  quoteQuantity: bigint;
  /** This side's fee, in the coin it received (base for a buy, quote for a sell). */
  fee: bigint;
  /** TDS withheld from what this side received, in that coin. */
  tds: bigint;
  /** The TDS in rupees (ledger units), as the deduction recorded it. */
  tdsInr: bigint;
  /** INR ledger units per USDT in force at the fill (the TDS deduction's rate); unused on INR pairs. */
  usdtInr: bigint | null;
}

/** A deposit credited or a withdrawal that left, of any coin. */
export interface VdaMovement {
  coin: string;
  amount: bigint;
  at: Date;
}

/** Rupee ledger units as whole paise, rounded down. */
export const toPaise = (inrUnits: bigint) => inrUnits / PAISA;

/**
 * The fill's value in paise: an INR pair's rupees, a USDT pair's USDT at the USDT/INR rate in
 * force at the fill, rounded down to the paisa. null: a pair quoted in neither, or no rate.
 */
export function fillValuePaise(f: VdaFill): bigint | null {
  if (f.quote === INR) return toPaise(f.quoteQuantity);
  if (f.quote !== QUOTE_ASSET || f.usdtInr === null || f.usdtInr <= 0n) return null;
  return toPaise((f.quoteQuantity * f.usdtInr) / ledgerOne);
}

/**
 * What one fill side does to the holdings: the coin given is transferred for the fill's full
 * value (the rupee is money, not a virtual digital asset: giving or getting it is no transfer or
 * acquisition); the coin received, after the fee, is acquired at the same value (the fee taken in
 * it makes each coin dearer: part of the cost); TDS withheld in a coin then leaves the holding.
 */
export function fillEvents(f: VdaFill, value: bigint): HoldingEvent[] {
  const [given, givenQty, got, gotQty] = f.isBuyer
    ? [f.quote, f.quoteQuantity, f.base, f.quantity]
    : [f.base, f.quantity, f.quote, f.quoteQuantity];
  const events: HoldingEvent[] = [];
  if (given !== INR)
    events.push({
      kind: 'transfer',
      coin: given,
      at: f.time,
      quantity: givenQty,
      consideration: value,
      tds: toPaise(f.tdsInr),
      ref: `${f.symbol}:${f.tradeId}:${f.isBuyer ? 'buy' : 'sell'}`,
    });
  if (got !== INR) {
    events.push({
      kind: 'acquire',
      coin: got,
      at: f.time,
      quantity: gotQty - f.fee,
      cost: value,
      costKnown: true,
    });
    if (f.tds > 0n) events.push({ kind: 'remove', coin: got, at: f.time, quantity: f.tds });
  }
  return events;
}

/**
 * Every event of the user's history in time order (a stable sort: fills keep their trade order;
 * at one instant deposits come first and withdrawals last). Deposits are acquisitions whose cost
 * the exchange does not know; withdrawals leave the holding without a transfer. Throws on a fill
 * that cannot be valued in rupees.
 */
export function holdingEvents(
  fills: readonly VdaFill[],
  deposits: readonly VdaMovement[],
  withdrawals: readonly VdaMovement[],
): HoldingEvent[] {
  const timed: { at: number; rank: number; events: HoldingEvent[] }[] = [];
  for (const d of deposits)
    if (d.coin !== INR)
      timed.push({
        at: d.at.getTime(),
        rank: 0,
        events: [
          {
            kind: 'acquire',
            coin: d.coin,
            at: d.at,
            quantity: d.amount,
            cost: 0n,
            costKnown: false,
          },
        ],
      });
  for (const f of fills) {
    const value = fillValuePaise(f);
    if (value === null) throw new Error(`${f.symbol} trade ${f.tradeId} has no rupee value`);
    timed.push({ at: f.time.getTime(), rank: 1, events: fillEvents(f, value) });
  }
  for (const w of withdrawals)
    if (w.coin !== INR)
      timed.push({
        at: w.at.getTime(),
        rank: 2,
        events: [{ kind: 'remove', coin: w.coin, at: w.at, quantity: w.amount }],
      });
  return timed.sort((a, b) => a.at - b.at || a.rank - b.rank).flatMap((t) => t.events);
}
