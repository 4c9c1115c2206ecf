import { formatAmount } from '../../core/money.js';

/** Binance writes prices and quantities with 8 decimals ("0.10000000"); finer ones keep theirs. */
const PLACES = 8;

/**
 * A decimal string as Binance writes its prices and quantities: padded with zeros to 8 places
 * ("30000" is "30000.00000000", "0.5" "0.50000000"); one with more places is left whole, since
 * cutting it would change the amount. The one formatter of `/api/v3` and the streams.
 */
export function binanceDecimal(text: string): string {
  const point = text.indexOf('.');
  if (point < 0) return `${text}.00000000`;
  const places = text.length - point - 1;
  return places >= PLACES ? text : text + '0'.repeat(PLACES - places);
}

/** Ledger units as Binance writes an amount (`binanceDecimal`). */
export const binanceAmount = (units: bigint): string => binanceDecimal(formatAmount(units));

/** A price level `[price, quantity]` of decimal strings, padded as Binance's. */
export const binanceLevel = ([price, quantity]: readonly [string, string]): [string, string] => [
  binanceDecimal(price),
  binanceDecimal(quantity),
];
