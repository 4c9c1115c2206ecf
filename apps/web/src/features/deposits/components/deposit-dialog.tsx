import type { Network } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { NETWORK_LABELS, networkOptions } from '@/config/networks';
import { useGetDepositNetworksQuery } from '../api/deposit-api';
import { DepositAddress } from './deposit-address';
import styles from './deposit-dialog.module.css';
import { DepositForm } from './deposit-form';

export interface DepositToken {
  /** The token's id (or short name); sent as `token_id` (decision D21). */
  id: string;
  short_name: string;
}

interface DepositDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  token: DepositToken;
}

/**
 * The Deposit Funds dialog (spec section 2): the networks warning first, where it is read before
 * the address is copied (review W4-20), then the user's address with its QR code and the
 * optional deposit claim. Shared by the trading screen and the wallet screens. It offers
 * only the networks the coin is listed on (the first of them to start with), and names them in
 * the warning; a coin on none gets a word instead of an address to lose funds to.
 */
export function DepositDialog({ open, onOpenChange, token }: DepositDialogProps) {
  const { t } = useTranslation('deposits');
  const listed = useGetDepositNetworksQuery(token.id, { skip: !open });
  const [picked, setPicked] = useState<Network | null>(null);
  const networks = listed.currentData;
  const names = networkOptions(networks ?? []).map((o) => o.value);
  const network = picked && names.includes(picked) ? picked : names[0];
  // "Ethereum (ETH), Binance Smart Chain (BSC) or Polygon": the networks named in a sentence.
  const either = (networks: Network[]) => {
    const labels = networks.map((n) => NETWORK_LABELS[n]);
    return labels.length < 2
      ? (labels[0] ?? '')
      : t('dialog.either', { rest: labels.slice(0, -1).join(', '), last: labels.at(-1) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialog.title', { coin: token.short_name })}
      size="wide"
    >
      {listed.isError && !networks ? (
        <p className={styles.muted} role="alert">
          {t('dialog.networksFailed')}{' '}
          <button type="button" className={styles.retry} onClick={() => void listed.refetch()}>
            {t('address.retry')}
          </button>
        </p>
      ) : !networks ? (
        <Spinner />
      ) : !network ? (
        <p className={styles.warning} role="note">
          {t('dialog.noNetwork', { coin: token.short_name })}
        </p>
      ) : (
        <>
          <p className={styles.warning} role="note">
            {t('dialog.warning', { coin: token.short_name, networks: either(names) })}
          </p>
          <div className={styles.layout}>
            {open && <DepositAddress network={network} />}
            <DepositForm
              tokenId={token.id}
              networks={networks}
              onNetworkChange={setPicked}
              onDeposited={() => onOpenChange(false)}
            />
          </div>
        </>
      )}
    </Dialog>
  );
}
