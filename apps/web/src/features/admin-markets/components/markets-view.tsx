import type { AdminPair, AdminToken } from '@exchange/contracts';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { NETWORK_LABELS } from '@/config/networks';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useGetMarketsQuery, useSetPairStatusMutation } from '../api/admin-markets';
import { AddPairDialog } from './add-pair-dialog';
import { AddTokenDialog } from './add-token-dialog';
import styles from './admin-markets.module.css';
import { FeesDialog } from './fees-dialog';
import { WithdrawalFeeDialog } from './withdrawal-fee-dialog';
import { HaltDialog } from './halt-dialog';

const percent = (fraction: string) =>
  `${(Number(fraction) * 100).toFixed(3).replace(/\.?0+$/, '')}%`;

const tokenColumns = (t: TFunction<'admin-markets'>): Column<AdminToken>[] => [
  { key: 'short', header: t('view.columns.token'), role: 'title', cell: (tk) => tk.short_name },
  // The name the admin gave: not the app's text, never translated.
  {
    key: 'name',
    header: t('view.columns.name'),
    cell: (tk) => <span translate="no">{tk.name}</span>,
  },
  {
    key: 'decimals',
    header: t('view.columns.decimals'),
    cell: (tk) => tk.decimals,
    align: 'right',
  },
  {
    key: 'networks',
    header: t('view.columns.networks'),
    cell: (tk) =>
      tk.networks.length === 0
        ? '-'
        : tk.networks
            .map((n) =>
              t('view.network', {
                network: NETWORK_LABELS[n.network],
                contract: n.contract_address ?? t('view.native'),
                fee: n.withdraw_fee,
                min: n.withdraw_min,
              }),
            )
            .join(', '),
  },
];

/** Tokens and pairs: add either, halt or resume a pair, change its fees. */
export function MarketsView() {
  const { t } = useTranslation('admin-markets');
  const markets = useGetMarketsQuery(undefined);
  const [setStatus, statusCall] = useSetPairStatusMutation();
  const [dialog, setDialog] = useState<'token' | 'pair' | null>(null);
  const [feesOf, setFeesOf] = useState<AdminPair | null>(null);
  const [withdrawFeeOf, setWithdrawFeeOf] = useState<AdminToken | null>(null);
  const [halting, setHalting] = useState<AdminPair | null>(null);

  // Halting asks first (it stops every user's orders); resuming is done at once.
  const toggle = async (pair: AdminPair) => {
    if (pair.status === 'trading') return setHalting(pair);
    try {
      const result = await setStatus({ symbol: pair.symbol, halt: false }).unwrap();
      toast.success(result.message);
    } catch (error) {
      toastFailure(error, t('view.changeFailed'));
    }
  };

  const pairColumns: Column<AdminPair>[] = [
    {
      key: 'symbol',
      header: t('view.columns.pair'),
      role: 'title',
      cell: (p) => `${p.base_token}/${p.quote_token}`,
    },
    {
      key: 'status',
      header: t('view.columns.status'),
      cell: (p) =>
        p.status === 'trading' ? (
          <StatusBadge tone="success">{t('view.status.trading')}</StatusBadge>
        ) : (
          <StatusBadge tone="danger">{t('view.status.halted')}</StatusBadge>
        ),
    },
    { key: 'tick', header: t('view.columns.tick'), cell: (p) => p.tick_size, align: 'right' },
    { key: 'lot', header: t('view.columns.lot'), cell: (p) => p.lot_size, align: 'right' },
    { key: 'min', header: t('view.columns.minimum'), cell: (p) => p.min_notional, align: 'right' },
    {
      key: 'fees',
      header: t('view.columns.fees'),
      cell: (p) => `${percent(p.maker_fee)} / ${percent(p.taker_fee)}`,
    },
    {
      key: 'open',
      header: t('view.columns.openOrders'),
      cell: (p) => p.open_orders,
      align: 'right',
    },
    {
      key: 'actions',
      header: t('view.columns.actions'),
      role: 'actions',
      cell: (p) => (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={statusCall.isLoading}
            onClick={() => void toggle(p)}
            aria-label={t(p.status === 'trading' ? 'view.haltLabel' : 'view.resumeLabel', {
              symbol: p.symbol,
            })}
          >
            {p.status === 'trading' ? t('view.halt') : t('view.resume')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => setFeesOf(p)}
            aria-label={t('view.feesLabel', { symbol: p.symbol })}
          >
            {t('view.fees')}
          </Button>
        </div>
      ),
    },
  ];

  const error = markets.isError && !markets.data ? t('view.loadFailed') : undefined;
  return (
    <>
      <div className={styles.bar}>
        <Button onClick={() => setDialog('token')}>{t('view.addToken')}</Button>
        <Button onClick={() => setDialog('pair')} disabled={!markets.data}>
          {t('view.addPair')}
        </Button>
      </div>
      <h2 className={styles.heading}>{t('view.pairs')}</h2>
      <DataTable
        label={t('view.pairs')}
        columns={pairColumns}
        rows={markets.data?.pairs ?? []}
        rowKey={(p) => p._id}
        isLoading={markets.isLoading}
        emptyText={t('noData')}
        error={error}
      />
      <h2 className={styles.heading}>{t('view.tokens')}</h2>
      <DataTable
        label={t('view.tokens')}
        columns={[
          ...tokenColumns(t),
          {
            key: 'withdraw',
            header: t('view.columns.withdrawals'),
            role: 'actions',
            cell: (tk) =>
              tk.networks.length === 0 ? (
                '-'
              ) : (
                <Button
                  variant="ghost"
                  onClick={() => setWithdrawFeeOf(tk)}
                  aria-label={t('view.withdrawalFeesLabel', { coin: tk.short_name })}
                >
                  {t('view.withdrawalFees')}
                </Button>
              ),
          },
        ]}
        rows={markets.data?.tokens ?? []}
        rowKey={(tk) => tk._id}
        isLoading={markets.isLoading}
        emptyText={t('noData')}
        error={error}
      />
      <AddTokenDialog
        open={dialog === 'token'}
        onOpenChange={(o) => setDialog(o ? 'token' : null)}
      />
      {markets.data && (
        <AddPairDialog
          open={dialog === 'pair'}
          onOpenChange={(o) => setDialog(o ? 'pair' : null)}
          markets={markets.data}
        />
      )}
      {feesOf && <FeesDialog pair={feesOf} onClose={() => setFeesOf(null)} />}
      {withdrawFeeOf && (
        <WithdrawalFeeDialog token={withdrawFeeOf} onClose={() => setWithdrawFeeOf(null)} />
      )}
      {halting && <HaltDialog pair={halting} onClose={() => setHalting(null)} />}
    </>
  );
}
