import type { WalletGroup, WalletType } from '@exchange/contracts';
import { Link } from 'react-router';
import { tableStyles as t } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { coinOf, pairOf, type WalletAction, type WalletActionKind } from '../wallet-math';

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
