import { bankAccountRequestSchema, MAX_BANK_ACCOUNTS } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Adds a bank account in the user's own name; an admin verifies it before it can be used. */
export function BankAccountForm({ identityName }: { identityName: string }) {
  const { t } = useTranslation('rupees');
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
      toast.success(t('accounts.added'));
      setValues(EMPTY);
    } catch (error) {
      setErrors(failedFields(error, t('accounts.addFailed')));
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('accounts.add')}>
      <p className={styles.note}>
        {t('accounts.ownName', {
          name: identityName || t('accounts.asOnIdentity'),
          max: MAX_BANK_ACCOUNTS,
        })}
      </p>
      <Field
        label={t('accounts.holderName')}
        autoComplete="name"
        value={values.holder_name}
        onChange={set('holder_name')}
        error={errors.holder_name}
      />
      <Field
        label={t('accounts.number')}
        inputMode="numeric"
        autoComplete="off"
        value={values.account_number}
        onChange={set('account_number')}
        error={errors.account_number}
      />
      <Field
        label={t('accounts.confirmNumber')}
        inputMode="numeric"
        autoComplete="off"
        value={values.confirm_account_number}
        onChange={set('confirm_account_number')}
        error={errors.confirm_account_number}
      />
      <Field
        label="IFSC"
        placeholder={t('accounts.ifscPlaceholder')}
        autoComplete="off"
        value={values.ifsc}
        onChange={set('ifsc')}
        error={errors.ifsc}
      />
      <Field
        label={t('accounts.upi')}
        placeholder={t('accounts.upiPlaceholder')}
        autoComplete="off"
        value={values.upi_id}
        onChange={set('upi_id')}
        error={errors.upi_id}
      />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('accounts.adding') : t('accounts.add')}
      </Button>
    </form>
  );
}
