import { INR, type WalletGroup, type WalletType } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tableStyles as styles } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { coinOf, pairOf, type WalletAction, type WalletActionKind } from '../wallet-math';

/** A wallet's name (Spot, Funding) in the app's language. */
export const walletName = (t: TFunction<'wallets'>, wallet: WalletType) => t(`names.${wallet}`);

/** Why a coin on no network cannot be deposited or withdrawn (walk-3 D22). */
export const noNetworkText = (
  t: TFunction<'wallets'>,
  coin: string,
  kind: 'deposit' | 'withdraw',
) => t(`noNetwork.${kind}`, { coin });

/** A coin as the wallet tables name it: the short name, and the full name beside it (walk-3 D17). */
export const CoinName = ({ group }: { group: WalletGroup }) => (
  <>
    <strong>{group.short_name}</strong> <span className={styles.muted}>{group.name}</span>
  </>
);

interface ActionsProps {
  group: WalletGroup;
  wallet: WalletType;
  onAction: (action: WalletAction) => void;
  /** Which actions the row offers, in order (spec section 2's row rules). */
  kinds: readonly (WalletActionKind | 'trade')[];
}

/**
 * A row's action links and buttons; Trade only where the coin has a USDT pair. A coin on no
 * network cannot be deposited or withdrawn: those buttons are disabled and say why (walk-3 D22).
 */
export function WalletActions({ group, wallet, onAction, kinds }: ActionsProps) {
  const { t } = useTranslation('wallets');
  const pair = pairOf(group.short_name);
  // The rupee is on no chain: it moves on the bank rail (UPI, IMPS, NEFT).
  const offChain = group.networks.length === 0 && group.short_name !== INR;
  const named = { coin: group.short_name, wallet: walletName(t, wallet) };
  return (
    <div className={styles.actions}>
      {kinds.map((kind) =>
        kind === 'trade' ? (
          pair && (
            <Link key={kind} className={styles.action} to={paths.trade.getHref(pair)}>
              {t('actions.trade')}
            </Link>
          )
        ) : kind !== 'transfer' && offChain ? (
          <button
            key={kind}
            type="button"
            className={styles.action}
            disabled
            title={noNetworkText(t, group.short_name, kind)}
            aria-label={t('actions.why', {
              ...named,
              action: t(`actions.${kind}`),
              reason: noNetworkText(t, group.short_name, kind),
            })}
          >
            {t(`actions.${kind}`)}
          </button>
        ) : (
          <button
            key={kind}
            type="button"
            className={styles.action}
            aria-label={t('actions.label', { ...named, action: t(`actions.${kind}`) })}
            onClick={() => onAction({ kind, coin: coinOf(group), wallet })}
          >
            {t(`actions.${kind}`)}
          </button>
        ),
      )}
      {offChain && kinds.some((k) => k === 'deposit' || k === 'withdraw') && (
        <span className={styles.muted}>{t('actions.offChain')}</span>
      )}
    </div>
  );
}
