import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopUp } from '@/lib/use-pop-up';
import { useMarketPairs } from '../hooks/use-market-pairs';
import { PairList } from './pair-list';
import { QuoteTabs } from './quote-tabs';
import type { QuoteCoin } from '@exchange/contracts';
import styles from './trade-menu.module.css';

type Panel = 'spot' | 'margin';

/**
 * The Trade menu: Spot Trading with live pairs and a search (D8), Margin Trading soon. The
 * spec's hover menu, which a click, Enter or Space opens too (`usePopUp`).
 */
export function TradeMenu() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const popUp = usePopUp(() => setOpened(true));
  const [panel, setPanel] = useState<Panel>('spot');
  const [search, setSearch] = useState('');
  const [quote, setQuote] = useState<QuoteCoin>('USDT');
  // Pairs and their live stream start with the first opening, so pages without it stay light.
  const { pairs, isLoading } = useMarketPairs('all', { skip: !opened });
  const shown = useMemo(() => {
    // The pair as shown (BTC/USDT) or the coin's name (Bitcoin) finds it too.
    const term = search.trim().toUpperCase().replace('/', '');
    const quoted = pairs.filter((p) => p.quote_token.short_name === quote);
    return term
      ? quoted.filter(
          (p) => p.symbol.includes(term) || p.base_token.name.toUpperCase().includes(term),
        )
      : quoted;
  }, [pairs, search, quote]);

  return (
    <div className={styles.root} {...popUp.root}>
      <button className={styles.trigger} {...popUp.trigger}>
        {t('tradeMenu.trigger')} <span aria-hidden="true">▾</span>
      </button>
      {popUp.open && (
        <div
          className={styles.menu}
          role="group"
          aria-label={t('tradeMenu.label')}
          {...popUp.panel}
        >
          <div className={styles.first}>
            <button
              type="button"
              aria-pressed={panel === 'spot'}
              className={panel === 'spot' ? styles.itemActive : styles.item}
              onMouseEnter={() => setPanel('spot')}
              onClick={() => setPanel('spot')}
            >
              <strong>{t('nav.spotTrading')}</strong>
              <small>{t('tradeMenu.spotNote')}</small>
            </button>
            <button
              type="button"
              aria-pressed={panel === 'margin'}
              className={panel === 'margin' ? styles.itemActive : styles.item}
              onMouseEnter={() => setPanel('margin')}
              onClick={() => setPanel('margin')}
            >
              <strong>{t('tradeMenu.margin')}</strong>
              <small>{t('tradeMenu.marginNote')}</small>
            </button>
          </div>
          <div className={styles.second}>
            {panel === 'spot' ? (
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
                  emptyText={t(isLoading ? 'pairs.loading' : 'pairs.noneFound')}
                  onPick={popUp.close}
                />
              </>
            ) : (
              <p className={styles.soon}>{t('tradeMenu.soon')}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
