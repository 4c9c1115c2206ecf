import type { Network, ReserveAsset, ReservesSnapshot } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, type Column } from '@/components/ui/data-table';
import { NETWORK_LABELS } from '@/config/networks';
import { formatDateTime, formatQuantity } from '@/lib/format';
import styles from './reserves.module.css';
import { SignatureStatus } from './signature-status';

/** A network as people read it ("Ethereum (ETH)"), not its id (walk-4 W4-8). */
const networkName = (id: string) => NETWORK_LABELS[id as Network] ?? id;

const readings = (t: TFunction<'reserves'>, a: ReserveAsset) =>
  a.readings
    .map((r) =>
      r.block_number === null
        ? t('summary.notReadOn', { network: networkName(r.network) })
        : t('summary.atBlock', { network: networkName(r.network), block: r.block_number }),
    )
    .join(', ') || t('summary.noNetwork');

/** Where the reserves are held, per network read: deposit addresses, hot wallet, cold storage. */
const heldIn = (t: TFunction<'reserves'>, a: ReserveAsset) =>
  a.readings
    .flatMap((r) =>
      r.tiers
        ? [
            t('summary.tiers', {
              network: networkName(r.network),
              deposit: formatQuantity(r.tiers.deposit),
              hot: formatQuantity(r.tiers.hot),
              cold: formatQuantity(r.tiers.cold),
            }),
          ]
        : [],
    )
    .join('; ') || '—';

const columns = (t: TFunction<'reserves'>): Column<ReserveAsset>[] => [
  { key: 'token', header: t('summary.asset'), cell: (a: ReserveAsset) => a.token, role: 'title' },
  {
    key: 'liabilities',
    header: t('summary.owed'),
    cell: (a: ReserveAsset) => formatQuantity(a.liabilities),
    align: 'right',
  },
  {
    key: 'reserves',
    header: t('summary.onChain'),
    cell: (a: ReserveAsset) =>
      a.reserves === null ? t('summary.notRead') : formatQuantity(a.reserves),
    align: 'right',
  },
  {
    key: 'ratio',
    header: t('summary.ratio'),
    cell: (a: ReserveAsset) => (a.ratio_percent === null ? '—' : `${a.ratio_percent}%`),
    align: 'right',
  },
  { key: 'held', header: t('summary.heldIn'), cell: (a) => heldIn(t, a) },
  { key: 'read', header: t('summary.readAt'), cell: (a) => readings(t, a) },
];

/** Whether some asset's reserves could not be read (no RPC endpoint for its networks). */
export const someUnread = (snapshot: Pick<ReservesSnapshot, 'assets'>) =>
  snapshot.assets.some((a) => a.reserves === null);

/**
 * The published snapshot: when, how many users, the Merkle root, its signature (checked here
 * with the exchange's published key), and reserves per asset.
 */
export function ReservesSummary({
  snapshot,
  publicKey,
}: {
  snapshot: ReservesSnapshot;
  publicKey: string | undefined;
}) {
  const { t } = useTranslation('reserves');
  return (
    <>
      <dl className={styles.summary} aria-label={t('summary.latest')}>
        <div>
          <dt>{t('summary.takenAt')}</dt>
          <dd>{formatDateTime(snapshot.created_at)}</dd>
        </div>
        <div>
          <dt>{t('summary.accounts')}</dt>
          <dd>{snapshot.user_count}</dd>
        </div>
        <div>
          <dt>{t('summary.root')}</dt>
          <dd className={styles.hash} data-testid="reserves-root">
            {snapshot.root_hash}
          </dd>
        </div>
        <div>
          <dt>{t('summary.position')}</dt>
          <dd className={styles.hash}>{snapshot.ledger_position ?? t('summary.emptyLedger')}</dd>
        </div>
        <div>
          <dt>{t('summary.signature')}</dt>
          <dd>
            <SignatureStatus
              snapshot={snapshot}
              publicKey={publicKey}
              testId="reserves-signature"
            />
          </dd>
        </div>
        <div>
          <dt>{t('summary.publicKey')}</dt>
          <dd className={styles.hash} data-testid="reserves-public-key">
            {publicKey ?? '—'}
          </dd>
        </div>
      </dl>
      {someUnread(snapshot) && <p className={styles.note}>{t('summary.unreadWhy')}</p>}
      <DataTable
        label={t('summary.perAsset')}
        columns={columns(t)}
        rows={snapshot.assets}
        rowKey={(a) => a.token}
        emptyText={t('summary.noAssets')}
      />
    </>
  );
}
