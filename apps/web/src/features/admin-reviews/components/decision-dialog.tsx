import { payoutSchema, TWO_FACTOR_MESSAGES as F, type PayoutRequest } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { fieldErrors, isSecondFactorRefusal, type CallFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { useZodForm } from '@/lib/use-zod-form';
import { PasskeyCancelled } from '@/lib/webauthn';
import type { SecondFactors } from '../hooks/use-money-decision';
import styles from './reviews.module.css';

export interface DecisionDialogProps {
  title: string;
  /** What the decision does, read with the title. */
  description: string;
  /** The last approval of a payout made by hand: its transaction hash. */
  askHash: boolean;
  /** The admin's second factors: the app's code is asked for, or a passkey confirms. */
  factors: SecondFactors;
  submitLabel: string;
  onClose: () => void;
  /** Sends the decision; null when it was recorded (the dialog closes), else the refusal. */
  onSubmit: (body: PayoutRequest) => Promise<CallFailure | null>;
}

/**
 * A decision that moves money (confirming a deposit, approving a withdrawal), stepped up as a
 * user's withdrawal is: the payout's hash when it was paid by hand, the authenticator app's code
 * when the admin has one (or once the server asks for it), else a passkey when the admin has only
 * passkeys. Refusals show under their field; Cancel, Escape or × close it.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { title, description, askHash, factors, submitLabel, onClose, onSubmit } = props;
  const passkey = usePasskeyStepUp();
  const [codeAsked, setCodeAsked] = useState(false);
  const showCode = factors.code || codeAsked;
  const withPasskey = factors.passkey && !showCode;
  const { register, handleSubmit, setError, setFocus, formState } = useZodForm(payoutSchema, {
    defaultValues: askHash ? { tx_hash: '' } : {},
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
    if (fields.tx_hash) setError('tx_hash', { message: fields.tx_hash });
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
        {askHash && (
          <Field
            label="Payout transaction hash"
            placeholder="0x…"
            autoComplete="off"
            error={errors.tx_hash?.message}
            {...register('tx_hash')}
          />
        )}
        {showCode && (
          <TwoFactorField
            error={errors.two_factor_code?.message}
            {...register('two_factor_code')}
          />
        )}
        {withPasskey && <p className={styles.note}>{F.passkeyRequiredForAction}.</p>}
        {errors.root?.message && (
          <p className={styles.error} role="alert">
            {errors.root.message}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
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
