import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

type TwoFactorFieldProps = Omit<ComponentProps<typeof Field>, 'label' | 'maxLength'> & {
  label?: string;
};

/** A code from the authenticator app (6 digits) or a recovery code (`abcde-fghij`). */
export function TwoFactorField({ label, ...props }: TwoFactorFieldProps) {
  const { t } = useTranslation('common');
  return (
    <Field
      label={label ?? t('ui.authenticatorCode')}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={16}
      placeholder="123456"
      {...props}
    />
  );
}
