import type { MarketSymbol } from '@exchange/contracts';
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { abbreviate, formatChange, formatPrice } from '@/lib/format';
import { useLivePairs } from '../hooks/use-live-pairs';
import { useTradingPair } from '../hooks/use-trading-pair';
import styles from './pair-header.module.css';

const pairName = (p: { base_token: { short_name: string }; quote_token: { short_name: string } }) =>
  `${p.base_token.short_name}/${p.quote_token.short_name}`;

function PairItem({ pair }: { pair: MarketSymbol }) {
  const change = formatChange(pair.price_percent_change);
  return (
    <span className={styles.item}>
      <span>{pairName(pair)}</span>
      <span className={styles.itemPrice}>{formatPrice(pair.price)}</span>
      <span className={change.up ? styles.up : styles.down}>{change.text}</span>
    </span>
  );
}

/**
 * The trading screen's header (spec section 2): the pair selector (a full page navigation to the
 * pair picked), latest price and change, 24 h high, low, amount and volume, all live.
 */
export function PairHeader({ symbol }: { symbol: string }) {
  const { pair, pairs: listed, isLoading } = useTradingPair(symbol);
  const pairs = useLivePairs(listed);
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
        <LazyDropdownMenu
          triggerLabel={`Pair ${pairName(pair)}, choose another`}
          trigger={pairName(pair)}
          triggerClassName={styles.selector}
          items={pairs.map((p) => ({
            key: p.symbol,
            // Each pair with its live price and change (walk-3 D27); typing its first letters
            // moves to it (the menu's type-ahead).
            label: <PairItem pair={p} />,
            current: p.symbol === pair.symbol,
            onSelect: () => window.location.assign(paths.trade.getHref(p.symbol)),
          }))}
        />
      </h1>
      {pair.status === 'halted' && (
        <span role="status">
          <StatusBadge tone="danger">Trading halted</StatusBadge>
        </span>
      )}
      <div className={`${styles.price} ${tone}`} data-testid="last-price">
        <span>{formatPrice(pair.price)}</span>
        <small>
          <span aria-hidden="true">{change.up ? '▲' : '▼'}</span> {change.text}
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
