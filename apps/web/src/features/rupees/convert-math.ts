import { MARKET_BUY_HEADROOM_PERCENT, type PriceLevel } from '@exchange/contracts';
import { compareAmounts, divideAmounts, floorAmount, multiplyAmounts } from '@/lib/amount';

/** USDT/INR trades in lots of 0.01 USDT. */
const LOT_PLACES = 2;
/** TDS (194S) on the rupees a seller of crypto receives. */
export const INR_TDS_RATE = '0.01';

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

/** Selling enough USDT at market (at the best bid) to receive about `inr` rupees. */
export function sellPreview(inr: string, bids: readonly PriceLevel[]): ConvertPreview | null {
  const best = bids[0]?.[0];
  if (!best || compareAmounts(inr, '0') <= 0) return null;
  const usdt = floorAmount(divideAmounts(inr, best, 8), LOT_PLACES);
  if (compareAmounts(usdt, '0') <= 0) return null;
  const gross = multiplyAmounts(usdt, best);
  return { usdt, price: best, tds: multiplyAmounts(gross, INR_TDS_RATE) };
}
