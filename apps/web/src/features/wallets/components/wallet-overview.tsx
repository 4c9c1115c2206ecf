import type { WalletGroup } from '@exchange/contracts';
import { useState, type ReactNode } from 'react';
import { DataTable, tableStyles as t, type Column } from '@/components/ui/data-table';
import { multiplyAmounts } from '@/lib/amount';
import { formatPrice, formatUsdt, formatWalletAmount } from '@/lib/format';
import {
  coinAvailable,
  coinTotal,
  coinValue,
  priceOf,
  totalAssetValue,
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
  /** Base coin → its USDT price (live). */
  prices: Record<string, string>;
  isLoading: boolean;
  error: string | null;
  onAction: (action: WalletAction) => void;
}

const subId = (g: WalletGroup) => `wallets-${g.token_id}`;

/** /wallets: every coin with its total across wallets, expandable into its wallets. */
export function WalletOverview({
  groups,
  shown = groups,
  emptyText,
  toolbar,
  prices,
  isLoading,
  error,
  onAction,
}: WalletOverviewProps) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: Column<WalletGroup>[] = [
    {
      key: 'coin',
      header: 'Coin',
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
            <span className={t.muted}>{g.name}</span>
          </button>
        );
      },
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      cell: (g) => formatWalletAmount(coinTotal(g)),
    },
    {
      key: 'available',
      header: 'Available',
      align: 'right',
      cell: (g) => formatWalletAmount(coinAvailable(g)),
    },
    {
      key: 'price',
      header: 'Price (USDT)',
      align: 'right',
      cell: (g) => formatPrice(priceOf(g.short_name, prices)),
    },
    {
      key: 'value',
      header: 'Value (USDT)',
      align: 'right',
      cell: (g) => formatUsdt(coinValue(g, prices)),
    },
  ];

  return (
    <>
      <div className={styles.summary}>
        <span className={styles.summaryLabel}>Total asset value</span>
        <span className={styles.summaryValue} data-testid="total-asset-value">
          {formatUsdt(totalAssetValue(groups, prices))} USDT
        </span>
        {prices.USDTINR && (
          <span className={styles.summaryLabel} data-testid="total-asset-value-inr">
            ≈ ₹{formatUsdt(multiplyAmounts(totalAssetValue(groups, prices), prices.USDTINR))}
          </span>
        )}
      </div>
      {toolbar}
      <DataTable
        label="Wallet overview"
        columns={columns}
        rows={shown}
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
    </>
  );
}
