import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

type CodeFieldProps = Omit<ComponentProps<typeof Field>, 'label' | 'inputMode' | 'maxLength'>;

/**
 * The six-digit one-time code input of the verification screens; `trailing` holds its resend
 * control. No `maxLength`: a code pasted with a space around it would lose a digit; the schema
 * drops the spaces.
 */
export function CodeField(props: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('ui.verificationCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus
      {...props}
    />
  );
}
