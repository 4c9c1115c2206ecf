import type { AdminPair } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useSetPairStatusMutation } from '../api/admin-markets';
import styles from './admin-markets.module.css';

/** Halting stops every user's new orders on a pair at once: the admin says so twice. */
export function HaltDialog({ pair, onClose }: { pair: AdminPair; onClose: () => void }) {
  const { t } = useTranslation('admin-markets');
  const [setStatus, { isLoading }] = useSetPairStatusMutation();
  const onHalt = async () => {
    try {
      const result = await setStatus({ symbol: pair.symbol, halt: true }).unwrap();
      toast.success(result.message);
      onClose();
    } catch (error) {
      toastFailure(error, t('view.changeFailed'));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('halt.title', { symbol: pair.symbol })}
      description={t('halt.description', { symbol: pair.symbol, count: pair.open_orders })}
    >
      <div className={styles.row}>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          {t('halt.cancel')}
        </Button>
        <Button busy={isLoading} disabled={isLoading} onClick={() => void onHalt()}>
          {t('halt.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
