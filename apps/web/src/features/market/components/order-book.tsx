import { useState } from 'react';
import { compareDec, parseDec } from '@/lib/decimal';
import { Spinner } from '@/components/ui/spinner';
import { abbreviate, formatPrice, formatToStep } from '@/lib/format';
import { useGetOrderBookQuery } from '../api/get-order-book';
import type { BookRow } from '../order-book-model';
import styles from './book-panel.module.css';

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
  onPick,
}: {
  rows: BookRow[];
  side: 'ask' | 'bid';
  steps: PairSteps;
  onPick: OrderBookProps['onPick'];
}) {
  return (
    <ul
      className={side === 'ask' ? styles.asks : styles.bids}
      aria-label={side === 'ask' ? 'Asks' : 'Bids'}
    >
      {rows.map((row) => (
        <li key={row.price}>
          <button
            type="button"
            className={styles.row}
            data-testid={`${side}-row`}
            aria-label={`${side === 'ask' ? 'Ask' : 'Bid'} ${row.price}, amount ${row.amount}: fill the order form`}
            onClick={() => onPick({ price: row.price, amount: row.amount })}
          >
            <span className={side === 'ask' ? styles.down : styles.up}>
              {formatToStep(row.price, steps.tick)}
            </span>
            <span>{formatToStep(row.amount, steps.lot)}</span>
            <span>{abbreviate(row.total)}</span>
          </button>
        </li>
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
  if (isLoading) return <Spinner label="Loading order book" />;
  if (isError || !data) return <p className={styles.empty}>The order book is unavailable.</p>;
  return (
    <div className={styles.book}>
      <div className={styles.head} aria-hidden="true">
        <span>Price ({quoteName})</span>
        <span>Amount ({baseName})</span>
        <span>Total</span>
      </div>
      <Rows rows={data.asks} side="ask" steps={steps} onPick={onPick} />
      <p className={`${styles.mid} ${up ? styles.up : styles.down}`} data-testid="book-last-price">
        {lastPrice ? formatPrice(lastPrice) : '-'} <span aria-hidden="true">{up ? '↑' : '↓'}</span>
      </p>
      <Rows rows={data.bids} side="bid" steps={steps} onPick={onPick} />
      {data.asks.length === 0 && data.bids.length === 0 && <p className={styles.empty}>NO DATA</p>}
    </div>
  );
}
