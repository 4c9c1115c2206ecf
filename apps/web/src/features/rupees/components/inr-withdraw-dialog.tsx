import { inrWithdrawRequestSchema } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { WithdrawalHoldNotice } from '@/components/ui/withdrawal-hold-notice';
import { groupThousands } from '@/lib/amount';
import { isSecondFactorRefusal, toFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { PasskeyCancelled } from '@/lib/webauthn';
import { useWithdrawInrMutation } from '../api/rupees-api';
import { failedFields, issuesByField } from './rupee-errors';
import styles from './rupees.module.css';
import { useDefaultAccount, VerifiedAccountSelect } from './verified-account-select';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The funding wallet's free rupees. */
  available: string;
  askCode: boolean;
  askPasskey: boolean;
  heldUntil: string | null;
}

const WITHDRAW_FAILED = 'The withdrawal could not be requested. Please try again.';

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
}: Props) {
  const [withdraw, { isLoading }] = useWithdrawInrMutation();
  const passkey = usePasskeyStepUp();
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState(false);
  const [picked, setPicked] = useState<string | undefined>();
  const account = useDefaultAccount(picked);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const showCode = askCode || codeAsked;
  const held = heldUntil !== null && new Date(heldUntil) > new Date();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      bank_account_id: account ?? '',
      amount,
      ...(showCode && code.trim() ? { two_factor_code: code.trim() } : {}),
    };
    const parsed = inrWithdrawRequestSchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    try {
      const passkey_response = askPasskey && !showCode ? await passkey.confirm() : undefined;
      await withdraw({ ...body, ...(passkey_response ? { passkey_response } : {}) }).unwrap();
      toast.success('Withdrawal requested: see it in Withdraw History');
      setAmount('');
      setCode('');
      onOpenChange(false);
    } catch (error) {
      if (error instanceof PasskeyCancelled) return void toast.error(error.message);
      if (isSecondFactorRefusal(toFailure(error))) setCodeAsked(true);
      setErrors(failedFields(error, WITHDRAW_FAILED));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Withdraw INR">
      {held ? (
        <WithdrawalHoldNotice heldUntil={heldUntil} />
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Withdraw INR">
          <VerifiedAccountSelect
            label="To bank account"
            value={account}
            onChange={setPicked}
            error={errors.bank_account_id}
          />
          <Field
            label="Amount (INR)"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
            hint={<p className={styles.note}>Available: ₹{groupThousands(available)}</p>}
          />
          {showCode && (
            <TwoFactorField
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errors.two_factor_code}
            />
          )}
          <Button type="submit" disabled={isLoading || passkey.busy || !account}>
            {isLoading ? 'Sending...' : 'Withdraw'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
