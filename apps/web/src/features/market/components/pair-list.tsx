import type { MarketSymbol } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatChange, formatQuotePrice } from '@/lib/format';
import styles from './pair-list.module.css';

interface PairListProps {
  pairs: MarketSymbol[];
  emptyText: string;
  onPick?: () => void;
  /** A pick loads the pair's page afresh rather than inside the app. */
  reloadDocument?: boolean;
}

/**
 * Rows of BASE/USDT, price and 24 h change (spec section 2, Trade menu). The spec's 10X badge is
 * left off: these are spot pairs, traded without leverage, and 10X would promise it (walk-3 D27).
 */
export function PairList({ pairs, emptyText, onPick, reloadDocument = false }: PairListProps) {
  const { t } = useTranslation();
  if (pairs.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.list} aria-label={t('pairs.spotPairs')}>
      {pairs.map((pair) => {
        const change = formatChange(pair.price_percent_change);
        return (
          <li key={pair.symbol}>
            <Link
              className={styles.row}
              to={paths.trade.getHref(pair.symbol)}
              onClick={onPick}
              reloadDocument={reloadDocument}
              data-testid="pair-row"
            >
              <span className={styles.name}>
                {pair.base_token.short_name}/{pair.quote_token.short_name}
              </span>
              <span className={styles.price}>
                {formatQuotePrice(pair.price, pair.quote_token.short_name)}
              </span>
              <span className={change.up ? styles.up : styles.down}>{change.text}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
