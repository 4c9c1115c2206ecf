import type { MarketSymbol, QuoteCoin } from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findPairs } from '../find-pairs';
import { PairList } from './pair-list';
import { QuoteTabs } from './quote-tabs';
import styles from './pair-finder.module.css';

interface PairFinderProps {
  pairs: MarketSymbol[];
  isLoading: boolean;
  /** The quote coin shown first (the current pair's). */
  initialQuote?: QuoteCoin;
  onPick?: () => void;
  /** Picking loads the pair's page afresh (the trading screen's selector, spec section 2). */
  reloadDocument?: boolean;
}

/**
 * Pairs by quote coin (USDT, INR) with a search by pair or coin name (D8): the one finder of the
 * Trade menu, the ☰ menu and the trading screen's pair selector (review W4-19).
 */
export function PairFinder({
  pairs,
  isLoading,
  initialQuote = 'USDT',
  onPick,
  reloadDocument = false,
}: PairFinderProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [quote, setQuote] = useState<QuoteCoin>(initialQuote);
  const shown = useMemo(() => findPairs(pairs, quote, search), [pairs, quote, search]);
  return (
    <>
      <QuoteTabs value={quote} onChange={setQuote} />
      <input
        className={styles.search}
        type="search"
        placeholder={t('tradeMenu.search')}
        aria-label={t('tradeMenu.searchLabel')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <PairList
        pairs={shown}
        emptyText={t(
          isLoading ? 'pairs.loading' : search.trim() ? 'pairs.noneFound' : 'pairs.noneYet',
        )}
        reloadDocument={reloadDocument}
        {...(onPick ? { onPick } : {})}
      />
    </>
  );
}
