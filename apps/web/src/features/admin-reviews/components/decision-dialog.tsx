import { assignCreditSchema, payoutSchema, TWO_FACTOR_MESSAGES as F } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { useMessage } from '@/i18n/use-message';
import { fieldErrors, isSecondFactorRefusal, type CallFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { useZodForm } from '@/lib/use-zod-form';
import { PasskeyCancelled } from '@/lib/webauthn';
import type { SecondFactors } from '../hooks/use-money-decision';
import styles from './reviews.module.css';

/** What a decision may ask besides the second factor: a hand-made payout's hash, whom to credit. */
const decisionSchema = payoutSchema.extend({ email: assignCreditSchema.shape.email.optional() });
export type DecisionBody = z.infer<typeof decisionSchema>;
export type AskedField = 'tx_hash' | 'email';

/** Each asked field: its label's key, its placeholder (an example, the same in every language). */
const ASKED: Record<AskedField, { label: string; placeholder: string; autoComplete: string }> = {
  tx_hash: { label: 'decision.txHash', placeholder: '0x…', autoComplete: 'off' },
  email: { label: 'decision.email', placeholder: 'name@example.com', autoComplete: 'off' },
};

export interface DecisionDialogProps {
  title: string;
  /** What the decision does, read with the title. */
  description: string;
  /** A field to fill first: the hash of a payout made by hand, the email of the user to credit. */
  ask?: AskedField | undefined;
  /** The admin's second factors: the app's code is asked for, or a passkey confirms. */
  factors: SecondFactors;
  submitLabel: string;
  onClose: () => void;
  /** Sends the decision; null when it was recorded (the dialog closes), else the refusal. */
  onSubmit: (body: DecisionBody) => Promise<CallFailure | null>;
}

/**
 * A decision that moves money (confirming a deposit, approving a withdrawal, reconciling a bank
 * statement, assigning a bank credit), stepped up as a user's withdrawal is: the field it needs
 * (a hand-made payout's hash, the credited user's email), the authenticator app's code
 * when the admin has one (or once the server asks for it), else a passkey when the admin has only
 * passkeys. Refusals show under their field; Cancel, Escape or × close it.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { title, description, ask, factors, submitLabel, onClose, onSubmit } = props;
  const { t } = useTranslation('admin-reviews');
  const message = useMessage();
  const passkey = usePasskeyStepUp();
  const [codeAsked, setCodeAsked] = useState(false);
  const showCode = factors.code || codeAsked;
  const withPasskey = factors.passkey && !showCode;
  const { register, handleSubmit, setError, setFocus, formState } = useZodForm(decisionSchema, {
    defaultValues: ask ? { [ask]: '' } : {},
  });
  // Asked for by the server, the code field appears under its message, to be typed in.
  useEffect(() => {
    if (codeAsked) setFocus('two_factor_code');
  }, [codeAsked, setFocus]);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    let passkey_response: Record<string, unknown> | undefined;
    if (withPasskey) {
      try {
        passkey_response = await passkey.confirm();
      } catch (error) {
        if (!(error instanceof PasskeyCancelled)) throw error;
        return setError('root', { message: error.message });
      }
    }
    const failure = await onSubmit({
      ...values,
      ...(passkey_response ? { passkey_response } : {}),
    });
    if (!failure) return onClose();
    const fields = fieldErrors(failure);
    if (ask && fields[ask]) setError(ask, { message: fields[ask] });
    if (!isSecondFactorRefusal(failure)) return;
    const message = failure.message ?? F.codeRequiredForAction;
    if (message === F.passkeyRequiredForAction) return setError('root', { message });
    setCodeAsked(true);
    setError('two_factor_code', { message });
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      focusInput
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {ask && (
          <Field
            {...ASKED[ask]}
            label={t(ASKED[ask].label)}
            error={errors[ask]?.message}
            {...register(ask)}
          />
        )}
        {showCode && (
          <TwoFactorField
            error={errors.two_factor_code?.message}
            {...register('two_factor_code')}
          />
        )}
        {withPasskey && <p className={styles.note}>{message(F.passkeyRequiredForAction)}.</p>}
        {errors.root?.message && (
          <p className={styles.error} role="alert">
            {errors.root.message}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('decision.cancel')}
          </Button>
          <Button
            type="submit"
            busy={isSubmitting || passkey.busy}
            disabled={isSubmitting || passkey.busy}
          >
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
