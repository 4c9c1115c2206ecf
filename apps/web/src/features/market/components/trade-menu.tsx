import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopUp } from '@/lib/use-pop-up';
import { useMarketPairs } from '../hooks/use-market-pairs';
import { LazyPairFinder as PairFinder } from './lazy-pair-finder';
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
  // Pairs and their live stream start with the first opening, so pages without it stay light.
  const { pairs, isLoading } = useMarketPairs('all', { skip: !opened });

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
              <PairFinder pairs={pairs} isLoading={isLoading} onPick={popUp.close} />
            ) : (
              <p className={styles.soon}>{t('tradeMenu.soon')}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
