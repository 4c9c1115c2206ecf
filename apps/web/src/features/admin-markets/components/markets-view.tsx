import type { AdminPair, AdminToken } from '@exchange/contracts';
import { useState } from 'react';
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
import { HaltDialog } from './halt-dialog';

const percent = (fraction: string) =>
  `${(Number(fraction) * 100).toFixed(3).replace(/\.?0+$/, '')}%`;

const TOKEN_COLUMNS: Column<AdminToken>[] = [
  { key: 'short', header: 'Token', role: 'title', cell: (t) => t.short_name },
  { key: 'name', header: 'Name', cell: (t) => t.name },
  { key: 'decimals', header: 'Decimals', cell: (t) => t.decimals, align: 'right' },
  {
    key: 'networks',
    header: 'Networks',
    cell: (t) =>
      t.networks.length === 0
        ? '-'
        : t.networks
            .map((n) => `${NETWORK_LABELS[n.network]} ${n.contract_address ?? 'native'}`)
            .join(', '),
  },
];

/** Tokens and pairs: add either, halt or resume a pair, change its fees. */
export function MarketsView() {
  const markets = useGetMarketsQuery(undefined);
  const [setStatus, statusCall] = useSetPairStatusMutation();
  const [dialog, setDialog] = useState<'token' | 'pair' | null>(null);
  const [feesOf, setFeesOf] = useState<AdminPair | null>(null);
  const [halting, setHalting] = useState<AdminPair | null>(null);

  // Halting asks first (it stops every user's orders); resuming is done at once.
  const toggle = async (pair: AdminPair) => {
    if (pair.status === 'trading') return setHalting(pair);
    try {
      const result = await setStatus({ symbol: pair.symbol, halt: false }).unwrap();
      toast.success(result.message);
    } catch (error) {
      toastFailure(error, 'The pair could not be changed. Please try again.');
    }
  };

  const pairColumns: Column<AdminPair>[] = [
    {
      key: 'symbol',
      header: 'Pair',
      role: 'title',
      cell: (p) => `${p.base_token}/${p.quote_token}`,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) =>
        p.status === 'trading' ? (
          <StatusBadge tone="success">Trading</StatusBadge>
        ) : (
          <StatusBadge tone="danger">Halted</StatusBadge>
        ),
    },
    { key: 'tick', header: 'Tick', cell: (p) => p.tick_size, align: 'right' },
    { key: 'lot', header: 'Lot', cell: (p) => p.lot_size, align: 'right' },
    { key: 'min', header: 'Minimum', cell: (p) => p.min_notional, align: 'right' },
    {
      key: 'fees',
      header: 'Maker / taker',
      cell: (p) => `${percent(p.maker_fee)} / ${percent(p.taker_fee)}`,
    },
    { key: 'open', header: 'Open orders', cell: (p) => p.open_orders, align: 'right' },
    {
      key: 'actions',
      header: 'Actions',
      role: 'actions',
      cell: (p) => (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={statusCall.isLoading}
            onClick={() => void toggle(p)}
            aria-label={`${p.status === 'trading' ? 'Halt' : 'Resume'} ${p.symbol}`}
          >
            {p.status === 'trading' ? 'Halt' : 'Resume'}
          </Button>
          <Button variant="ghost" onClick={() => setFeesOf(p)} aria-label={`Fees of ${p.symbol}`}>
            Fees
          </Button>
        </div>
      ),
    },
  ];

  const error =
    markets.isError && !markets.data ? 'Could not load the markets. Try again later.' : undefined;
  return (
    <>
      <div className={styles.bar}>
        <Button onClick={() => setDialog('token')}>Add token</Button>
        <Button onClick={() => setDialog('pair')} disabled={!markets.data}>
          Add USDT pair
        </Button>
      </div>
      <h2 className={styles.heading}>Pairs</h2>
      <DataTable
        label="Pairs"
        columns={pairColumns}
        rows={markets.data?.pairs ?? []}
        rowKey={(p) => p._id}
        isLoading={markets.isLoading}
        error={error}
      />
      <h2 className={styles.heading}>Tokens</h2>
      <DataTable
        label="Tokens"
        columns={TOKEN_COLUMNS}
        rows={markets.data?.tokens ?? []}
        rowKey={(t) => t._id}
        isLoading={markets.isLoading}
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
      {halting && <HaltDialog pair={halting} onClose={() => setHalting(null)} />}
    </>
  );
}
