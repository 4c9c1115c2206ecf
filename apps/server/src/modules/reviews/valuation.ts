import { ledgerOne } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';

/** The quote every pair is in, worth 1 USDT. */
const USDT = 'USDT';

/** A traded market is trusted to value a review only with at least this many trades in 24 h. */
export const REFERENCE_MIN_TRADES = 10;

/** What the market data knows of a USDT pair's last 24 hours, for valuing a review. */
export interface MarketEvidence {
  /** New orders are refused on the pair: its prices are not live. */
  halted: boolean;
  /** Base and quote (USDT) traded in the last 24 h, ledger units. */
  volume: bigint;
  quoteVolume: bigint;
  /** The prices of the pair's latest trades within the 24 h (quote ledger units per whole base). */
  prices: bigint[];
}

/** The evidence of the pair `symbol`; null for a symbol that is not listed. */
export type MarketEvidenceOf = (symbol: string) => MarketEvidence | null;

function median(sorted: bigint[]): bigint {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as bigint)
    : ((sorted[mid - 1] as bigint) + (sorted[mid] as bigint)) / 2n;
}

/**
 * The price a review values a coin at (review N-H2): the higher of the pair's 24 h volume-weighted
 * price and the median of its latest trades, so one printed trade moves neither far, and an
 * attempt to look cheap must push both. The higher, not the lower: undervaluing is the attack
 * (it makes one admin enough), so the rule errs towards two. Null, which needs two admins, for a
 * halted pair, one with fewer than REFERENCE_MIN_TRADES trades or less than `minQuoteVolume` of
 * USDT traded in 24 h: a thin or new market says nothing a reviewer can rely on.
 */
export function referencePrice(evidence: MarketEvidence, minQuoteVolume: bigint): bigint | null {
  const { halted, volume, quoteVolume, prices } = evidence;
  if (halted || volume === 0n || quoteVolume < minQuoteVolume) return null;
  if (prices.length < REFERENCE_MIN_TRADES) return null;
  const vwap = (quoteVolume * ledgerOne) / volume;
  const mid = median([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  return vwap > mid ? vwap : mid;
}

/**
 * `amount` (ledger units of `token`) in USDT ledger units at the reference price of the token's
 * USDT pair; USDT itself at 1; null when nobody can tell (no pair, or a market too thin to trust).
 */
export function valueInUsdt(
  token: Token,
  amount: bigint,
  evidenceOf: MarketEvidenceOf,
  minQuoteVolume: bigint,
): bigint | null {
  if (token.shortName === USDT) return amount;
  const evidence = evidenceOf(`${token.shortName}${USDT}`);
  const price = evidence && referencePrice(evidence, minQuoteVolume);
  return price === null ? null : (amount * price) / ledgerOne;
}

/**
 * Rupees in USDT ledger units at the USDT/INR reference rate an admin sets (TDS valuation): a rate
 * no trade can move, where the INR books could be pushed. Null (two admins) while no rate is set.
 */
export function inrInUsdt(amount: bigint, usdtInr: bigint): bigint | null {
  return usdtInr > 0n ? (amount * ledgerOne) / usdtInr : null;
}
