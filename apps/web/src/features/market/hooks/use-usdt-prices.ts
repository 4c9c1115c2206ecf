import { INR, QUOTE_ASSET } from '@exchange/contracts';
import { divideAmounts } from '@/lib/amount';
import { useMemo } from 'react';
import { useMarketPairs } from './use-market-pairs';

/**
 * Base coin → live price of its USDT pair, for valuing balances in USDT; the rupee at 1 ÷ the
 * USDT/INR price, and `USDTINR` itself for showing totals in rupees.
 */
export function useUsdtPrices(): Record<string, string> {
  const { pairs } = useMarketPairs('all');
  return useMemo(() => {
    const prices: Record<string, string> = Object.fromEntries(
      pairs
        .filter((p) => p.quote_token.short_name === QUOTE_ASSET)
        .map((p) => [p.base_token.short_name, p.price]),
    );
    const usdtInr = pairs.find(
      (p) => p.base_token.short_name === QUOTE_ASSET && p.quote_token.short_name === INR,
    )?.price;
    if (usdtInr) {
      prices[INR] = divideAmounts('1', usdtInr, 12);
      prices[`${QUOTE_ASSET}${INR}`] = usdtInr;
    }
    return prices;
  }, [pairs]);
}
