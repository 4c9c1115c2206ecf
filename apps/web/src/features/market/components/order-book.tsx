import { useId, useState } from 'react';
import { compareDec, parseDec } from '@/lib/decimal';
import { Spinner } from '@/components/ui/spinner';
import { abbreviate, formatPrice, formatToStep } from '@/lib/format';
import { useGetOrderBookQuery } from '../api/get-order-book';
import { useRovingRows } from '../hooks/use-roving-rows';
import type { BookRow } from '../order-book-model';
import styles from './book-panel.module.css';
import { PickHint, PickRow } from './pick-row';

export interface BookPick {
  price: string;
  amount: string;
}

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
  hintId,
  tabKey,
  onPick,
}: {
  rows: BookRow[];
  side: 'ask' | 'bid';
  steps: PairSteps;
  hintId: string;
  tabKey: string | undefined;
  onPick: OrderBookProps['onPick'];
}) {
  const name = side === 'ask' ? 'Ask' : 'Bid';
  return (
    <ul className={side === 'ask' ? styles.asks : styles.bids} aria-label={`${name}s`}>
      {rows.map((row) => (
        <PickRow
          key={row.price}
          testId={`${side}-row`}
          rowKey={rowKey(side, row)}
          tabbable={tabKey === rowKey(side, row)}
          hintId={hintId}
          cells={[
            {
              name: `${name} price`,
              text: formatToStep(row.price, steps.tick),
              className: side === 'ask' ? styles.down : styles.up,
            },
            { name: 'amount', text: formatToStep(row.amount, steps.lot) },
            { name: 'total', text: abbreviate(row.total) },
          ]}
          onPick={() => onPick({ price: row.price, amount: row.amount })}
        />
      ))}
    </ul>
  );
}

/**
 * The order book (spec section 2): the best 12 asks and bids, live, with the last price between
 * them. Clicking a level fills the order form's price and amount.
 */
export function OrderBook({
  symbol,
  lastPrice,
  baseName,
  quoteName,
  steps,
  onPick,
}: OrderBookProps) {
  const { data, isLoading, isError } = useGetOrderBookQuery(symbol);
  const up = usePriceUp(lastPrice);
  const hintId = useId();
  // Shown top to bottom: the asks highest first (down to the spread), then the bids.
  const keys = data
    ? [
        ...data.asks.map((r) => rowKey('ask', r)).reverse(),
        ...data.bids.map((r) => rowKey('bid', r)),
      ]
    : [];
  const roving = useRovingRows(keys);
  if (isLoading) return <Spinner label="Loading order book" />;
  if (isError || !data) return <p className={styles.empty}>The order book is unavailable.</p>;
  return (
    <div className={styles.book} {...roving.container}>
      <div className={styles.head} aria-hidden="true">
        <span>Price ({quoteName})</span>
        <span>Amount ({baseName})</span>
        <span>Total</span>
      </div>
      <PickHint id={hintId} />
      <Rows
        rows={data.asks}
        side="ask"
        steps={steps}
        hintId={hintId}
        tabKey={roving.tabKey}
        onPick={onPick}
      />
      <p className={`${styles.mid} ${up ? styles.up : styles.down}`} data-testid="book-last-price">
        {lastPrice ? formatPrice(lastPrice) : '-'} <span aria-hidden="true">{up ? '↑' : '↓'}</span>
      </p>
      <Rows
        rows={data.bids}
        side="bid"
        steps={steps}
        hintId={hintId}
        tabKey={roving.tabKey}
        onPick={onPick}
      />
      {data.asks.length === 0 && data.bids.length === 0 && <p className={styles.empty}>NO DATA</p>}
    </div>
  );
}
