import type { WalletGroup, WalletType } from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinFilterBar } from '../components/coin-filter-bar';
import { filterCoins, type CoinFilter } from '../wallet-math';

/** Zero balances hidden at first (review W4-18: 26 empty cards made a phone page 5,000 px). */
const FIRST: CoinFilter = { search: '', hideZero: true };

/**
 * A wallet screen's coin search and hide-zero switch (walk-3 D17): the coins to list, the bar
 * that sets them, and the empty table's words when nothing matches or nothing is held.
 */
export function useCoinFilter(groups: WalletGroup[], wallet?: WalletType) {
  const { t } = useTranslation('wallets');
  const [filter, setFilter] = useState(FIRST);
  const shown = useMemo(() => filterCoins(groups, filter, wallet), [groups, filter, wallet]);
  const searched = filter.search.trim() !== '';
  const emptyText =
    groups.length === 0
      ? undefined
      : searched
        ? t('filter.noMatch')
        : filter.hideZero
          ? t('filter.nothingHeld')
          : undefined;
  return { shown, bar: <CoinFilterBar value={filter} onChange={setFilter} />, emptyText };
}
