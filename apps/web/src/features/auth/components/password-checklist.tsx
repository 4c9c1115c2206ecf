import { PASSWORD_RULE } from '@exchange/contracts';
import styles from './password-checklist.module.css';

/** Decision D1: the live checklist reads the same rule the validator and the server use. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className={styles.list} aria-label="Password requirements">
      {PASSWORD_RULE.checks.map((check) => {
        const met = password.length > 0 && check.test(password);
        return (
          <li key={check.id} className={met ? styles.met : styles.unmet} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {check.label}
          </li>
        );
      })}
    </ul>
  );
}
