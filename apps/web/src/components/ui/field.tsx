import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useMessage } from '@/i18n/use-message';
import styles from './field.module.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  /** Controls drawn inside the input's box on the right (show/hide, Resend). */
  trailing?: ReactNode;
  /** Content under the input (a checklist). */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message, linked for screen readers. */
export function Field({ label, error, trailing, hint, id, ref, ...input }: FieldProps) {
  const message = useMessage();
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={error ? `${styles.box} ${styles.invalid}` : styles.box}>
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {hint}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {message(error)}
        </p>
      )}
    </div>
  );
}
