import { SYMBOLS_PAGE_SIZE } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { SymbolTable } from './symbol-table';

type ProfileTab = 'favourite' | 'trending';

const TABS: readonly ProfileTab[] = ['favourite', 'trending'];
const TABLES = { favourite: 'tables.favouritePairs', trending: 'tables.trendingPairs' } as const;

/** The profile dashboard's table (spec section 2): Favorite and Trending tabs. */
export function ProfileMarkets() {
  const { t } = useTranslation('market');
  const [tab, setTab] = useState<ProfileTab>('favourite');
  const [page, setPage] = useState(1);
  return (
    <Tabs
      label={t('tabs.yours')}
      value={tab}
      onValueChange={(value) => {
        setTab(value);
        setPage(1);
      }}
      items={TABS.map((tab) => ({
        value: tab,
        label: t(`tabs.${tab}`),
        content: (
          <SymbolTable
            label={t(TABLES[tab])}
            filter={tab}
            page={page}
            pageSize={SYMBOLS_PAGE_SIZE}
            onPageChange={setPage}
          />
        ),
      }))}
    />
  );
}
