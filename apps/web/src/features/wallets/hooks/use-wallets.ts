import { useMemo } from 'react';
import { useGetWalletsQuery } from '../api/get-wallets';
import { balancesFirst } from '../wallet-math';

/**
 * The user's wallet groups (one cached query for every wallet screen), coins held first, with
 * its states.
 */
export function useWallets() {
  const query = useGetWalletsQuery(undefined);
  const groups = useMemo(() => balancesFirst(query.data ?? []), [query.data]);
  return {
    groups,
    isLoading: query.isLoading,
    error: query.isError && !query.data ? 'Could not load your wallets. Try again later.' : null,
  };
}
