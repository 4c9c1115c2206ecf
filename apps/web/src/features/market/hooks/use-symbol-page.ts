import type { QuoteCoin, SymbolFilter } from '@exchange/contracts';
import { useGetSymbolsQuery } from '../api/get-symbols';
import { useLivePairs } from './use-live-pairs';

/** One page of a filter's pairs (spec section 7's GET /symbols), live tickers merged in. */
export function useSymbolPage(
  filter: SymbolFilter,
  page: number,
  pageSize: number,
  quote?: QuoteCoin,
) {
  const query = useGetSymbolsQuery({
    filter,
    page,
    page_size: pageSize,
    ...(quote ? { quote } : {}),
  });
  const pairs = useLivePairs(query.currentData?.data);
  return {
    pairs,
    total: query.currentData?.total ?? 0,
    isLoading: query.isFetching && !query.currentData,
    isError: query.isError && !query.currentData,
  };
}
