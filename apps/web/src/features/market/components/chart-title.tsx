import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatChange, formatQuotePrice } from '@/lib/format';
import { useTradingPair } from '../hooks/use-trading-pair';
import styles from './chart-title.module.css';

type Pair = NonNullable<ReturnType<typeof useTradingPair>['pair']>;

/** The listed pair of exactly this symbol (no stand-in), and whether none is. */
export function useExactPair(symbol: string) {
  const { pair, isLoading } = useTradingPair(symbol);
  const known = pair?.symbol === symbol ? pair : undefined;
  return { pair: known, unknown: !isLoading && !known };
}

const nameOf = (p: Pair) => `${p.base_token.short_name}/${p.quote_token.short_name}`;

/**
 * The standalone chart's title: the pair as BASE/QUOTE with its price and change, and a link to
 * its trading screen; a symbol no pair has is "Unknown pair" (walk-3 D26).
 */
export function ChartTitle({ symbol }: { symbol: string }) {
  const { t } = useTranslation('market');
  const { pair, unknown } = useExactPair(symbol);
  if (unknown) {
    return (
      <header className={styles.header}>
        <h1 className={styles.pair}>{t('chartTitle.unknown')}</h1>
        <span className={styles.muted}>{t('chartTitle.noPair', { symbol })}</span>
        <Link className={styles.back} to={paths.trade.getHref()}>
          {t('chartTitle.back')}
        </Link>
      </header>
    );
  }
  return (
    <header className={styles.header}>
      <h1 className={styles.pair}>{pair ? nameOf(pair) : symbol}</h1>
      {pair && (
        <Price
          price={pair.price}
          quote={pair.quote_token.short_name}
          change={pair.price_percent_change}
        />
      )}
      <Link className={styles.back} to={paths.trade.getHref(symbol)}>
        {t('chartTitle.trade', { pair: pair ? nameOf(pair) : symbol })}
      </Link>
    </header>
  );
}

function Price({ price, quote, change }: { price: string; quote: string; change: string }) {
  const shown = formatChange(change);
  return (
    <span className={shown.up ? styles.up : styles.down} data-testid="last-price">
      {formatQuotePrice(price, quote)}{' '}
      <small>
        <span aria-hidden="true">{shown.up ? '▲' : '▼'}</span> {shown.text}
      </small>
    </span>
  );
}
