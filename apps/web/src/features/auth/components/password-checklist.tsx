import { PASSWORD_RULE } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useMessage } from '@/i18n/use-message';
import styles from './password-checklist.module.css';

/** Decision D1: the live checklist reads the same rule the validator and the server use. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  return (
    <ul className={styles.list} aria-label={t('password.requirements')}>
      {PASSWORD_RULE.checks.map((check) => {
        const met = password.length > 0 && check.test(password);
        return (
          <li key={check.id} className={met ? styles.met : styles.unmet} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {message(check.label)}
          </li>
        );
      })}
    </ul>
  );
}
