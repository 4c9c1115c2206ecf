import { WALLET_TYPES, type WalletGroup, type WalletType } from '@exchange/contracts';
import { Link } from 'react-router';
import { tableStyles as t } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatWalletAmount } from '@/lib/format';
import {
  balanceIn,
  coinOf,
  pairOf,
  type WalletAction,
  type WalletActionKind,
} from '../wallet-math';
import styles from './wallets.module.css';

export const WALLET_NAMES: Record<WalletType, string> = { spot: 'Spot', funding: 'Funding' };

interface ActionsProps {
  group: WalletGroup;
  wallet: WalletType;
  onAction: (action: WalletAction) => void;
  /** Which actions the row offers, in order (spec section 2's row rules). */
  kinds: readonly (WalletActionKind | 'trade')[];
}

const LABELS = { trade: 'Trade', deposit: 'Deposit', withdraw: 'Withdraw', transfer: 'Transfer' };

/** A row's action links and buttons; Trade only where the coin has a USDT pair. */
export function WalletActions({ group, wallet, onAction, kinds }: ActionsProps) {
  const pair = pairOf(group.short_name);
  return (
    <div className={t.actions}>
      {kinds.map((kind) =>
        kind === 'trade' ? (
          pair && (
            <Link key={kind} className={t.action} to={paths.trade.getHref(pair)}>
              {LABELS.trade}
            </Link>
          )
        ) : (
          <button
            key={kind}
            type="button"
            className={t.action}
            aria-label={`${LABELS[kind]} ${group.short_name} (${WALLET_NAMES[wallet]})`}
            onClick={() => onAction({ kind, coin: coinOf(group), wallet })}
          >
            {LABELS[kind]}
          </button>
        ),
      )}
    </div>
  );
}

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
