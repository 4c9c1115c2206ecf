import type { WalletType } from '@exchange/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetWalletsQuery } from '../api/get-wallets';
import { balancesFirst } from '../wallet-math';

/**
 * The user's wallet groups (one cached query for every wallet screen), the coins held in
 * `wallet` (or in any) first, with its states.
 */
export function useWallets(wallet?: WalletType) {
  const { t } = useTranslation('wallets');
  const query = useGetWalletsQuery(undefined);
  const groups = useMemo(() => balancesFirst(query.data ?? [], wallet), [query.data, wallet]);
  return {
    groups,
    isLoading: query.isLoading,
    error: query.isError && !query.data ? t('loadFailed') : null,
  };
}
