import type { Network } from '@exchange/contracts';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DEFAULT_DEPOSIT_NETWORK } from '../networks';
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
 * form and the networks warning. Shared by the trading screen and the wallet screens.
 */
export function DepositDialog({ open, onOpenChange, token }: DepositDialogProps) {
  const [network, setNetwork] = useState<Network>(DEFAULT_DEPOSIT_NETWORK);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Deposit Funds (${token.short_name})`}
      size="wide"
    >
      <div className={styles.layout}>
        {open && <DepositAddress network={network} />}
        <DepositForm
          tokenId={token.id}
          onNetworkChange={setNetwork}
          onDeposited={() => onOpenChange(false)}
        />
      </div>
      <p className={styles.warning} role="note">
        Only deposit {token.short_name} over Ethereum (ETH), Binance Smart Chain (BSC) or Polygon.
        Deposits sent over any other network may be lost.
      </p>
    </Dialog>
  );
}
