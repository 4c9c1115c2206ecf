import type { QuoteCoin } from '@exchange/contracts';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Tabs } from '@/components/ui/tabs';
import {
  marketPageChanged,
  marketTabChanged,
  selectMarketFilters,
  type MarketSymbolsState,
  type MarketTab,
} from '../market-symbols-slice';
import { QuoteTabs } from './quote-tabs';
import { SymbolTable } from './symbol-table';

const TABS: { value: MarketTab; label: string }[] = [
  { value: 'favourite', label: 'Favorite' },
  { value: 'all', label: 'All' },
  { value: 'spot', label: 'Spot' },
];

/** /market's table: Favorite, All and Spot tabs, their filter and page in the marketSymbols slice. */
export function MarketsTable() {
  const dispatch = useDispatch();
  const filters = useSelector((state: { marketSymbols: MarketSymbolsState }) =>
    selectMarketFilters(state),
  );
  const [quote, setQuote] = useState<QuoteCoin>('USDT');
  return (
    <Tabs
      label="Markets"
      end={
        <QuoteTabs
          value={quote}
          onChange={(q) => {
            setQuote(q);
            dispatch(marketPageChanged(1));
          }}
        />
      }
      value={filters.filter}
      onValueChange={(tab) => dispatch(marketTabChanged(tab))}
      items={TABS.map((tab) => ({
        ...tab,
        content: (
          <SymbolTable
            label={`${tab.label} markets`}
            filter={tab.value}
            page={filters.page}
            pageSize={filters.page_size}
            onPageChange={(page) => dispatch(marketPageChanged(page))}
            quote={quote}
          />
        ),
      }))}
    />
  );
}
