import { INR, type PairStatus } from '@exchange/contracts';
import { toSteps } from '@exchange/engine';
import type { Db } from '../../db/connect.js';
import type { Token } from '../tokens.js';
import { LEDGER_DECIMALS, parseAmount } from '../money.js';
import { rupeeCharge, rupeeValue } from '../paise.js';

/** A fee rate as a fraction numerator / 10^18, so fees are exact bigint arithmetic. */
export type FeeRate = bigint;

/** A trading pair as the core uses it: tokens, steps in ledger units, fees, status. */
export interface Pair {
  id: string;
  symbol: string;
  base: Token;
  quote: Token;
  tickSize: string;
  lotSize: string;
  /** Ledger units of one tick of price and one lot of quantity. */
  tickUnits: bigint;
  lotUnits: bigint;
  /** Quote ledger units of one tick × one lot: notional = ticks × lots × notionalUnit. */
  notionalUnit: bigint;
  /** Quoted in rupees: its quote amounts follow the paisa rule (`core/paise.ts`). */
  rupeeQuote: boolean;
  minNotional: bigint;
  makerFee: FeeRate;
  takerFee: FeeRate;
  status: PairStatus;
  symbolOrigin: string;
}

const ONE = 10n ** BigInt(LEDGER_DECIMALS);

function units(decimal: string, what: string): bigint {
  const value = parseAmount(decimal);
  if (value === null)
    throw new Error(`${what} "${decimal}" is not a decimal with at most 18 places`);
  return value;
}

/** Quote units of one tick × one lot, or null when that is not a whole number of 1e-18. */
export function notionalUnitOf(tickUnits: bigint, lotUnits: bigint): bigint | null {
  const unit = (tickUnits * lotUnits) / ONE;
  return unit * ONE === tickUnits * lotUnits && unit > 0n ? unit : null;
}

export function toPair(
  row: {
    id: string;
    tick_size: string;
    lot_size: string;
    min_notional: string;
    maker_fee: string;
    taker_fee: string;
    status: PairStatus;
    symbol_origin: string;
  },
  base: Token,
  quote: Token,
): Pair {
  const tickUnits = units(row.tick_size, 'tick size');
  const lotUnits = units(row.lot_size, 'lot size');
  const notionalUnit = notionalUnitOf(tickUnits, lotUnits);
  if (notionalUnit === null) {
    throw new Error(
      `pair ${base.shortName}${quote.shortName}: tick × lot must be a whole number of 1e-18`,
    );
  }
  return {
    id: row.id,
    symbol: `${base.shortName}${quote.shortName}`,
    base,
    quote,
    tickSize: row.tick_size,
    lotSize: row.lot_size,
    tickUnits,
    lotUnits,
    notionalUnit,
    rupeeQuote: quote.shortName === INR,
    minNotional: units(row.min_notional, 'minimum notional'),
    makerFee: units(row.maker_fee, 'maker fee'),
    takerFee: units(row.taker_fee, 'taker fee'),
    status: row.status,
    symbolOrigin: row.symbol_origin,
  };
}

/** Every pair whose tokens are listed. */
export async function loadPairs(db: Db, token: (id: string) => Token | undefined): Promise<Pair[]> {
  const rows = await db.selectFrom('pairs').selectAll().orderBy('created_at').execute();
  return rows.flatMap((row) => {
    const base = token(row.base_token_id);
    const quote = token(row.quote_token_id);
    return base && quote ? [toPair(row, base, quote)] : [];
  });
}

/** Price and quantity as engine steps; null when not a whole number of ticks or lots. */
export const priceTicks = (pair: Pair, price: string) => toSteps(price, pair.tickSize);
export const quantityLots = (pair: Pair, quantity: string) => toSteps(quantity, pair.lotSize);

/** A price × quantity in the pair's quote coin: exact, or on a rupee pair rounded down to the paisa. */
export const quoteValue = (pair: Pair, units: bigint) =>
  pair.rupeeQuote ? rupeeValue(units) : units;

/** Quote units of `lots` at `ticks` (`quoteValue`): what a fill moves and a buy order holds. */
export const notional = (pair: Pair, ticks: number, lots: number) =>
  quoteValue(pair, BigInt(ticks) * BigInt(lots) * pair.notionalUnit);

/**
 * The fee on `amount`, rounded down to a ledger unit; a fee in rupees (`rupees`, the quote leg of
 * a rupee pair) is rounded up to the paisa.
 */
export const feeOn = (amount: bigint, rate: FeeRate, rupees = false) =>
  rupees ? rupeeCharge(amount, rate) : (amount * rate) / ONE;
