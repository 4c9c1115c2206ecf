import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';
import styles from './password-field.module.css';

type PasswordFieldProps = Omit<ComponentProps<typeof Field>, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('ui.hidePassword') : t('ui.showPassword')}
          aria-pressed={shown}
        >
          {shown ? t('ui.hide') : t('ui.show')}
        </button>
      }
    />
  );
}
