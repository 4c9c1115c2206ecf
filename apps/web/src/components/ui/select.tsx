import * as RadixSelect from '@radix-ui/react-select';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './select.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value: string | undefined;
  onValueChange: (value: string) => void;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  name?: string;
  /** Hide the label visually (it still names the control). */
  hideLabel?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A labelled select over Radix (listbox roles, arrow keys and type-ahead, Escape closes) with
 * its validation message. An empty list says "No options" (spec section 2).
 */
export function Select({
  label,
  options,
  value,
  onValueChange,
  placeholder,
  error,
  disabled,
  name,
  hideLabel = false,
  ref,
}: SelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label id={`${id}-label`} htmlFor={id} className={hideLabel ? 'sr-only' : styles.label}>
        {label}
      </label>
      <RadixSelect.Root
        value={value ?? ''}
        onValueChange={onValueChange}
        disabled={disabled}
        {...(name ? { name } : {})}
      >
        <RadixSelect.Trigger
          ref={ref}
          id={id}
          className={error ? `${styles.trigger} ${styles.invalid}` : styles.trigger}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <RadixSelect.Value placeholder={placeholder ?? t('ui.select')} />
          <RadixSelect.Icon className={styles.icon}>▾</RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
            <RadixSelect.Viewport className={styles.viewport}>
              {options.length === 0 ? (
                <div className={styles.empty}>{t('ui.noOptions')}</div>
              ) : (
                options.map((option) => (
                  <RadixSelect.Item key={option.value} value={option.value} className={styles.item}>
                    <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  </RadixSelect.Item>
                ))
              )}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
