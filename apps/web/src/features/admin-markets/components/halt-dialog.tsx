import type { AdminPair } from '@exchange/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useSetPairStatusMutation } from '../api/admin-markets';
import styles from './admin-markets.module.css';

/** Halting stops every user's new orders on a pair at once: the admin says so twice. */
export function HaltDialog({ pair, onClose }: { pair: AdminPair; onClose: () => void }) {
  const [setStatus, { isLoading }] = useSetPairStatusMutation();
  const onHalt = async () => {
    try {
      const result = await setStatus({ symbol: pair.symbol, halt: true }).unwrap();
      toast.success(result.message);
      onClose();
    } catch (error) {
      toastFailure(error, 'The pair could not be changed. Please try again.');
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Halt ${pair.symbol}?`}
      description={`New orders on ${pair.symbol} are refused until it is resumed; its ${pair.open_orders} open orders stay on the book.`}
    >
      <div className={styles.row}>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button busy={isLoading} disabled={isLoading} onClick={() => void onHalt()}>
          Halt trading
        </Button>
      </div>
    </Dialog>
  );
}
