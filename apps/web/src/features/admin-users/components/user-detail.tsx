import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useIdentityStatus } from '@/i18n/statuses';
import { formatDateTime } from '@/lib/format';
import { useGetUserQuery } from '../api/admin-users';
import styles from './admin-users.module.css';
import { LockDialog } from './lock-dialog';
import { UserRecords } from './user-records';

type Balance = {
  token: { symbol: string };
  wallet_type: string;
  amount: string;
  locked_balance: string;
};

/** One account: profile, verification, lock (and the button to change it), balances, records. */
export function UserDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('admin-users');
  const identityStatus = useIdentityStatus();
  const user = useGetUserQuery(id, { refetchOnMountOrArgChange: true });
  const [locking, setLocking] = useState(false);
  if (user.isLoading) return <Spinner label={t('detail.loading')} />;
  if (!user.data)
    return (
      <p role="alert">
        {t('detail.loadFailed')}{' '}
        <button type="button" className={styles.link} onClick={onBack}>
          {t('detail.backToUsers')}
        </button>
      </p>
    );
  const u = user.data;
  return (
    <>
      <div className={styles.detailBar}>
        <Button variant="ghost" onClick={onBack}>
          {t('detail.back')}
        </Button>
        <Button variant={u.locked ? 'primary' : 'secondary'} onClick={() => setLocking(true)}>
          {u.locked ? t('lock.unlockAccount') : t('lock.lockAccount')}
        </Button>
        <Link className={styles.link} to={`${paths.adminAuditLog.getHref()}?user_id=${u._id}`}>
          {t('detail.auditLog')}
        </Link>
      </div>
      <dl className={styles.profile} aria-label={t('detail.profile')}>
        <div>
          <dt>{t('user.name')}</dt>
          <dd>{`${u.first_name} ${u.last_name}`.trim()}</dd>
        </div>
        <div>
          <dt>{t('user.email')}</dt>
          <dd>{u.email}</dd>
        </div>
        <div>
          <dt>{t('user.phone')}</dt>
          <dd>{u.phone ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('user.verification')}</dt>
          <dd>
            {identityStatus(u.verification_request_status)},{' '}
            {u.is_verified ? t('detail.emailVerified') : t('detail.emailNotVerified')}
          </dd>
        </div>
        <div>
          <dt>{t('user.account')}</dt>
          <dd>
            {u.locked ? (
              <>
                <StatusBadge tone="danger">{t('user.locked')}</StatusBadge> {u.lock_reason}
                {u.locked_at && ` (${t('detail.since', { time: formatDateTime(u.locked_at) })})`}
              </>
            ) : (
              <StatusBadge tone="success">{t('user.active')}</StatusBadge>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('user.joined')}</dt>
          <dd>{formatDateTime(u.created_at)}</dd>
        </div>
      </dl>
      <DataTable<Balance>
        label={t('detail.balances')}
        columns={[
          { key: 'coin', header: t('detail.coin'), role: 'title', cell: (b) => b.token.symbol },
          { key: 'wallet', header: t('detail.wallet'), cell: (b) => b.wallet_type },
          { key: 'amount', header: t('detail.available'), cell: (b) => b.amount, align: 'right' },
          {
            key: 'locked',
            header: t('user.locked'),
            cell: (b) => b.locked_balance,
            align: 'right',
          },
        ]}
        rows={u.balances}
        rowKey={(b) => `${b.token.symbol}:${b.wallet_type}`}
      />
      <UserRecords id={u._id} />
      {locking && <LockDialog user={u} onClose={() => setLocking(false)} />}
    </>
  );
}
