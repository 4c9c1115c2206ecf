import { ledgerOne } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';

/** The quote every pair is in, worth 1 USDT. */
const USDT = 'USDT';

/** The latest trade price of a pair (quote ledger units per whole base); null before any trade. */
export type LastPrice = (symbol: string) => bigint | null;

/**
 * `amount` (ledger units of `token`) in USDT ledger units at the last price of the token's USDT
 * pair; USDT itself at 1; null when the token has no traded USDT pair.
 */
export function valueInUsdt(token: Token, amount: bigint, lastPrice: LastPrice): bigint | null {
  if (token.shortName === USDT) return amount;
  const price = lastPrice(`${token.shortName}${USDT}`);
  return price === null ? null : (amount * price) / ledgerOne;
}
