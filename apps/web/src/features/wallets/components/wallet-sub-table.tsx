import { WALLET_TYPES, type WalletGroup, type WalletType } from '@exchange/contracts';
import { tableStyles as t } from '@/components/ui/data-table';
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
  return (
    <table className={styles.subTable} aria-label={`${group.short_name} wallets`}>
      <thead>
        <tr>
          <th scope="col">Wallet Type</th>
          <th scope="col" className={t.right}>
            Amount
          </th>
          <th scope="col" className={t.right}>
            Locked
          </th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {WALLET_TYPES.map((wallet) => {
          const balance = balanceIn(group, wallet);
          return (
            <tr key={wallet}>
              <td>{WALLET_NAMES[wallet]}</td>
              <td className={t.right}>{formatWalletAmount(balance.amount)}</td>
              <td className={t.right}>{formatWalletAmount(balance.locked_balance)}</td>
              <td>
                <WalletActions
                  group={group}
                  wallet={wallet}
                  onAction={onAction}
                  kinds={ROW_ACTIONS[wallet]}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
