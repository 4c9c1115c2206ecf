import type { Network } from '@exchange/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { i18n } from '@/i18n/i18n';
import { toast } from '@/lib/toast';
import { useGetDepositAddressQuery } from '../api/deposit-api';
import styles from './deposit-dialog.module.css';

/** Spec section 9: the address's QR code uses error correction level H at 200 px. */
const QR_SIZE = 200;

/** Puts the address on the clipboard (a secure origin's browser allows it), or says how else. */
async function copyAddress(address: string) {
  try {
    await navigator.clipboard.writeText(address);
    toast.success(i18n.t('deposits:address.copied'));
  } catch {
    toast.error(i18n.t('deposits:address.copyFailed'));
  }
}

/** The user's deposit address on a network, as a QR code, as text and a Copy button. */
export function DepositAddress({ network }: { network: Network }) {
  const { t } = useTranslation('deposits');
  const { data, isFetching, isError, refetch } = useGetDepositAddressQuery(network);
  if (isError) {
    return (
      <div className={styles.address}>
        <p className={styles.muted} role="alert">
          {t('address.loadFailed')}
        </p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          {t('address.retry')}
        </button>
      </div>
    );
  }
  if (!data || isFetching) {
    return (
      <div className={styles.address} role="status">
        <div className={styles.qrPlaceholder}>{t('address.generating')}</div>
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
          title={t('address.qrTitle')}
        />
      </div>
      <p className={styles.addressLabel}>{t('address.label')}</p>
      <code className={styles.addressText} data-testid="deposit-address">
        {data.address}
      </code>
      <Button variant="secondary" onClick={() => void copyAddress(data.address)}>
        {t('address.copy')}
      </Button>
    </div>
  );
}
