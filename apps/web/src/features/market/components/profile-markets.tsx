import { SYMBOLS_PAGE_SIZE } from '@exchange/contracts';
import { useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { SymbolTable } from './symbol-table';

type ProfileTab = 'favourite' | 'trending';

const TABS: { value: ProfileTab; label: string }[] = [
  { value: 'favourite', label: 'Favorite' },
  { value: 'trending', label: 'Trending' },
];

/** The profile dashboard's table (spec section 2): Favorite and Trending tabs. */
export function ProfileMarkets() {
  const [tab, setTab] = useState<ProfileTab>('favourite');
  const [page, setPage] = useState(1);
  return (
    <Tabs
      label="Your markets"
      value={tab}
      onValueChange={(value) => {
        setTab(value);
        setPage(1);
      }}
      items={TABS.map((item) => ({
        ...item,
        content: (
          <SymbolTable
            label={`${item.label} pairs`}
            filter={item.value}
            page={page}
            pageSize={SYMBOLS_PAGE_SIZE}
            onPageChange={setPage}
          />
        ),
      }))}
    />
  );
}
