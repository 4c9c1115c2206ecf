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

/** The 24 h volume-weighted price and the median of the latest trades; null for a thin market. */
function vwapAndMedian(evidence: MarketEvidence): [bigint, bigint] | null {
  const { halted, volume, quoteVolume, prices } = evidence;
  if (halted || volume === 0n || prices.length < REFERENCE_MIN_TRADES) return null;
  const vwap = (quoteVolume * ledgerOne) / volume;
  return [vwap, median([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))];
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
  const both = evidence.quoteVolume < minQuoteVolume ? null : vwapAndMedian(evidence);
  return both && (both[0] > both[1] ? both[0] : both[1]);
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
 * The market's own USDT/INR price (rupees per USDT, ledger units) from the USDTINR pair: the LOWER
 * of its 24 h volume-weighted price and median trade, since for rupees a high rate is the attack
 * (it makes an amount of rupees look small). Null for no pair, a halted one, or one with fewer than
 * REFERENCE_MIN_TRADES trades or less than `minUsdtVolume` of USDT (its base) traded in 24 h.
 */
export function usdtInrMarketRate(
  evidence: MarketEvidence | null,
  minUsdtVolume: bigint,
): bigint | null {
  const both = evidence && evidence.volume >= minUsdtVolume ? vwapAndMedian(evidence) : null;
  return both && (both[0] < both[1] ? both[0] : both[1]);
}

/** The USDT/INR rates rupees can be valued at (INR ledger units per USDT). */
export interface UsdtInrRates {
  /** The reference rate admins set (TDS valuation); 0 while none is set. */
  admin: bigint;
  /** The USDTINR pair's price (`usdtInrMarketRate`); null when the market cannot tell. */
  market: bigint | null;
  /** The hard bound no rate may exceed (USDT_INR_RATE_MAX). */
  ceiling: bigint;
}

/**
 * Rupees in USDT ledger units for a review or a limit (review N4-H2): at the LOWEST of the admin
 * rate, the market's price and the ceiling, so the highest USDT value. An admin who raises the rate
 * can never make an amount of rupees worth less than the market or the ceiling says. Null (two
 * admins) while no admin rate is set.
 */
export function inrInUsdt(amount: bigint, rates: UsdtInrRates): bigint | null {
  if (rates.admin <= 0n) return null;
  let rate = rates.admin < rates.ceiling ? rates.admin : rates.ceiling;
  if (rates.market !== null && rates.market > 0n && rates.market < rate) rate = rates.market;
  return (amount * ledgerOne) / rate;
}
