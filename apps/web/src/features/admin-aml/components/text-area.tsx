import { useId } from 'react';
import field from '@/components/ui/field.module.css';
import { useMessage } from '@/i18n/use-message';
import styles from './admin-aml.module.css';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  maxLength: number;
}

/** A labelled multi-line text with its validation message, linked for screen readers. */
export function TextArea({ label, value, onChange, error, maxLength }: Props) {
  const message = useMessage();
  const id = useId();
  return (
    <div className={field.field}>
      <label className={field.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={field.error} role="alert">
          {message(error)}
        </p>
      )}
    </div>
  );
}
