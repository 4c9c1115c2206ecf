import type { CoinPnl } from '@exchange/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { compareAmounts } from '@/lib/amount';
import { formatCostPrice, formatPrice, formatUsdt, formatWalletAmount } from '@/lib/format';
import { useGetPnlQuery } from '../api/pnl-api';
import styles from './pnl-panel.module.css';

/** A signed USDT amount, green when above zero and red below. */
function Signed({ value }: { value: string | null }) {
  if (value === null) return <span className={styles.muted}>—</span>;
  const sign = compareAmounts(value, '0');
  const text = `${sign > 0 ? '+' : ''}${formatUsdt(value)}`;
  return <span className={sign > 0 ? styles.up : sign < 0 ? styles.down : undefined}>{text}</span>;
}

const orDash = (value: string | null) => (value === null ? '—' : formatPrice(value));

function Panel() {
  const { t } = useTranslation('portfolio');
  const { data, isLoading, isError, refetch } = useGetPnlQuery(undefined, {
    refetchOnMountOrArgChange: 30,
  });
  const columns: Column<CoinPnl>[] = [
    { key: 'coin', header: t('pnl.coin'), role: 'title', cell: (c) => <strong>{c.coin}</strong> },
    {
      key: 'quantity',
      header: t('pnl.held'),
      align: 'right',
      cell: (c) => formatWalletAmount(c.quantity),
    },
    {
      key: 'average',
      header: t('pnl.averageCost'),
      align: 'right',
      cell: (c) => (c.average_cost === null ? '—' : formatCostPrice(c.average_cost)),
    },
    { key: 'last', header: t('pnl.lastPrice'), align: 'right', cell: (c) => orDash(c.last_price) },
    {
      key: 'realised',
      header: t('pnl.realisedUsdt'),
      align: 'right',
      testId: 'pnl-realised',
      cell: (c) => <Signed value={c.realised} />,
    },
    {
      key: 'unrealised',
      header: t('pnl.unrealisedUsdt'),
      align: 'right',
      testId: 'pnl-unrealised',
      cell: (c) => <Signed value={c.unrealised} />,
    },
  ];
  return (
    <section className={styles.panel} aria-labelledby="pnl-title">
      <h2 id="pnl-title">{t('pnl.title')}</h2>
      {isLoading ? (
        <Spinner label={t('pnl.loading')} />
      ) : isError || !data ? (
        <p className={styles.muted}>
          {t('pnl.loadFailed')}{' '}
          <button type="button" className={styles.retry} onClick={() => void refetch()}>
            {t('pnl.tryAgain')}
          </button>
        </p>
      ) : (
        <>
          <dl className={styles.totals}>
            <div>
              <dt>{t('pnl.change24h')}</dt>
              <dd data-testid="pnl-change-24h">
                <Signed value={data.change_24h} />
                {data.change_24h_percent !== null && (
                  <small className={styles.muted}> ({data.change_24h_percent}%)</small>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('pnl.realised')}</dt>
              <dd data-testid="pnl-total-realised">
                <Signed value={data.realised} /> USDT
              </dd>
            </div>
            <div>
              <dt>{t('pnl.unrealised')}</dt>
              <dd data-testid="pnl-total-unrealised">
                <Signed value={data.unrealised} /> USDT
              </dd>
            </div>
          </dl>
          <DataTable
            label={t('pnl.tableLabel')}
            columns={columns}
            rows={data.coins}
            rowKey={(c) => c.coin}
            rowTestId="pnl-row"
            emptyText={t('pnl.empty')}
          />
        </>
      )}
      <p className={styles.method}>
        <strong>{t('pnl.methodTitle')}</strong> {t('pnl.method')}
      </p>
    </section>
  );
}

/**
 * Profit and loss (issue 37): the portfolio's 24 h change, realised and unrealised totals, the
 * per-coin table, and the method in words. On the wallet overview and the dashboard.
 */
export function PnlPanel() {
  return (
    <Suspense fallback={<Spinner />}>
      <Panel />
    </Suspense>
  );
}
