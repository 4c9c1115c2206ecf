import { inrWithdrawRequestSchema } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { WithdrawalHoldNotice } from '@/components/ui/withdrawal-hold-notice';
import { WithdrawalPauseNotice } from '@/components/ui/withdrawal-pause-notice';
import { isSecondFactorRefusal, toFailure } from '@/lib/api-error';
import { formatInr } from '@/lib/format';
import { useSubmissionKey } from '@/lib/idempotency';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { PasskeyCancelled } from '@/lib/webauthn';
import { useGetInrWithdrawLimitsQuery, useWithdrawInrMutation } from '../api/rupees-api';
import { overWithdrawable } from '../inr-withdraw-check';
import { InrAmountForm, useInrForm } from './inr-amount-form';
import { InrWithdrawFacts } from './inr-withdraw-facts';
import { failedFields } from './rupee-errors';
import styles from './rupees.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The funding wallet's free rupees. */
  available: string;
  askCode: boolean;
  askPasskey: boolean;
  heldUntil: string | null;
  /** An admin paused the account's withdrawals while it is reviewed. */
  paused?: boolean;
}

/**
 * Rupees out to one of the user's verified bank accounts: held at once, paid by the bank after
 * the admins approve it; Withdraw History shows each state.
 */
export function InrWithdrawDialog({
  open,
  onOpenChange,
  available,
  askCode,
  askPasskey,
  heldUntil,
  paused = false,
}: Props) {
  const { t } = useTranslation('rupees');
  const [withdraw, { isLoading }] = useWithdrawInrMutation();
  const limits = useGetInrWithdrawLimitsQuery(undefined, { skip: !open });
  const submission = useSubmissionKey();
  const passkey = usePasskeyStepUp();
  const form = useInrForm();
  const { amount, account, errors } = form;
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState(false);
  const showCode = askCode || codeAsked;
  const held = heldUntil !== null && new Date(heldUntil) > new Date();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      bank_account_id: account ?? '',
      amount,
      ...(showCode && code.trim() ? { two_factor_code: code.trim() } : {}),
    };
    if (!form.accepts(inrWithdrawRequestSchema, body)) return;
    // Known before sending (W4-15): said beside the amount, not as a refusal's toast.
    const over = overWithdrawable(amount, available, limits.data?.left);
    if (over) {
      const max = over === 'balance' ? available : (limits.data?.left ?? '0');
      const key = over === 'balance' ? 'withdraw.overBalance' : 'withdraw.overLimit';
      return form.setErrors({ amount: t(key, { amount: formatInr(max) }) });
    }
    try {
      const passkey_response = askPasskey && !showCode ? await passkey.confirm() : undefined;
      // The key names what is asked, not the proof (a new code or signature on every try).
      const key = submission.keyFor({ bank_account_id: body.bank_account_id, amount });
      await withdraw({
        body: { ...body, ...(passkey_response ? { passkey_response } : {}) },
        key,
      }).unwrap();
      submission.succeeded();
      toast.success(t('withdraw.requested'));
      form.setAmount('');
      setCode('');
      onOpenChange(false);
    } catch (error) {
      if (error instanceof PasskeyCancelled) return void toast.error(error.message);
      if (isSecondFactorRefusal(toFailure(error))) setCodeAsked(true);
      form.setErrors(failedFields(error, t('withdraw.failed')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('withdraw.title')}>
      {paused ? (
        <WithdrawalPauseNotice />
      ) : held ? (
        <WithdrawalHoldNotice heldUntil={heldUntil} />
      ) : (
        <InrAmountForm
          form={form}
          label={t('withdraw.title')}
          accountLabel={t('withdraw.to')}
          amountHint={
            <p className={styles.note}>
              {t('withdraw.available', { amount: formatInr(available) })}
            </p>
          }
          submitLabel={t('withdraw.submit')}
          sending={isLoading}
          waiting={passkey.busy}
          onSubmit={onSubmit}
        >
          <InrWithdrawFacts limits={limits.data} />
          {showCode && (
            <TwoFactorField
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errors.two_factor_code}
            />
          )}
        </InrAmountForm>
      )}
    </Dialog>
  );
}
