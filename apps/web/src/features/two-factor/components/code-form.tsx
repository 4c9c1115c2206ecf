import { twoFactorFormSchema } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { isSecondFactorRefusal, toFailure, toastFailure } from '@/lib/api-error';
import { useZodForm } from '@/lib/use-zod-form';
import styles from './security-section.module.css';

interface CodeFormProps {
  submitLabel: string;
  busy: boolean;
  /** Resolves when the server took the code; a refusal of the code shows under the field. */
  onCode: (code: string) => Promise<unknown>;
  label?: string;
  children?: ReactNode;
}

/** One code field and its button: the confirmation of every security change. */
export function CodeForm({ submitLabel, busy, onCode, label, children }: CodeFormProps) {
  const { register, handleSubmit, setError, formState } = useZodForm(twoFactorFormSchema, {
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      const failure = toFailure(error);
      if (isSecondFactorRefusal(failure) && failure.message)
        return setError('code', { message: failure.message });
      toastFailure(error, 'Something went wrong');
    }
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {children}
      <TwoFactorField
        autoFocus
        {...(label ? { label } : {})}
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" block busy={busy} disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
