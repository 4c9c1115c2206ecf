import type { Network } from '@exchange/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useGetDepositAddressQuery } from '../api/deposit-api';
import styles from './deposit-dialog.module.css';

/** Spec section 9: the address's QR code uses error correction level H at 200 px. */
const QR_SIZE = 200;

/** Puts the address on the clipboard (a secure origin's browser allows it), or says how else. */
async function copyAddress(address: string) {
  try {
    await navigator.clipboard.writeText(address);
    toast.success('Deposit address copied');
  } catch {
    toast.error('Could not copy: select the address and copy it');
  }
}

/** The user's deposit address on a network, as a QR code, as text and a Copy button. */
export function DepositAddress({ network }: { network: Network }) {
  const { data, isFetching, isError, refetch } = useGetDepositAddressQuery(network);
  if (isError) {
    return (
      <div className={styles.address}>
        <p className={styles.muted} role="alert">
          The deposit address could not be loaded.
        </p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!data || isFetching) {
    return (
      <div className={styles.address} role="status">
        <div className={styles.qrPlaceholder}>Generating QR code...</div>
      </div>
    );
  }
  return (
    <div className={styles.address}>
      <div className={styles.qr}>
        <QRCodeSVG
          value={data.address}
          level="H"
          size={QR_SIZE}
          marginSize={2}
          title="Deposit address QR code"
        />
      </div>
      <p className={styles.addressLabel}>Deposit address</p>
      <code className={styles.addressText} data-testid="deposit-address">
        {data.address}
      </code>
      <Button variant="secondary" onClick={() => void copyAddress(data.address)}>
        Copy address
      </Button>
    </div>
  );
}
