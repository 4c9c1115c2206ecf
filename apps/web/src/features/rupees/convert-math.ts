import { MARKET_BUY_HEADROOM_PERCENT, type PriceLevel, type TdsRate } from '@exchange/contracts';
import {
  addAmounts,
  compareAmounts,
  divideAmounts,
  floorAmount,
  multiplyAmounts,
} from '@/lib/amount';

/** USDT/INR trades in lots of 0.01 USDT. */
const LOT_PLACES = 2;
/** Rupees are kept to the paisa. */
const PAISE_PLACES = 2;

export interface ConvertPreview {
  /** USDT bought or sold (whole lots). */
  usdt: string;
  /** The best price the market order starts at (INR per USDT). */
  price: string;
  /** Sell: the TDS on the rupees received (before the fee). */
  tds: string;
}

/**
 * Buying USDT with `inr` rupees at market: the server holds a market buy at the price plus the
 * protection band, so the volume is what `inr` covers at the best ask with that headroom, in
 * whole lots. What is not spent stays in the Spot wallet.
 */
export function buyPreview(inr: string, asks: readonly PriceLevel[]): ConvertPreview | null {
  const best = asks[0]?.[0];
  if (!best || compareAmounts(inr, '0') <= 0) return null;
  const worst = multiplyAmounts(best, divideAmounts(String(MARKET_BUY_HEADROOM_PERCENT), '100', 4));
  const usdt = floorAmount(divideAmounts(inr, worst, 8), LOT_PLACES);
  return compareAmounts(usdt, '0') > 0 ? { usdt, price: best, tds: '0' } : null;
}

/**
 * The TDS (section 194S) on `inr` rupees a sale receives, as the server charges it: the user's
 * rate (1% with a PAN on record, the higher rate without), rounded up to the paisa; nothing while
 * this year's rupees received stay within a threshold, if one is set.
 */
export function saleTds(inr: string, tds: TdsRate): string {
  if (compareAmounts(tds.threshold_inr, '0') > 0) {
    const received = addAmounts(tds.received_inr, inr);
    if (compareAmounts(received, tds.threshold_inr) <= 0) return '0';
  }
  const exact = multiplyAmounts(inr, tds.rate);
  const down = floorAmount(exact, PAISE_PLACES);
  return compareAmounts(down, exact) === 0 ? down : addAmounts(down, '0.01');
}

/**
 * Selling enough USDT at market (at the best bid) to receive about `inr` rupees, with the TDS
 * at the user's rate (`tds`, from the server; null while it loads: no preview yet).
 */
export function sellPreview(
  inr: string,
  bids: readonly PriceLevel[],
  tds: TdsRate | null,
): ConvertPreview | null {
  const best = bids[0]?.[0];
  if (!best || !tds || compareAmounts(inr, '0') <= 0) return null;
  const usdt = floorAmount(divideAmounts(inr, best, 8), LOT_PLACES);
  if (compareAmounts(usdt, '0') <= 0) return null;
  const gross = floorAmount(multiplyAmounts(usdt, best), PAISE_PLACES);
  return { usdt, price: best, tds: saleTds(gross, tds) };
}
