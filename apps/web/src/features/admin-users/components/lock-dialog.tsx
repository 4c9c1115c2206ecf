import { accountLockSchema, type AdminUserDetail } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useSetUserLockMutation } from '../api/admin-users';
import styles from './admin-users.module.css';

/** Locks or unlocks an account, with the reason the audit log keeps. */
export function LockDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const lock = !user.locked;
  const [send, { isLoading }] = useSetUserLockMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountLockSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      const result = await send({ id: user._id, lock, reason: parsed.data.reason }).unwrap();
      toast.success(result.message);
      onClose();
    } catch (failure) {
      setError(fieldErrors(toastFailure(failure, 'The account could not be changed.')).reason);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`${lock ? 'Lock' : 'Unlock'} ${user.email}`}
      focusInput
      description={
        lock
          ? 'The account is signed out at once and cannot sign in, trade or withdraw; its open orders are cancelled.'
          : 'The account may sign in, trade and withdraw again.'
      }
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={lock ? 'Lock account' : 'Unlock account'}
      >
        <Field
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          maxLength={500}
        />
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {lock ? 'Lock account' : 'Unlock account'}
        </Button>
      </form>
    </Dialog>
  );
}
