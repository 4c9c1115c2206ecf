import type { SymbolFilter } from '@exchange/contracts';
import { useState } from 'react';
import { useMarketPairs } from '../hooks/use-market-pairs';
import { PairList } from './pair-list';
import styles from './symbol-side-menu.module.css';

interface SymbolSideMenuProps {
  signedIn: boolean;
  onPick?: () => void;
}

/**
 * Symbols merged with live tickers. Signed in, it adds the user's favourites; signed out, it
 * lists every pair (favourites need an account).
 */
export function SymbolSideMenu({ signedIn, onPick }: SymbolSideMenuProps) {
  const [filter, setFilter] = useState<SymbolFilter>('all');
  const active = signedIn ? filter : 'all';
  const { pairs, isLoading } = useMarketPairs(active);
  return (
    <section className={styles.root} aria-label="Markets">
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
              {f === 'favourite' ? 'Favorites' : 'All'}
            </button>
          ))}
        </div>
      )}
      <PairList
        pairs={pairs}
        emptyText={isLoading ? 'Loading pairs…' : 'No pairs yet'}
        {...(onPick ? { onPick } : {})}
      />
    </section>
  );
}
