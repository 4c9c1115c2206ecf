import type { SymbolFilter } from '@exchange/contracts';
import { useGetSymbolsQuery } from '../api/get-symbols';
import { useLivePairs } from './use-live-pairs';

/** Every listed pair of a filter merged by symbol with live ticker data (spec section 2, side menu). */
export function useMarketPairs(filter: SymbolFilter = 'all', options: { skip?: boolean } = {}) {
  const query = useGetSymbolsQuery({ filter, every_page: true }, { skip: options.skip });
  const pairs = useLivePairs(query.data?.data);
  return { pairs, isLoading: query.isLoading, isError: query.isError };
}
