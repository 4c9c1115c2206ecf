import { abbreviate, formatChange, formatPrice } from '@/lib/format';
import { useMarketPairs } from '../hooks/use-market-pairs';
import styles from './pair-header.module.css';

/**
 * The trading screen's header (spec section 2): pair, latest price and change, 24 h high, low,
 * amount and volume. A symbol that matches no pair shows the first pair of the list.
 */
export function PairHeader({ symbol }: { symbol: string }) {
  const { pairs, isLoading } = useMarketPairs('all');
  const pair = pairs.find((p) => p.symbol === symbol) ?? pairs[0];
  if (!pair) {
    return (
      <header className={styles.header}>
        <h1 className={styles.pair}>{symbol}</h1>
        <span className={styles.muted}>
          {isLoading ? 'Loading market…' : 'Market data unavailable'}
        </span>
      </header>
    );
  }
  const change = formatChange(pair.price_percent_change);
  const tone = change.up ? styles.up : styles.down;
  return (
    <header className={styles.header}>
      <h1 className={styles.pair}>
        {pair.base_token.short_name}/{pair.quote_token.short_name}
      </h1>
      <div className={`${styles.price} ${tone}`}>
        <span>{formatPrice(pair.price)}</span>
        <small>
          {change.up ? '▲' : '▼'} {change.text}
        </small>
      </div>
      <dl className={styles.stats}>
        <div>
          <dt>24h High</dt>
          <dd>{formatPrice(pair.high)}</dd>
        </div>
        <div>
          <dt>24h Low</dt>
          <dd>{formatPrice(pair.low)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>24h Amount ({pair.base_token.name})</dt>
          <dd>{abbreviate(pair.volume)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>24h Volume ({pair.quote_token.name})</dt>
          <dd>{abbreviate(pair.quote_volume)}</dd>
        </div>
      </dl>
    </header>
  );
}
