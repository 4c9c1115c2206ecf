import { INR, type WalletGroup, type WalletType } from '@exchange/contracts';
import { Link } from 'react-router';
import { tableStyles as t } from '@/components/ui/data-table';
import { noNetworkMessage } from '@/config/networks';
import { paths } from '@/config/paths';
import { coinOf, pairOf, type WalletAction, type WalletActionKind } from '../wallet-math';

export const WALLET_NAMES: Record<WalletType, string> = { spot: 'Spot', funding: 'Funding' };

/** A coin as the wallet tables name it: the short name, and the full name beside it (walk-3 D17). */
export const CoinName = ({ group }: { group: WalletGroup }) => (
  <>
    <strong>{group.short_name}</strong> <span className={t.muted}>{group.name}</span>
  </>
);

interface ActionsProps {
  group: WalletGroup;
  wallet: WalletType;
  onAction: (action: WalletAction) => void;
  /** Which actions the row offers, in order (spec section 2's row rules). */
  kinds: readonly (WalletActionKind | 'trade')[];
}

const LABELS = { trade: 'Trade', deposit: 'Deposit', withdraw: 'Withdraw', transfer: 'Transfer' };

const PAST = { deposit: 'deposited', withdraw: 'withdrawn' } as const;

/**
 * A row's action links and buttons; Trade only where the coin has a USDT pair. A coin on no
 * network cannot be deposited or withdrawn: those buttons are disabled and say why (walk-3 D22).
 */
export function WalletActions({ group, wallet, onAction, kinds }: ActionsProps) {
  const pair = pairOf(group.short_name);
  // The rupee is on no chain: it moves on the bank rail (UPI, IMPS, NEFT).
  const offChain = group.networks.length === 0 && group.short_name !== INR;
  return (
    <div className={t.actions}>
      {kinds.map((kind) =>
        kind === 'trade' ? (
          pair && (
            <Link key={kind} className={t.action} to={paths.trade.getHref(pair)}>
              {LABELS.trade}
            </Link>
          )
        ) : kind !== 'transfer' && offChain ? (
          <button
            key={kind}
            type="button"
            className={t.action}
            disabled
            title={noNetworkMessage(group.short_name, PAST[kind])}
            aria-label={`${LABELS[kind]} ${group.short_name} (${WALLET_NAMES[wallet]}): ${noNetworkMessage(group.short_name, PAST[kind])}`}
          >
            {LABELS[kind]}
          </button>
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
      {offChain && kinds.some((k) => k === 'deposit' || k === 'withdraw') && (
        <span className={t.muted}>Not on a supported network</span>
      )}
    </div>
  );
}
