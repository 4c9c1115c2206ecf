import { WALLET_TYPES, type WalletGroup, type WalletType } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatWalletAmount } from '@/lib/format';
import { balanceIn, type WalletAction, type WalletActionKind } from '../wallet-math';
import { WalletActions, walletName } from './wallet-actions';
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
  const { t } = useTranslation('wallets');
  const columns: Column<WalletType>[] = [
    {
      key: 'type',
      header: t('columns.walletType'),
      role: 'title',
      cell: (w) => walletName(t, w),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      align: 'right',
      cell: (w) => formatWalletAmount(balanceIn(group, w).amount, group.short_name, group.decimals),
    },
    {
      key: 'locked',
      header: t('columns.locked'),
      align: 'right',
      cell: (w) =>
        formatWalletAmount(balanceIn(group, w).locked_balance, group.short_name, group.decimals),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      role: 'actions',
      cell: (w) => (
        <WalletActions group={group} wallet={w} onAction={onAction} kinds={ROW_ACTIONS[w]} />
      ),
    },
  ];
  return (
    <div className={styles.subTable}>
      <DataTable
        label={t('overview.coinWallets', { coin: group.short_name })}
        columns={columns}
        rows={[...WALLET_TYPES]}
        rowKey={(w) => w}
        boxed={false}
      />
    </div>
  );
}
