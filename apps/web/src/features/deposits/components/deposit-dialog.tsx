import type { Network } from '@exchange/contracts';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { networkNames, networkOptions, noNetworkMessage } from '@/config/networks';
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
 * The Deposit Funds dialog (spec section 2): the user's address with its QR code, the deposit
 * form and the networks warning. Shared by the trading screen and the wallet screens. It offers
 * only the networks the coin is listed on (the first of them to start with), and names them in
 * the warning; a coin on none gets a word instead of an address to lose funds to.
 */
export function DepositDialog({ open, onOpenChange, token }: DepositDialogProps) {
  const listed = useGetDepositNetworksQuery(token.id, { skip: !open });
  const [picked, setPicked] = useState<Network | null>(null);
  const networks = listed.currentData;
  const names = networkOptions(networks ?? []).map((o) => o.value);
  const network = picked && names.includes(picked) ? picked : names[0];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Deposit Funds (${token.short_name})`}
      size="wide"
    >
      {listed.isError && !networks ? (
        <p className={styles.muted} role="alert">
          The deposit networks could not be loaded.{' '}
          <button type="button" className={styles.retry} onClick={() => void listed.refetch()}>
            Try again
          </button>
        </p>
      ) : !networks ? (
        <Spinner />
      ) : !network ? (
        <p className={styles.warning} role="note">
          {noNetworkMessage(token.short_name, 'deposited')}
        </p>
      ) : (
        <>
          <div className={styles.layout}>
            {open && <DepositAddress network={network} />}
            <DepositForm
              tokenId={token.id}
              networks={networks}
              onNetworkChange={setPicked}
              onDeposited={() => onOpenChange(false)}
            />
          </div>
          <p className={styles.warning} role="note">
            Only deposit {token.short_name} over {networkNames(names)}. Deposits sent over any other
            network may be lost.
          </p>
        </>
      )}
    </Dialog>
  );
}
