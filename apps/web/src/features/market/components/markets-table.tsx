import type { QuoteCoin } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

const TABS: readonly MarketTab[] = ['favourite', 'all', 'spot'];

/** /market's table: Favorite, All and Spot tabs, their filter and page in the marketSymbols slice. */
export function MarketsTable() {
  const { t } = useTranslation('market');
  const dispatch = useDispatch();
  const filters = useSelector((state: { marketSymbols: MarketSymbolsState }) =>
    selectMarketFilters(state),
  );
  const [quote, setQuote] = useState<QuoteCoin>('USDT');
  return (
    <Tabs
      label={t('tabs.markets')}
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
        value: tab,
        label: t(`tabs.${tab}`),
        content: (
          <SymbolTable
            label={t(`tables.${tab}`)}
            filter={tab}
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
