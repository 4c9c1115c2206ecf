import { reviewRejectSchema } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import styles from './reviews.module.css';

interface ReasonDialogProps {
  title: string;
  onClose: () => void;
  /** Sends the rejection; true when it was recorded. */
  onReject: (reason: string) => Promise<boolean>;
}

/** Rejecting with the reason the user will see. */
export function ReasonDialog({ title, onClose, onReject }: ReasonDialogProps) {
  const { register, handleSubmit, formState } = useForm<{ reason: string }>({
    resolver: zodResolver(reviewRejectSchema),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async ({ reason }) => {
    if (await onReject(reason)) onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <Field
          label="Reason (the user sees it)"
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={formState.isSubmitting} disabled={formState.isSubmitting}>
            Reject
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
