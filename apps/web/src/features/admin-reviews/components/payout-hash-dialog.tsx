import { manualPayoutSchema } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import styles from './reviews.module.css';

interface PayoutHashDialogProps {
  onClose: () => void;
  onApprove: (txHash: string) => Promise<boolean>;
}

/** The last approval of a payout made outside the exchange: its transaction hash. */
export function PayoutHashDialog({ onClose, onApprove }: PayoutHashDialogProps) {
  const { register, handleSubmit, formState } = useForm<{ tx_hash: string }>({
    resolver: zodResolver(manualPayoutSchema),
    defaultValues: { tx_hash: '' },
  });
  const submit = handleSubmit(async ({ tx_hash }) => {
    if (await onApprove(tx_hash)) onClose();
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Approve withdrawal"
      description="Pay it out from the exchange's wallet, then enter the payout's transaction hash."
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <Field
          label="Payout transaction hash"
          placeholder="0x…"
          error={formState.errors.tx_hash?.message}
          {...register('tx_hash')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={formState.isSubmitting} disabled={formState.isSubmitting}>
            Approve
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
