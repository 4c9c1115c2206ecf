import type { WalletGroup } from '@exchange/contracts';
import { Fragment, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { TableBox, tableStyles as t } from '@/components/ui/data-table';
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
  groups: WalletGroup[];
  /** Base coin → its USDT price (live). */
  prices: Record<string, string>;
  isLoading: boolean;
  error: string | null;
  onAction: (action: WalletAction) => void;
}

/** /wallets: every coin with its total across wallets, expandable into its wallets. */
export function WalletOverview({
  groups,
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
  const status = isLoading ? <Spinner /> : error ? error : groups.length === 0 ? 'NO DATA' : null;

  return (
    <>
      <div className={styles.summary}>
        <span className={styles.summaryLabel}>Total asset value</span>
        <span className={styles.summaryValue} data-testid="total-asset-value">
          {formatUsdt(totalAssetValue(groups, prices))} USDT
        </span>
      </div>
      <TableBox label="Wallet overview">
        <table className={t.table} aria-label="Wallet overview">
          <thead>
            <tr>
              <th scope="col">Coin</th>
              <th scope="col" className={t.right}>
                Total
              </th>
              <th scope="col" className={t.right}>
                Available
              </th>
              <th scope="col" className={t.right}>
                Price (USDT)
              </th>
              <th scope="col" className={t.right}>
                Value (USDT)
              </th>
            </tr>
          </thead>
          <tbody>
            {status ? (
              <tr>
                <td colSpan={5} className={t.status}>
                  {status}
                </td>
              </tr>
            ) : (
              groups.map((g) => {
                const expanded = open.has(g.token_id);
                const subId = `wallets-${g.token_id}`;
                return (
                  <Fragment key={g.token_id}>
                    <tr data-testid={`overview-${g.short_name}`}>
                      <td>
                        <button
                          type="button"
                          className={styles.expand}
                          aria-expanded={expanded}
                          aria-controls={subId}
                          onClick={() => toggle(g.token_id)}
                        >
                          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                          <strong>{g.short_name}</strong>
                          <span className={t.muted}>{g.name}</span>
                        </button>
                      </td>
                      <td className={t.right}>{formatWalletAmount(coinTotal(g))}</td>
                      <td className={t.right}>{formatWalletAmount(coinAvailable(g))}</td>
                      <td className={t.right}>{formatPrice(priceOf(g.short_name, prices))}</td>
                      <td className={t.right}>{formatUsdt(coinValue(g, prices))}</td>
                    </tr>
                    {expanded && (
                      <tr id={subId} className={styles.subRow}>
                        <td colSpan={5}>
                          <WalletSubTable group={g} onAction={onAction} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}
