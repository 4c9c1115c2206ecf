import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
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
  const user = useGetUserQuery(id, { refetchOnMountOrArgChange: true });
  const [locking, setLocking] = useState(false);
  if (user.isLoading) return <Spinner label="Loading the account" />;
  if (!user.data)
    return (
      <p role="alert">
        Could not load this account.{' '}
        <button type="button" className={styles.link} onClick={onBack}>
          Back to users
        </button>
      </p>
    );
  const u = user.data;
  return (
    <>
      <div className={styles.detailBar}>
        <Button variant="ghost" onClick={onBack}>
          ← Users
        </Button>
        <Button variant={u.locked ? 'primary' : 'secondary'} onClick={() => setLocking(true)}>
          {u.locked ? 'Unlock account' : 'Lock account'}
        </Button>
        <Link className={styles.link} to={`${paths.adminAuditLog.getHref()}?user_id=${u._id}`}>
          Audit log of this user
        </Link>
      </div>
      <dl className={styles.profile} aria-label="Profile">
        <div>
          <dt>Name</dt>
          <dd>{`${u.first_name} ${u.last_name}`.trim()}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{u.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{u.phone ?? '-'}</dd>
        </div>
        <div>
          <dt>Verification</dt>
          <dd>
            {u.verification_request_status}
            {u.is_verified ? ', email verified' : ', email not verified'}
          </dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>
            {u.locked ? (
              <>
                <StatusBadge tone="danger">Locked</StatusBadge> {u.lock_reason}
                {u.locked_at && ` (since ${formatDateTime(u.locked_at)})`}
              </>
            ) : (
              <StatusBadge tone="success">Active</StatusBadge>
            )}
          </dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatDateTime(u.created_at)}</dd>
        </div>
      </dl>
      <DataTable<Balance>
        label="Balances"
        columns={[
          { key: 'coin', header: 'Coin', role: 'title', cell: (b) => b.token.symbol },
          { key: 'wallet', header: 'Wallet', cell: (b) => b.wallet_type },
          { key: 'amount', header: 'Available', cell: (b) => b.amount, align: 'right' },
          { key: 'locked', header: 'Locked', cell: (b) => b.locked_balance, align: 'right' },
        ]}
        rows={u.balances}
        rowKey={(b) => `${b.token.symbol}:${b.wallet_type}`}
      />
      <UserRecords id={u._id} />
      {locking && <LockDialog user={u} onClose={() => setLocking(false)} />}
    </>
  );
}
