import type { WalletGroup, WalletType } from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinFilterBar } from '../components/coin-filter-bar';
import { filterCoins, type CoinFilter } from '../wallet-math';

const NONE: CoinFilter = { search: '', hideZero: false };

/**
 * A wallet screen's coin search and hide-zero switch (walk-3 D17): the coins to list, the bar
 * that sets them, and the empty table's words when nothing matches.
 */
export function useCoinFilter(groups: WalletGroup[], wallet?: WalletType) {
  const { t } = useTranslation('wallets');
  const [filter, setFilter] = useState(NONE);
  const shown = useMemo(() => filterCoins(groups, filter, wallet), [groups, filter, wallet]);
  const filtered = filter.search.trim() !== '' || filter.hideZero;
  return {
    shown,
    bar: <CoinFilterBar value={filter} onChange={setFilter} />,
    emptyText: filtered && groups.length > 0 ? t('filter.noMatch') : undefined,
  };
}
