import { Spinner } from '@/components/ui/spinner';
import { formatToStep } from '@/lib/format';
import { useGetRecentTradesQuery } from '../api/get-recent-trades';
import styles from './book-panel.module.css';
import type { BookPick, PairSteps } from './order-book';

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour12: false });

interface RecentTradesProps {
  symbol: string;
  baseName: string;
  quoteName: string;
  steps: PairSteps;
  onPick: (pick: BookPick) => void;
}

/** Recent trades (spec section 2): price, quantity and time, newest first, live, at most 50. */
export function RecentTrades({ symbol, baseName, quoteName, steps, onPick }: RecentTradesProps) {
  const { data, isLoading, isError } = useGetRecentTradesQuery(symbol);
  if (isLoading) return <Spinner label="Loading recent trades" />;
  if (isError || !data) return <p className={styles.empty}>Recent trades are unavailable.</p>;
  if (data.length === 0) return <p className={styles.empty}>NO DATA</p>;
  return (
    <div className={styles.book}>
      <div className={styles.head} aria-hidden="true">
        <span>Price ({quoteName})</span>
        <span>Quantity ({baseName})</span>
        <span>Time</span>
      </div>
      <ul className={styles.trades} aria-label="Recent trades">
        {data.map((trade) => (
          <li key={trade.id}>
            <button
              type="button"
              className={styles.row}
              data-testid="trade-row"
              aria-label={`Trade at ${trade.price}, quantity ${trade.quantity}: fill the order form`}
              onClick={() => onPick({ price: trade.price, amount: trade.quantity })}
            >
              <span className={trade.side === 'buy' ? styles.up : styles.down}>
                {formatToStep(trade.price, steps.tick)}
              </span>
              <span>{formatToStep(trade.quantity, steps.lot)}</span>
              <span>{timeOf(trade.time)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
