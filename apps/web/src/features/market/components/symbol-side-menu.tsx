import type { QuoteCoin, SymbolFilter } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketPairs } from '../hooks/use-market-pairs';
import { PairList } from './pair-list';
import { QuoteTabs } from './quote-tabs';
import styles from './symbol-side-menu.module.css';

interface SymbolSideMenuProps {
  signedIn: boolean;
  /** The quote coin shown first: the current pair's. */
  initialQuote?: QuoteCoin;
  onPick?: () => void;
}

/**
 * Symbols merged with live tickers. Signed in, it adds the user's favourites; signed out, it
 * lists every pair (favourites need an account).
 */
export function SymbolSideMenu({ signedIn, onPick, initialQuote = 'USDT' }: SymbolSideMenuProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<SymbolFilter>('all');
  const [quote, setQuote] = useState<QuoteCoin>(initialQuote);
  const active = signedIn ? filter : 'all';
  const { pairs: all, isLoading } = useMarketPairs(active);
  const pairs = all.filter((p) => p.quote_token.short_name === quote);
  return (
    <section className={styles.root} aria-label={t('pairs.markets')}>
      {signedIn && (
        <div className={styles.tabs} role="tablist">
          {(['favourite', 'all'] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={active === f}
              className={active === f ? styles.tabActive : styles.tab}
              onClick={() => setFilter(f)}
            >
              {t(f === 'favourite' ? 'pairs.favorites' : 'pairs.all')}
            </button>
          ))}
        </div>
      )}
      <QuoteTabs value={quote} onChange={setQuote} />
      <PairList
        pairs={pairs}
        emptyText={t(isLoading ? 'pairs.loading' : 'pairs.noneYet')}
        {...(onPick ? { onPick } : {})}
      />
    </section>
  );
}
