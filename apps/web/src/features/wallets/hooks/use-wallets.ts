import { useGetWalletsQuery } from '../api/get-wallets';
import type { WalletGroup } from '@exchange/contracts';

const EMPTY: WalletGroup[] = [];

/** The user's wallet groups (one cached query for every wallet screen), with its states. */
export function useWallets() {
  const query = useGetWalletsQuery(undefined);
  return {
    groups: query.data ?? EMPTY,
    isLoading: query.isLoading,
    error: query.isError && !query.data ? 'Could not load your wallets. Try again later.' : null,
  };
}
