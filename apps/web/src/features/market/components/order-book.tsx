import { Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupBook, spreadOf, type BookRow } from '../book-grouping';
import { compareDec, parseDec } from '@/lib/decimal';
import { Spinner } from '@/components/ui/spinner';
import { abbreviate, formatPrice, formatToStep } from '@/lib/format';
import { useGetOrderBookQuery } from '../api/get-order-book';
import { useRovingRows } from '../hooks/use-roving-rows';
import styles from './book-panel.module.css';
import { BookGrouping } from './book-grouping-select';
import { PickHint, PickRow, type BookPick } from './pick-row';

export type { BookPick } from './pick-row';

/** The pair's tick and lot sizes: every row shows prices and amounts to them. */
export interface PairSteps {
  tick: string | undefined;
  lot: string | undefined;
}

interface OrderBookProps {
  symbol: string;
  lastPrice: string | undefined;
  baseName: string;
  quoteName: string;
  steps: PairSteps;
  onPick: (pick: BookPick) => void;
}

const rowKey = (side: 'ask' | 'bid', row: BookRow) => `${side}:${row.price}`;

/** Spec section 2: price-up is true when the ticker price is at or above the previous one. */
function usePriceUp(price: string | undefined) {
  const [seen, setSeen] = useState({ price, up: true });
  if (price === seen.price) return seen.up;
  const now = price ? parseDec(price) : null;
  const before = seen.price ? parseDec(seen.price) : null;
  const up = !now || !before || compareDec(now, before) >= 0;
  setSeen({ price, up });
  return up;
}

function Rows({
  rows,
  side,
  steps,
  priceStep,
  hintId,
  tabKey,
  onPick,
}: {
  rows: BookRow[];
  side: 'ask' | 'bid';
  steps: PairSteps;
  /** The grouping's step: prices are shown to it. */
  priceStep: string | undefined;
  hintId: string;
  tabKey: string | undefined;
  onPick: OrderBookProps['onPick'];
}) {
  const { t } = useTranslation('market');
  // The cells' names, once per render, not once per row (a repaint each frame while trading).
  const priceName = t(side === 'ask' ? 'book.askPrice' : 'book.bidPrice');
  const amountName = t('book.amountCell');
  const totalName = t('book.totalCell');
  const list = useRef<HTMLUListElement>(null);
  // The depth bars' lengths, written on the rows' buttons before the frame paints: a change of
  // the running totals, which moves every deeper row's bar, then renders only the rows whose
  // figures changed (PickRow's memo), not all of them.
  useLayoutEffect(() => {
    const items = list.current?.children ?? [];
    rows.forEach((row, i) => {
      const button = items[i]?.firstElementChild as HTMLElement | null | undefined;
      button?.style.setProperty('--depth', `${(row.depth * 100).toFixed(1)}%`);
    });
  }, [rows]);
  return (
    <ul
      ref={list}
      className={side === 'ask' ? styles.asks : styles.bids}
      aria-label={t(side === 'ask' ? 'book.asks' : 'book.bids')}
    >
      {rows.map((row) => (
        <PickRow
          key={row.price}
          testId={`${side}-row`}
          rowKey={rowKey(side, row)}
          tabbable={tabKey === rowKey(side, row)}
          hintId={hintId}
          cells={[
            {
              name: priceName,
              text: formatToStep(row.price, priceStep),
              className: side === 'ask' ? styles.down : styles.up,
            },
            { name: amountName, text: formatToStep(row.amount, steps.lot) },
            { name: totalName, text: abbreviate(row.total) },
          ]}
          barClass={side === 'ask' ? styles.askBar : styles.bidBar}
          pick={{ price: row.price, amount: row.amount }}
          onPick={onPick}
        />
      ))}
    </ul>
  );
}

/**
 * The order book (spec section 2): the best 12 asks and bids, live, with the last price and the
 * spread between them; prices grouped by a multiple of the tick (chosen above the rows), a depth
 * bar behind each row (the cumulative amount from the best price). Clicking a row fills the order
 * form's price and amount.
 */
export function OrderBook({
  symbol,
  lastPrice,
  baseName,
  quoteName,
  steps,
  onPick,
}: OrderBookProps) {
  const { t } = useTranslation('market');
  const { data: levels, isLoading, isError } = useGetOrderBookQuery(symbol);
  const up = usePriceUp(lastPrice);
  const hintId = useId();
  const [priceStep, setPriceStep] = useState<{ symbol: string; step: string } | null>(null);
  // A grouping chosen on another pair does not carry over.
  const step = priceStep?.symbol === symbol ? priceStep.step : steps.tick;
  const data = levels && groupBook(levels, step);
  const spread = levels && spreadOf(levels);
  // Shown top to bottom: the asks highest first (down to the spread), then the bids.
  const keys = data
    ? [
        ...data.asks.map((r) => rowKey('ask', r)).reverse(),
        ...data.bids.map((r) => rowKey('bid', r)),
      ]
    : [];
  const roving = useRovingRows(keys);
  if (isLoading) return <Spinner label={t('book.loading')} />;
  if (isError || !data) return <p className={styles.empty}>{t('book.unavailable')}</p>;
  return (
    <div className={styles.book} {...roving.container}>
      {/* Its words load with their catalog; the rows do not wait for them. */}
      <Suspense fallback={<div className={styles.groupingSlot} />}>
        <BookGrouping
          tick={steps.tick}
          value={step}
          onChange={(next) => setPriceStep({ symbol, step: next })}
        />
      </Suspense>
      <div className={styles.head} aria-hidden="true">
        <span>{t('book.price', { coin: quoteName })}</span>
        <span>{t('book.amount', { coin: baseName })}</span>
        <span>{t('book.total')}</span>
      </div>
      <PickHint id={hintId} />
      <Rows
        rows={data.asks}
        side="ask"
        steps={steps}
        priceStep={step}
        hintId={hintId}
        tabKey={roving.tabKey}
        onPick={onPick}
      />
      <div className={styles.midRow}>
        <p
          className={`${styles.mid} ${up ? styles.up : styles.down}`}
          data-testid="book-last-price"
        >
          {lastPrice ? formatPrice(lastPrice) : '-'}{' '}
          <span aria-hidden="true">{up ? '↑' : '↓'}</span>
        </p>
        {spread && (
          <p className={styles.spread} data-testid="book-spread">
            {t('book.spread', {
              spread: formatToStep(spread.spread, steps.tick),
              percent: spread.percent,
            })}
          </p>
        )}
      </div>
      <Rows
        rows={data.bids}
        side="bid"
        steps={steps}
        priceStep={step}
        hintId={hintId}
        tabKey={roving.tabKey}
        onPick={onPick}
      />
      {data.asks.length === 0 && data.bids.length === 0 && (
        <p className={styles.empty}>{t('book.empty')}</p>
      )}
    </div>
  );
}
