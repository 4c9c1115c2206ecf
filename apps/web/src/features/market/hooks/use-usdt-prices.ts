import { QUOTE_ASSET } from '@exchange/contracts';
import { useMemo } from 'react';
import { useMarketPairs } from './use-market-pairs';

/** Base coin → live price of its USDT pair, for valuing balances in USDT. */
export function useUsdtPrices(): Record<string, string> {
  const { pairs } = useMarketPairs('all');
  return useMemo(
    () =>
      Object.fromEntries(
        pairs
          .filter((p) => p.quote_token.short_name === QUOTE_ASSET)
          .map((p) => [p.base_token.short_name, p.price]),
      ),
    [pairs],
  );
}
