import { useMemo, useRef, useState } from 'react';
import { useMarketPairs } from '../hooks/use-market-pairs';
import { PairList } from './pair-list';
import styles from './trade-menu.module.css';

type Panel = 'spot' | 'margin';

/** The Trade hover menu: Spot Trading with live pairs and a search (D8), Margin Trading soon. */
export function TradeMenu() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [panel, setPanel] = useState<Panel>('spot');
  const [search, setSearch] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  // Pairs and their live stream start with the first opening, so pages without it stay light.
  const { pairs, isLoading } = useMarketPairs('all', { skip: !opened });
  const show = (value: boolean) => {
    setOpen(value);
    if (value) setOpened(true);
  };
  const shown = useMemo(() => {
    // The pair as shown (BTC/USDT) or the coin's name (Bitcoin) finds it too.
    const term = search.trim().toUpperCase().replace('/', '');
    return term
      ? pairs.filter(
          (p) => p.symbol.includes(term) || p.base_token.name.toUpperCase().includes(term),
        )
      : pairs;
  }, [pairs, search]);

  return (
    <div
      className={styles.root}
      onMouseEnter={() => show(true)}
      onMouseLeave={() => show(false)}
      onFocus={(e) => {
        // Focus coming in opens it; focus moving inside (Escape back to Trade) does not.
        if (!e.currentTarget.contains(e.relatedTarget)) show(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) show(false);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        show(false);
        trigger.current?.focus();
      }}
    >
      {/* The pointer or focus has opened it by the time of a click: a click keeps it open. */}
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => show(true)}
      >
        Trade <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className={styles.menu} role="menu" aria-label="Trade">
          <div className={styles.first}>
            <button
              type="button"
              role="menuitem"
              className={panel === 'spot' ? styles.itemActive : styles.item}
              onMouseEnter={() => setPanel('spot')}
              onClick={() => setPanel('spot')}
            >
              <strong>Spot Trading</strong>
              <small>Buy and sell crypto with USDT</small>
            </button>
            <button
              type="button"
              role="menuitem"
              className={panel === 'margin' ? styles.itemActive : styles.item}
              onMouseEnter={() => setPanel('margin')}
              onClick={() => setPanel('margin')}
            >
              <strong>Margin Trading</strong>
              <small>Trade with leverage</small>
            </button>
          </div>
          <div className={styles.second}>
            {panel === 'spot' ? (
              <>
                <input
                  className={styles.search}
                  type="search"
                  placeholder="Search"
                  aria-label="Search pairs"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <PairList
                  pairs={shown}
                  emptyText={isLoading ? 'Loading pairs…' : 'No pairs found'}
                  onPick={() => show(false)}
                />
              </>
            ) : (
              <p className={styles.soon}>Coming Soon</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
