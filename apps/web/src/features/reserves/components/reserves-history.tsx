import type { ReservesSnapshot } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { formatDateTime } from '@/lib/format';
import { useGetReservesHistoryQuery } from '../api/reserves-api';
import styles from './reserves.module.css';
import { SignatureStatus } from './signature-status';

const PAGE_SIZE = 10;

/** A hash or id in short: its first and last characters, the whole in the title. */
const short = (value: string) => (
  <span className={styles.hash} title={value}>
    {value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value}
  </span>
);

const columns = (
  t: TFunction<'reserves'>,
  publicKey: string | undefined,
): Column<ReservesSnapshot>[] => [
  {
    key: 'taken',
    header: t('history.takenAt'),
    cell: (s) => formatDateTime(s.created_at),
    role: 'title',
  },
  { key: 'root', header: t('history.root'), cell: (s) => short(s.root_hash) },
  {
    key: 'position',
    header: t('history.position'),
    cell: (s) => (s.ledger_position ? short(s.ledger_position) : t('summary.emptyLedger')),
  },
  { key: 'accounts', header: t('history.accounts'), cell: (s) => s.user_count, align: 'right' },
  {
    key: 'signature',
    header: t('history.signature'),
    cell: (s) => <SignatureStatus snapshot={s} publicKey={publicKey} />,
  },
];

/** Every published root, newest first, each signature checked in this browser. */
export function ReservesHistory({ publicKey }: { publicKey: string | undefined }) {
  const { t } = useTranslation('reserves');
  const [page, setPage] = useState(1);
  const query = useGetReservesHistoryQuery({ page, page_size: PAGE_SIZE });
  return (
    <section className={styles.panel} aria-labelledby="reserves-history-title">
      <h2 id="reserves-history-title">{t('history.title')}</h2>
      <p className={styles.muted}>{t('history.intro')}</p>
      <PagedTable
        label={t('history.label')}
        columns={columns(t, publicKey)}
        query={query}
        rowKey={(s) => s._id}
        emptyText={t('history.empty')}
        errorText={t('history.loadFailed')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </section>
  );
}
