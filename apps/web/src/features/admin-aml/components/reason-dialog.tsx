import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCaseActionMutation, type CaseAction } from '../api/admin-aml';
import styles from './admin-aml.module.css';
import { TextArea } from './text-area';

export interface ReasonAsk {
  action: CaseAction;
  /** The account a pause or resume is about. */
  user?: { _id: string; email: string };
}

/**
 * Asks why before a case action (a note, an escalation, a close, a pause or resume of an account's
 * withdrawals); the case's history and the audit log keep it.
 */
export function ReasonDialog({
  caseId,
  ask,
  onClose,
}: {
  caseId: string;
  ask: ReasonAsk;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-aml');
  const [send, { isLoading }] = useCaseActionMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const { action, user } = ask;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(t(action === 'notes' ? 'ask.noteRequired' : 'ask.required'));
    try {
      await send({
        id: caseId,
        action,
        text: text.trim(),
        userId: user?._id,
      }).unwrap();
      toast.success(t(`ask.${action}.done`));
      onClose();
    } catch (failure) {
      const errors = fieldErrors(toastFailure(failure, t('ask.failed')));
      setError(errors.reason ?? errors.note);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t(`ask.${action}.title`, { email: user?.email ?? '' })}
      description={t(`ask.${action}.description`)}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextArea
          label={t(action === 'notes' ? 'ask.note' : 'ask.reason')}
          value={text}
          onChange={setText}
          error={error}
          maxLength={1000}
        />
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {t(`ask.${action}.submit`)}
        </Button>
      </form>
    </Dialog>
  );
}
