import type { ComponentProps } from 'react';
import { Field } from './field';

type CodeFieldProps = Omit<ComponentProps<typeof Field>, 'label' | 'inputMode' | 'maxLength'>;

/** The six-digit one-time code input of the verification screens; `trailing` holds its resend control. */
export function CodeField(props: CodeFieldProps) {
  return (
    <Field
      label="Verification Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      autoFocus
      {...props}
    />
  );
}
