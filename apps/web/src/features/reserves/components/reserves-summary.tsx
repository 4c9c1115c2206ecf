import type { ReserveAsset, ReservesSnapshot } from '@exchange/contracts';
import { DataTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import styles from './reserves.module.css';

const readings = (a: ReserveAsset) =>
  a.readings
    .map((r) =>
      r.block_number === null
        ? `${r.network}: not read`
        : `${r.network} at block ${r.block_number}`,
    )
    .join(', ') || 'No network';

const COLUMNS = [
  { key: 'token', header: 'Asset', cell: (a: ReserveAsset) => a.token, role: 'title' as const },
  {
    key: 'liabilities',
    header: 'Owed to users',
    cell: (a: ReserveAsset) => a.liabilities,
    align: 'right' as const,
  },
  {
    key: 'reserves',
    header: 'Reserves on chain',
    cell: (a: ReserveAsset) => a.reserves ?? 'Not read',
    align: 'right' as const,
  },
  {
    key: 'ratio',
    header: 'Reserve ratio',
    cell: (a: ReserveAsset) => (a.ratio_percent === null ? '—' : `${a.ratio_percent}%`),
    align: 'right' as const,
  },
  { key: 'read', header: 'Read at', cell: readings },
];

/** The published snapshot: when, how many users, the Merkle root, and reserves per asset. */
export function ReservesSummary({ snapshot }: { snapshot: ReservesSnapshot }) {
  return (
    <>
      <dl className={styles.summary} aria-label="Latest snapshot">
        <div>
          <dt>Taken at</dt>
          <dd>{formatDateTime(snapshot.created_at)}</dd>
        </div>
        <div>
          <dt>Accounts included</dt>
          <dd>{snapshot.user_count}</dd>
        </div>
        <div>
          <dt>Merkle root</dt>
          <dd className={styles.hash} data-testid="reserves-root">
            {snapshot.root_hash}
          </dd>
        </div>
        <div>
          <dt>Ledger position</dt>
          <dd className={styles.hash}>{snapshot.ledger_position ?? 'Empty ledger'}</dd>
        </div>
      </dl>
      <DataTable
        label="Reserves per asset"
        columns={COLUMNS}
        rows={snapshot.assets}
        rowKey={(a) => a.token}
        emptyText="No assets are listed"
      />
    </>
  );
}
