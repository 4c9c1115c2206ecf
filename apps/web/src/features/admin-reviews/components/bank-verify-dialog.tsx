import { ACCEPTED_IMAGE_TYPES, type AdminBankAccount } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastFailure } from '@/lib/api-error';
import { useUploadFilesMutation } from '@/lib/files-api';
import { toast } from '@/lib/toast';
import { useVerifyBankAccountMutation } from '../api/rupees-api';
import styles from './reviews.module.css';
import rupeeStyles from './rupees.module.css';

/**
 * Verifying a user's bank account: what is being vouched for (the holder's name the bank returned
 * beside the identity's), with an optional proof kept beside the decision (a cancelled cheque or the bank's
 * statement, as an image). The image goes up first; the account is verified with its id.
 */
export function BankVerifyDialog({
  account,
  onClose,
}: {
  account: AdminBankAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-reviews');
  const [upload, { isLoading: uploading }] = useUploadFilesMutation();
  const [verify, { isLoading: verifying }] = useVerifyBankAccountMutation();
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const busy = uploading || verifying;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const stored = proof ? (await upload([proof]).unwrap()).data.files[0] : undefined;
      await verify({ id: account._id, proof_file_id: stored?.id }).unwrap();
      toast.success(t('verify.verified', { bank: account.bank, account: account.account_number }));
      onClose();
    } catch (failure) {
      const failed = t('verify.failed');
      setError(toastFailure(failure, failed, failed).message ?? failed);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('verify.title')}
      description={t('verify.description', {
        bank: account.bank,
        account: account.account_number,
        ifsc: account.ifsc,
        email: account.user.email,
        holder: account.bank_name ?? account.holder_name,
        identity: account.identity_name,
        reference: account.validation_ref ?? '',
      })}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <label className={rupeeStyles.fileLabel}>
          {t('verify.proof')}
          <input
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            onChange={(e) => setProof(e.target.files?.[0] ?? null)}
          />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('verify.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={busy}>
            {t('verify.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
