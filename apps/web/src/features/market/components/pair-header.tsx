import { INR, type MarketSymbol } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';
import { abbreviate, formatChange, formatQuotePrice } from '@/lib/format';
import { useLivePairs } from '../hooks/use-live-pairs';
import { useTradingPair } from '../hooks/use-trading-pair';
import { PairSelector } from './pair-selector';
import styles from './pair-header.module.css';

const pairName = (p: { base_token: { short_name: string }; quote_token: { short_name: string } }) =>
  `${p.base_token.short_name}/${p.quote_token.short_name}`;

/**
 * The trading screen's header (spec section 2): the pair selector (a full page navigation to the
 * pair picked), latest price and change, 24 h high, low, amount and volume, all live.
 */
export function PairHeader({
  symbol,
  extra,
}: {
  symbol: string;
  /** Drawn after the price (the price alert button), given the pair once it is known. */
  extra?: ((pair: MarketSymbol, name: string) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('market');
  const { pair, pairs: listed, isLoading } = useTradingPair(symbol);
  const pairs = useLivePairs(listed);
  if (!pair) {
    return (
      <header className={styles.header}>
        <h1 className={styles.pair}>{symbol}</h1>
        <span className={styles.muted}>
          {t(isLoading ? 'header.loading' : 'header.unavailable')}
        </span>
      </header>
    );
  }
  const change = formatChange(pair.price_percent_change);
  const tone = change.up ? styles.up : styles.down;
  const price = (value: string) => formatQuotePrice(value, pair.quote_token.short_name);
  // Coin names stay as listed (docs/hindi-glossary.md); the rupee's is said in each language.
  const nameOf = (coin: MarketSymbol['quote_token']) =>
    coin.short_name === INR ? t('header.rupee') : coin.name;
  return (
    <header className={styles.header}>
      <h1 className={styles.pair}>
        <PairSelector symbol={pair.symbol} name={pairName(pair)} pairs={pairs} />
      </h1>
      {pair.status === 'halted' && (
        <span role="status">
          <StatusBadge tone="danger">{t('header.halted')}</StatusBadge>
        </span>
      )}
      <div className={`${styles.price} ${tone}`} data-testid="last-price">
        <span>{price(pair.price)}</span>
        <small>
          <span aria-hidden="true">{change.up ? '▲' : '▼'}</span> {change.text}
        </small>
      </div>
      {extra?.(pair, pairName(pair))}
      <dl className={styles.stats}>
        <div>
          <dt>{t('header.high')}</dt>
          <dd>{price(pair.high)}</dd>
        </div>
        <div>
          <dt>{t('header.low')}</dt>
          <dd>{price(pair.low)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('header.amount', { coin: nameOf(pair.base_token) })}</dt>
          <dd>{abbreviate(pair.volume)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('header.volume', { coin: nameOf(pair.quote_token) })}</dt>
          <dd data-testid="quote-volume">{abbreviate(pair.quote_volume)}</dd>
        </div>
      </dl>
    </header>
  );
}
