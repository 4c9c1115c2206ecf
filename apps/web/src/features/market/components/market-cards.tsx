import type { SymbolFilter } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatChange, formatQuotePrice } from '@/lib/format';
import { useSymbolPage } from '../hooks/use-symbol-page';
import styles from './markets.module.css';

/** Spec section 9: each overview card lists 3 pairs. */
const CARD_SIZE = 3;

const CARDS = ['trending', 'gainer', 'loser'] as const satisfies readonly SymbolFilter[];

function MarketCard({ filter }: { filter: (typeof CARDS)[number] }) {
  const { t } = useTranslation('market');
  const { pairs, isLoading, isError } = useSymbolPage(filter, 1, CARD_SIZE);
  const headingId = `market-card-${filter}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {t(`cards.${filter}`)}
      </h2>
      {/* Three rows' height from the start: the table below does not move as they arrive. */}
      <div className={styles.cardBody}>
        {isLoading ? (
          <Spinner />
        ) : isError || pairs.length === 0 ? (
          <p className={styles.cardEmpty}>{t('cards.empty')}</p>
        ) : (
          <ul className={styles.cardList}>
            {pairs.map((s) => {
              const change = formatChange(s.price_percent_change);
              return (
                <li key={s.symbol}>
                  <Link className={styles.cardRow} to={paths.trade.getHref(s.symbol)}>
                    <span className={styles.cardPair}>
                      {s.base_token.short_name}/{s.quote_token.short_name}
                    </span>
                    <span>{formatQuotePrice(s.price, s.quote_token.short_name)}</span>
                    <span className={change.up ? styles.up : styles.down}>{change.text}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** /market's three cards: Trending, Top Gainers, Top Losers, live prices. */
export function MarketCards() {
  return (
    <div className={styles.cards}>
      {CARDS.map((filter) => (
        <MarketCard key={filter} filter={filter} />
      ))}
    </div>
  );
}
