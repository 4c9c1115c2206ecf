import type { WalletGroup } from '@exchange/contracts';
import { memo, useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableStyles, type Column } from '@/components/ui/data-table';
import { formatInr, formatPrice, formatUsdt, formatWalletAmount } from '@/lib/format';
import {
  coinAvailable,
  coinTotal,
  coinValue,
  holdsRupees,
  priceOf,
  totalAssetValue,
  totalInRupees,
  type WalletAction,
} from '../wallet-math';
import { WalletSubTable } from './wallet-sub-table';
import styles from './wallets.module.css';

interface WalletOverviewProps {
  /** Every coin: the total asset value counts them all. */
  groups: WalletGroup[];
  /** The rows listed (a search, hide-zero), `groups` when not given. */
  shown?: WalletGroup[] | undefined;
  emptyText?: string | undefined;
  /** Drawn between the total and the table (the coin search). */
  toolbar?: ReactNode;
  /**
   * Drawn below the table once its rows are in: a panel there before would move down as they
   * arrive (a layout shift).
   */
  footer?: ReactNode;
  /** Base coin → its USDT price (live). */
  prices: Record<string, string>;
  isLoading: boolean;
  error: string | null;
  onAction: (action: WalletAction) => void;
}

const subId = (g: WalletGroup) => `wallets-${g.token_id}`;

/**
 * /wallets: every coin with its total across wallets, expandable into its wallets. The balances'
 * arrival and every second's live prices re-render the table from deferred copies: in a
 * transition, in short slices, never one long task (the summary above follows at once).
 */
export function WalletOverview({
  groups,
  shown = groups,
  emptyText,
  toolbar,
  footer,
  prices,
  isLoading,
  error,
  onAction,
}: WalletOverviewProps) {
  const { t } = useTranslation('wallets');
  const rows = useDeferredValue(shown);
  const rowPrices = useDeferredValue(prices);
  // Until the deferred rows catch up with the first balances, the spinner stays (no flash of
  // the empty table's words).
  const loading = isLoading || (rows.length === 0 && shown.length > 0);
  const inr = prices.USDTINR;
  const total = totalAssetValue(groups, prices);
  const rupees = totalInRupees(groups, prices);
  // A rupee holder's total is headed in rupees, theirs at face value (walk-4 W4-11).
  const inRupees = rupees !== null && holdsRupees(groups);
  const usdtLine = `${formatUsdt(total)} USDT`;
  return (
    <>
      <div className={styles.summary}>
        <span className={styles.summaryLabel}>{t('overview.totalValue')}</span>
        <span
          className={styles.summaryValue}
          data-testid={inRupees ? 'total-asset-value-inr' : 'total-asset-value'}
        >
          {inRupees ? formatInr(rupees) : usdtLine}
        </span>
        {/* Its line is held before the rupee's price is in, so the table never moves down. */}
        <span
          className={styles.summaryInr}
          data-testid={!inr ? undefined : inRupees ? 'total-asset-value' : 'total-asset-value-inr'}
        >
          {inr && (inRupees ? `≈ ${usdtLine}` : rupees !== null && `≈ ${formatInr(rupees)}`)}
        </span>
      </div>
      {toolbar}
      <OverviewTable
        rows={rows}
        prices={rowPrices}
        isLoading={loading}
        error={error}
        emptyText={emptyText}
        onAction={onAction}
      />
      {!loading && footer}
    </>
  );
}

interface OverviewTableProps {
  rows: WalletGroup[];
  prices: Record<string, string>;
  isLoading: boolean;
  error: string | null;
  emptyText: string | undefined;
  onAction: (action: WalletAction) => void;
}

/** The coins' table; renders only when its rows, prices or states change. */
const OverviewTable = memo(function OverviewTable({
  rows,
  prices,
  isLoading,
  error,
  emptyText,
  onAction,
}: OverviewTableProps) {
  const { t } = useTranslation('wallets');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = useCallback(
    (id: string) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  const columns: Column<WalletGroup>[] = [
    {
      key: 'coin',
      header: t('columns.coin'),
      role: 'title',
      cell: (g) => {
        const expanded = open.has(g.token_id);
        return (
          <button
            type="button"
            className={styles.expand}
            aria-expanded={expanded}
            aria-controls={subId(g)}
            onClick={() => toggle(g.token_id)}
          >
            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
            <strong>{g.short_name}</strong>
            <span className={tableStyles.muted}>{g.name}</span>
          </button>
        );
      },
    },
    {
      key: 'total',
      header: t('columns.total'),
      align: 'right',
      cell: (g) => formatWalletAmount(coinTotal(g), g.short_name, g.decimals),
    },
    {
      key: 'available',
      header: t('columns.available'),
      align: 'right',
      cell: (g) => formatWalletAmount(coinAvailable(g), g.short_name, g.decimals),
    },
    {
      key: 'price',
      header: t('columns.price'),
      align: 'right',
      cell: (g) => formatPrice(priceOf(g.short_name, prices)),
    },
    {
      key: 'value',
      header: t('columns.value'),
      align: 'right',
      cell: (g) => formatUsdt(coinValue(g, prices)),
    },
  ];

  return (
    <DataTable
      label={t('overview.label')}
      columns={columns}
      rows={rows}
      rowKey={(g) => g.token_id}
      isLoading={isLoading}
      error={error}
      emptyText={emptyText}
      detail={(g) =>
        open.has(g.token_id)
          ? { id: subId(g), content: <WalletSubTable group={g} onAction={onAction} /> }
          : null
      }
    />
  );
});
