import type { MarketSymbol, QuoteCoin, SymbolFilter } from '@exchange/contracts';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, tableStyles, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { abbreviate, formatChange, formatQuotePrice } from '@/lib/format';
import { useSymbolPage } from '../hooks/use-symbol-page';
import { FavoriteStar } from './favorite-star';
import styles from './markets.module.css';

const pairName = (s: MarketSymbol) => `${s.base_token.short_name}/${s.quote_token.short_name}`;

type T = ReturnType<typeof useTranslation<'market'>>['t'];

const columnsOf = (t: T): Column<MarketSymbol>[] => [
  {
    key: 'star',
    width: 48,
    header: <span className={styles.hidden}>{t('table.favorite')}</span>,
    // The star says its state and names its pair: no "Favourite" line on each card (W4-21).
    role: 'corner',
    cell: (s) => <FavoriteStar symbol={s.symbol} label={pairName(s)} isFavorite={s.is_favorite} />,
  },
  {
    key: 'pair',
    header: t('table.pair'),
    role: 'title',
    // A link too, as the card's title on a phone.
    cell: (s) => (
      <Link className={styles.pairLink} to={paths.trade.getHref(s.symbol)}>
        {pairName(s)}
      </Link>
    ),
  },
  {
    key: 'price',
    header: t('table.price'),
    align: 'right',
    cell: (s) => formatQuotePrice(s.price, s.quote_token.short_name),
  },
  {
    key: 'change',
    header: t('table.change'),
    align: 'right',
    cell: (s) => {
      const change = formatChange(s.price_percent_change);
      return <span className={change.up ? tableStyles.up : tableStyles.down}>{change.text}</span>;
    },
  },
  // In the quote coin, like the trading screen's 24h Volume: base amounts (38 BTC, 34B SHIB) do
  // not compare across pairs.
  {
    key: 'volume',
    header: t('table.volume'),
    align: 'right',
    cell: (s) => abbreviate(s.quote_volume),
  },
  {
    key: 'trade',
    header: <span className={styles.hidden}>{t('table.trade')}</span>,
    align: 'right',
    role: 'actions',
    cell: (s) => (
      <Link
        className={tableStyles.action}
        to={paths.trade.getHref(s.symbol)}
        aria-label={t('table.tradePair', { pair: pairName(s) })}
      >
        {t('table.trade')}
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

/** Renders only when its rows or states change (not on every render of the page above). */
const Table = memo(DataTable) as typeof DataTable;
const symbolOf = (s: MarketSymbol) => s.symbol;

/** One filter's pairs, a page at a time: star, pair, live price and change, volume, Trade. */
export function SymbolTable({
  label,
  filter,
  page,
  pageSize,
  onPageChange,
  quote,
}: SymbolTableProps) {
  const { t } = useTranslation('market');
  const { pairs, total, isLoading, isError } = useSymbolPage(filter, page, pageSize, quote);
  const columns = useMemo(() => columnsOf(t), [t]);
  // A page's rows render in a transition (short slices), the spinner kept until they are in.
  const rows = useDeferredValue(pairs);
  return (
    <>
      <Table
        label={label}
        columns={columns}
        rows={rows}
        rowKey={symbolOf}
        isLoading={isLoading || (rows.length === 0 && pairs.length > 0)}
        error={isError ? t('table.error') : undefined}
      />
      <Pagination page={page} pageSize={pageSize} total={total} onChange={onPageChange} />
    </>
  );
}
