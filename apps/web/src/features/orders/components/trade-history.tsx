import type { MyTradeDto } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { formatDateTime, formatPair, formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import { downloadTradesCsv, TRADES_PAGE_SIZE, useGetMyTradesQuery } from '../api/my-trades-api';
import styles from './orders-panel.module.css';

type T = ReturnType<typeof useTranslation<'trading-tools'>>['t'];

const columnsOf = (t: T): Column<MyTradeDto>[] => [
  { key: 'time', header: t('tradeHistory.time'), cell: (r) => formatDateTime(r.time) },
  { key: 'pair', header: t('tradeHistory.pair'), role: 'title', cell: (r) => formatPair(r.symbol) },
  {
    key: 'side',
    header: t('tradeHistory.side'),
    cell: (r) => (
      <span className={r.side === 'buy' ? styles.up : styles.down}>
        {t(r.side === 'buy' ? 'tradeHistory.buy' : 'tradeHistory.sell')}
      </span>
    ),
  },
  {
    key: 'price',
    header: t('tradeHistory.price'),
    testId: 'trade-price',
    cell: (r) => formatPrice(r.price),
  },
  {
    key: 'amount',
    header: t('tradeHistory.amount'),
    testId: 'trade-amount',
    cell: (r) => r.amount,
  },
  {
    key: 'fee',
    header: t('tradeHistory.fee'),
    testId: 'trade-fee',
    cell: (r) => `${r.fee} ${r.fee_token}`,
  },
  {
    key: 'gst',
    header: t('tradeHistory.gst'),
    testId: 'trade-gst',
    cell: (r) => `${r.gst} ${r.fee_token}`,
  },
  {
    key: 'tds',
    header: t('tradeHistory.tds'),
    testId: 'trade-tds',
    cell: (r) => `${r.tds} ${r.fee_token}`,
  },
  {
    key: 'role',
    header: t('tradeHistory.role'),
    testId: 'trade-role',
    cell: (r) => t(r.role === 'maker' ? 'tradeHistory.maker' : 'tradeHistory.taker'),
  },
];

/** The Trade History tab: each fill of the user's orders, newest first, 20 a page, and a CSV. */
export default function TradeHistory() {
  const { t } = useTranslation('trading-tools');
  const [page, setPage] = useState(1);
  const query = useGetMyTradesQuery(page, { refetchOnMountOrArgChange: true });
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadTradesCsv();
    } catch {
      toast.error(t('tradeHistory.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div aria-busy={query.isFetching}>
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          className={styles.cancel}
          busy={downloading}
          disabled={downloading}
          onClick={() => void download()}
        >
          {t('tradeHistory.download')}
        </Button>
      </div>
      <PagedTable
        label={t('tradeHistory.label')}
        columns={columnsOf(t)}
        rowKey={(t) => `${t.symbol}:${t.trade_id}:${t.order_id}`}
        rowTestId="trade-row"
        emptyText={t('tradeHistory.empty')}
        query={query}
        errorText={t('tradeHistory.error')}
        page={page}
        pageSize={TRADES_PAGE_SIZE}
        onPageChange={setPage}
        dense
      />
    </div>
  );
}
