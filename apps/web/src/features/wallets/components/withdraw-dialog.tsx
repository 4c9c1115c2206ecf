import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import notice from '@/components/ui/notice.module.css';
import { WithdrawalHoldNotice } from '@/components/ui/withdrawal-hold-notice';
import { WithdrawalPauseNotice } from '@/components/ui/withdrawal-pause-notice';
import type { WalletCoin } from '../wallet-math';
import { noNetworkText } from './wallet-actions';
import { WithdrawForm } from './withdraw-form';

interface WithdrawDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coin: WalletCoin;
  /** The authenticator app is on: the form asks for its code. */
  askCode: boolean;
  /** Passkeys and no app: a passkey confirms the withdrawal. */
  askPasskey: boolean;
  /** The end of the cooling-off period after a security change; null when none runs. */
  heldUntil: string | null;
  /** An admin paused the account's withdrawals while it is reviewed. */
  paused?: boolean;
}

/**
 * The Withdraw Funds dialog (spec section 2), from the funding wallet; a coin on no network, or
 * an account in its cooling-off period, gets a word instead of a form the server would refuse.
 */
export function WithdrawDialog(props: WithdrawDialogProps) {
  const { open, onOpenChange, coin, askCode, askPasskey, heldUntil, paused } = props;
  const { t } = useTranslation('wallets');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('withdraw.title')}>
      {open &&
        (paused ? (
          <WithdrawalPauseNotice />
        ) : heldUntil ? (
          <WithdrawalHoldNotice heldUntil={heldUntil} />
        ) : coin.networks.length === 0 ? (
          <p className={notice.notice} role="note">
            {noNetworkText(t, coin.short_name, 'withdraw')}
          </p>
        ) : (
          <WithdrawForm
            coin={coin}
            askCode={askCode}
            askPasskey={askPasskey}
            onClose={() => onOpenChange(false)}
          />
        ))}
    </Dialog>
  );
}
