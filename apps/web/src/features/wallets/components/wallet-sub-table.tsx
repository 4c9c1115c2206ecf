import { WALLET_TYPES, type WalletGroup, type WalletType } from '@exchange/contracts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatWalletAmount } from '@/lib/format';
import { balanceIn, type WalletAction, type WalletActionKind } from '../wallet-math';
import { WALLET_NAMES, WalletActions } from './wallet-actions';
import styles from './wallets.module.css';

/** Spec section 2: Trade on spot rows (not USDT), Deposit and Withdraw on funding, Transfer on all. */
const ROW_ACTIONS: Record<WalletType, readonly (WalletActionKind | 'trade')[]> = {
  spot: ['trade', 'transfer'],
  funding: ['deposit', 'withdraw', 'transfer'],
};

/** The overview's expanded row: the coin in each wallet. */
export function WalletSubTable({
  group,
  onAction,
}: {
  group: WalletGroup;
  onAction: (action: WalletAction) => void;
}) {
  const columns: Column<WalletType>[] = [
    { key: 'type', header: 'Wallet Type', role: 'title', cell: (w) => WALLET_NAMES[w] },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (w) => formatWalletAmount(balanceIn(group, w).amount),
    },
    {
      key: 'locked',
      header: 'Locked',
      align: 'right',
      cell: (w) => formatWalletAmount(balanceIn(group, w).locked_balance),
    },
    {
      key: 'actions',
      header: 'Actions',
      role: 'actions',
      cell: (w) => (
        <WalletActions group={group} wallet={w} onAction={onAction} kinds={ROW_ACTIONS[w]} />
      ),
    },
  ];
  return (
    <div className={styles.subTable}>
      <DataTable
        label={`${group.short_name} wallets`}
        columns={columns}
        rows={[...WALLET_TYPES]}
        rowKey={(w) => w}
        boxed={false}
      />
    </div>
  );
}
