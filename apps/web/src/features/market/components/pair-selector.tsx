import type { MarketSymbol } from '@exchange/contracts';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogLoader } from '@/components/ui/dialog-loader';
import { PairFinder } from './pair-finder';
import { quoteOf } from './quote-tabs';
import styles from './pair-header.module.css';

// Radix Dialog's code loads with the first opening: the trading screen paints without it.
const Dialog = lazy(() => import('@/components/ui/dialog').then((m) => ({ default: m.Dialog })));

/**
 * The trading screen's pair selector (spec section 2): the current pair's button opens the pair
 * finder, quote tabs (USDT, INR) and a search included (review W4-19), on the current pair's
 * quote coin; a pick loads that pair's page afresh.
 */
export function PairSelector({
  symbol,
  name,
  pairs,
}: {
  symbol: string;
  name: string;
  pairs: MarketSymbol[];
}) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.selector}
        aria-label={t('header.choose', { pair: name })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {name}
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      <DialogLoader open={open}>
        <Dialog open={open} onOpenChange={setOpen} title={t('header.pickTitle')} focusInput>
          <PairFinder
            pairs={pairs}
            isLoading={pairs.length === 0}
            initialQuote={quoteOf(symbol)}
            reloadDocument
            onPick={() => setOpen(false)}
          />
        </Dialog>
      </DialogLoader>
    </>
  );
}
