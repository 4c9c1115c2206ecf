import type { MarketSymbol, QuoteCoin, SymbolFilter } from '@exchange/contracts';
import { Link } from 'react-router';
import { DataTable, tableStyles as t, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { abbreviate, formatChange, formatPrice } from '@/lib/format';
import { useSymbolPage } from '../hooks/use-symbol-page';
import { FavoriteStar } from './favorite-star';
import styles from './markets.module.css';

const pairName = (s: MarketSymbol) => `${s.base_token.short_name}/${s.quote_token.short_name}`;

const COLUMNS: Column<MarketSymbol>[] = [
  {
    key: 'star',
    width: 48,
    header: <span className={styles.hidden}>Favorite</span>,
    cardLabel: 'Favorite',
    cell: (s) => <FavoriteStar symbol={s.symbol} label={pairName(s)} isFavorite={s.is_favorite} />,
  },
  {
    key: 'pair',
    header: 'Pair',
    role: 'title',
    // A link too, as the card's title on a phone.
    cell: (s) => (
      <Link className={styles.pairLink} to={paths.trade.getHref(s.symbol)}>
        {pairName(s)}
      </Link>
    ),
  },
  { key: 'price', header: 'Price', align: 'right', cell: (s) => formatPrice(s.price) },
  {
    key: 'change',
    header: 'Change',
    align: 'right',
    cell: (s) => {
      const change = formatChange(s.price_percent_change);
      return <span className={change.up ? t.up : t.down}>{change.text}</span>;
    },
  },
  // In the quote coin, like the trading screen's 24h Volume: base amounts (38 BTC, 34B SHIB) do
  // not compare across pairs.
  {
    key: 'volume',
    header: '24h Volume',
    align: 'right',
    cell: (s) => abbreviate(s.quote_volume),
  },
  {
    key: 'trade',
    header: <span className={styles.hidden}>Trade</span>,
    align: 'right',
    role: 'actions',
    cell: (s) => (
      <Link
        className={t.action}
        to={paths.trade.getHref(s.symbol)}
        aria-label={`Trade ${pairName(s)}`}
      >
        Trade
      </Link>
    ),
  },
];

interface SymbolTableProps {
  label: string;
  filter: SymbolFilter;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  quote?: QuoteCoin;
}

/** One filter's pairs, a page at a time: star, pair, live price and change, volume, Trade. */
export function SymbolTable({
  label,
  filter,
  page,
  pageSize,
  onPageChange,
  quote,
}: SymbolTableProps) {
  const { pairs, total, isLoading, isError } = useSymbolPage(filter, page, pageSize, quote);
  return (
    <>
      <DataTable
        label={label}
        columns={COLUMNS}
        rows={pairs}
        rowKey={(s) => s.symbol}
        isLoading={isLoading}
        error={isError ? 'Could not load the markets. Try again later.' : undefined}
      />
      <Pagination page={page} pageSize={pageSize} total={total} onChange={onPageChange} />
    </>
  );
}
