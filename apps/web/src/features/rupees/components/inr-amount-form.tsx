import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { issuesByField } from './rupee-errors';
import styles from './rupees.module.css';
import { useDefaultAccount, VerifiedAccountSelect } from './verified-account-select';

/**
 * The state of a rupee form (deposit claim, withdrawal): its verified bank account, its amount
 * and the messages shown on its fields.
 */
export function useInrForm() {
  const [amount, setAmount] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const account = useDefaultAccount(picked);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Whether `schema` accepts `body`; its issues, or none, show on the fields. */
  const accepts = (schema: z.ZodType, body: unknown) => {
    const parsed = schema.safeParse(body);
    setErrors(parsed.success ? {} : issuesByField(parsed.error.issues));
    return parsed.success;
  };
  return { amount, setAmount, account, setPicked, errors, setErrors, accepts };
}

export type InrForm = ReturnType<typeof useInrForm>;

interface Props {
  form: InrForm;
  /** The form's name for assistive technology. */
  label: string;
  accountLabel: string;
  amountHint?: ReactNode;
  submitLabel: string;
  /** A send under way: the button says so. */
  sending: boolean;
  /** Something else under way (a passkey's confirmation): the button waits. */
  waiting?: boolean;
  onSubmit: (event: FormEvent) => void;
  /** The fields between the amount and the button. */
  children?: ReactNode;
}

/** A rupee form: the verified bank account, the amount in rupees, the form's own fields, send. */
export function InrAmountForm({
  form,
  label,
  accountLabel,
  amountHint,
  submitLabel,
  sending,
  waiting = false,
  onSubmit,
  children,
}: Props) {
  const { t } = useTranslation('rupees');
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
      <VerifiedAccountSelect
        label={accountLabel}
        value={form.account}
        onChange={form.setPicked}
        error={form.errors.bank_account_id}
      />
      <Field
        label={t('amountInr')}
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onChange={(e) => form.setAmount(e.target.value)}
        error={form.errors.amount}
        hint={amountHint}
      />
      {children}
      <Button type="submit" disabled={sending || waiting || !form.account}>
        {sending ? t('sending') : submitLabel}
      </Button>
    </form>
  );
}
