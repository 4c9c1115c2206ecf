import { accountLockSchema, type AdminUserDetail } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useSetUserLockMutation } from '../api/admin-users';
import styles from './admin-users.module.css';

/** Locks or unlocks an account, with the reason the audit log keeps. */
export function LockDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const { t } = useTranslation('admin-users');
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
      setError(fieldErrors(toastFailure(failure, t('lock.failed'))).reason);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t(lock ? 'lock.lockTitle' : 'lock.unlockTitle', { email: user.email })}
      focusInput
      description={lock ? t('lock.lockDescription') : t('lock.unlockDescription')}
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={lock ? t('lock.lockAccount') : t('lock.unlockAccount')}
      >
        <Field
          label={t('lock.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          maxLength={500}
        />
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {lock ? t('lock.lockAccount') : t('lock.unlockAccount')}
        </Button>
      </form>
    </Dialog>
  );
}
