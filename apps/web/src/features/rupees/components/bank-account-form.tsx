import { bankAccountRequestSchema, MAX_BANK_ACCOUNTS } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { useAddBankAccountMutation } from '../api/rupees-api';
import { failedFields, issuesByField } from './rupee-errors';
import styles from './rupees.module.css';

const EMPTY = {
  holder_name: '',
  account_number: '',
  confirm_account_number: '',
  ifsc: '',
  upi_id: '',
};
type Values = typeof EMPTY;
const ADD_FAILED = 'The bank account could not be added. Please try again.';

/** Adds a bank account in the user's own name; an admin verifies it before it can be used. */
export function BankAccountForm({ identityName }: { identityName: string }) {
  const [add, { isLoading }] = useAddBankAccountMutation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = bankAccountRequestSchema.safeParse(values);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    try {
      await add(values).unwrap();
      toast.success('Bank account added: it can be used once verified');
      setValues(EMPTY);
    } catch (error) {
      setErrors(failedFields(error, ADD_FAILED));
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Add bank account">
      <p className={styles.note}>
        The account must be in your own name ({identityName || 'as on your verified identity'}).
        Money comes in only from, and goes out only to, your verified accounts. At most{' '}
        {MAX_BANK_ACCOUNTS} accounts.
      </p>
      <Field
        label="Account holder name"
        autoComplete="name"
        value={values.holder_name}
        onChange={set('holder_name')}
        error={errors.holder_name}
      />
      <Field
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        value={values.account_number}
        onChange={set('account_number')}
        error={errors.account_number}
      />
      <Field
        label="Confirm account number"
        inputMode="numeric"
        autoComplete="off"
        value={values.confirm_account_number}
        onChange={set('confirm_account_number')}
        error={errors.confirm_account_number}
      />
      <Field
        label="IFSC"
        placeholder="e.g. HDFC0001234"
        autoComplete="off"
        value={values.ifsc}
        onChange={set('ifsc')}
        error={errors.ifsc}
      />
      <Field
        label="UPI ID (optional)"
        placeholder="e.g. name@okhdfcbank"
        autoComplete="off"
        value={values.upi_id}
        onChange={set('upi_id')}
        error={errors.upi_id}
      />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Adding...' : 'Add bank account'}
      </Button>
    </form>
  );
}
