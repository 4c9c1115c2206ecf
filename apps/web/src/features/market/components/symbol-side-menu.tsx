import type { QuoteCoin, SymbolFilter } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketPairs } from '../hooks/use-market-pairs';
import { LazyPairFinder as PairFinder } from './lazy-pair-finder';
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
  const active = signedIn ? filter : 'all';
  const { pairs, isLoading } = useMarketPairs(active);
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
      <PairFinder
        pairs={pairs}
        isLoading={isLoading}
        initialQuote={initialQuote}
        {...(onPick ? { onPick } : {})}
      />
    </section>
  );
}
