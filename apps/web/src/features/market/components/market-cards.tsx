import type { SymbolFilter } from '@exchange/contracts';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatChange, formatPrice } from '@/lib/format';
import { useSymbolPage } from '../hooks/use-symbol-page';
import styles from './markets.module.css';

/** Spec section 9: each overview card lists 3 pairs. */
const CARD_SIZE = 3;

const CARDS: { filter: SymbolFilter; title: string }[] = [
  { filter: 'trending', title: 'Trending' },
  { filter: 'gainer', title: 'Top Gainers' },
  { filter: 'loser', title: 'Top Losers' },
];

function MarketCard({ filter, title }: { filter: SymbolFilter; title: string }) {
  const { pairs, isLoading, isError } = useSymbolPage(filter, 1, CARD_SIZE);
  const headingId = `market-card-${filter}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      {isLoading ? (
        <Spinner />
      ) : isError || pairs.length === 0 ? (
        <p className={styles.cardEmpty}>NO DATA</p>
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
                  <span>{formatPrice(s.price)}</span>
                  <span className={change.up ? styles.up : styles.down}>{change.text}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** /market's three cards: Trending, Top Gainers, Top Losers, live prices. */
export function MarketCards() {
  return (
    <div className={styles.cards}>
      {CARDS.map((card) => (
        <MarketCard key={card.filter} {...card} />
      ))}
    </div>
  );
}
